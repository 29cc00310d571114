/** The behaviour dump's instances of rank (testing/dump-instances.ts). */
import type { DumpInstances } from '../../testing/dump-instances';
import { lcg } from '../../testing/lcg';
import { canonicalRank } from './canonical';

/** `count` votes [winner, loser] over n items, 65% of them for the lower index. */
function votes(seed: number, n: number, count: number): [number, number][] {
  const r = lcg(seed);
  return Array.from({ length: count }, () => {
    const a = Math.floor(r() * n);
    const b = (a + 1 + Math.floor(r() * (n - 1))) % n;
    return r() < 0.65 === a < b ? [a, b] : [b, a];
  });
}

export const DUMP_INSTANCES: DumpInstances = {
  rank: () => [canonicalRank(8, votes(170, 8, 60)), canonicalRank(20, votes(171, 20, 400)), canonicalRank(40, votes(172, 40, 1500))],
};
