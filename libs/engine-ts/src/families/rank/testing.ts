/** Test support of the rank family (never imported by production code): random elections. */
import { Prng } from '../../prng';
import { canonicalRank } from './canonical';
import type { RankProblem } from './problem';

/** votes random pairs; the lower index wins with probability 1 − noise. */
export function election(seed: number, n: number, votes: number, noise: number): RankProblem {
  const rng = new Prng(seed);
  const out: [number, number][] = [];
  for (let k = 0; k < votes && n > 1; k++) {
    const a = rng.nextInt(n);
    let b = rng.nextInt(n - 1);
    if (b >= a) b++;
    const [w, l] = a < b ? [a, b] : [b, a];
    out.push(rng.nextFloat() < noise ? [l, w] : [w, l]);
  }
  return canonicalRank(n, out);
}
