/** The canonical `rank` problem (problem.ts) from item names and [winner, loser] votes. */
import type { RankProblem } from './problem';

/**
 * `n` items, votes as index pairs [winner, loser] (the contracts layer maps names to indices and
 * checks them); duplicates add up. Throws a plain Error on indices out of range or self-votes.
 */
export function canonicalRank(n: number, votes: ReadonlyArray<readonly [number, number]>): RankProblem {
  if (!Number.isInteger(n) || n < 1) throw new Error(`rank needs at least one item, got n=${n}`);
  // Over a SharedArrayBuffer: worker threads and the native addon read it in place, never copied.
  const wins = new Float64Array(new SharedArrayBuffer(n * n * Float64Array.BYTES_PER_ELEMENT));
  for (let t = 0; t < votes.length; t++) {
    const [a, b] = votes[t];
    if (!Number.isInteger(a) || !Number.isInteger(b) || a < 0 || b < 0 || a >= n || b >= n) throw new Error(`vote ${t} names an item outside 0..${n - 1}`);
    if (a === b) throw new Error(`vote ${t} compares item ${a} with itself`);
    wins[a * n + b] += 1;
  }
  return { kind: 'rank', n, wins };
}
