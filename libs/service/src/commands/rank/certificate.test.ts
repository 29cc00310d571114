import { describe, expect, it } from 'vitest';
import { checkCertificate } from '@svc/certificates';
import { nativeOrFail } from '@svc/engine-native/testing';
import { TAG } from '../../../test/adapters';
import { lcg } from '../../../test/brute-force';
import { certificateEngines, expectAccepted, resultDocument, solveWith } from '../../../test/certificates';

const DESCRIPTION = 'Order the proposals from the pairwise votes of the team.';

/** Random votes: n items, `votes` votes, the lower index winning with probability 1 − noise. */
function election(n: number, seed: number, votes: number, noise: number): { items: string[]; comparisons: [string, string][] } {
  const r = lcg(seed);
  const items = Array.from({ length: n }, (_, i) => `i${i}`);
  const comparisons: [string, string][] = [];
  for (let t = 0; t < votes && n > 1; t++) {
    const a = Math.floor(r() * n);
    const b = (a + 1 + Math.floor(r() * (n - 1))) % n;
    const [hi, lo] = a < b ? [a, b] : [b, a];
    comparisons.push(r() < noise ? [items[lo], items[hi]] : [items[hi], items[lo]]);
  }
  return { items, comparisons };
}

/** Fewest contradicted votes over every order (n ≤ 8), from the names. */
function bruteRank(b: ReturnType<typeof election>): number {
  const perm = [...b.items];
  let best = Infinity;
  const rec = (k: number): void => {
    if (k === perm.length) {
      const place = new Map(perm.map((name, i) => [name, i]));
      let d = 0;
      for (const [w, l] of b.comparisons) if (place.get(l)! < place.get(w)!) d++;
      best = Math.min(best, d);
      return;
    }
    for (let i = k; i < perm.length; i++) {
      [perm[k], perm[i]] = [perm[i], perm[k]];
      rec(k + 1);
      [perm[k], perm[i]] = [perm[i], perm[k]];
    }
  };
  rec(0);
  return best;
}

describe('rank certificates (cycle_packing, tree), on each engine, accepted by @svc/certificates', () => {
  nativeOrFail('rank certificates on the native engine');

  it('survey', async () => {
    for (const engine of certificateEngines()) {
      const seen: Record<string, number> = {};
      for (let s = 0; s < 60; s++) {
        const n = 3 + (s % 6);
        const b = election(n, s, 3 * n, 0.4);
        const sol = await solveWith(DESCRIPTION, engine, 'rank', b, { seed: s });
        const c = sol.done.certificate!;
        const key = 'omitted' in c ? c.omitted.replace(/\d+/g, '#') : 'cert';
        seen[key] = (seen[key] ?? 0) + 1;
        if ('certificate' in c) expectAccepted('rank', DESCRIPTION, b, sol, `seed ${s}`);
      }
      console.log(engine, seen);
    }
  }, 180_000);
});
