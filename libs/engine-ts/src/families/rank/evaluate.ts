/**
 * Independent evaluator of `rank` answers (no state shared with the solvers): the Kemeny distance
 * of an order, Σ over pairs (a placed before b) of the votes "b beats a", summed in place order.
 */
import type { ProblemScore } from '../../base';
import type { RankProblem } from './problem';

/** Throws unless `order` is a permutation of 0..n−1. */
export function checkOrder(n: number, order: ArrayLike<number>): void {
  if (order.length !== n) throw new Error(`order has length ${order.length}, expected ${n}`);
  const seen = new Uint8Array(n);
  for (let k = 0; k < n; k++) {
    const v = order[k];
    if (!Number.isInteger(v) || v < 0 || v >= n) throw new Error(`order[${k}] = ${v} is not an item index`);
    if (seen[v]) throw new Error(`item ${v} appears twice in the order`);
    seen[v] = 1;
  }
}

/** Disagreements (votes contradicted) of an order of item indices, best first. */
export function evaluateRank(p: RankProblem, order: ArrayLike<number>): number {
  const n = p.n;
  checkOrder(n, order);
  let d = 0;
  for (let s = 0; s < n; s++) {
    const a = order[s];
    for (let t = s + 1; t < n; t++) d += p.wins[order[t] * n + a];
  }
  return d;
}

/** Σ of all votes: the weight sum of the re-scoring tolerance. */
export function rankWeightSum(p: RankProblem): number {
  let s = 0;
  for (let i = 0; i < p.wins.length; i++) s += p.wins[i];
  return s;
}

/** The pairwise-minimum bound: no order contradicts fewer than Σ_{i<j} min(w_ij, w_ji) votes. */
export function pairwiseMinimum(p: RankProblem): number {
  const n = p.n;
  let b = 0;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) b += Math.min(p.wins[i * n + j], p.wins[j * n + i]);
  return b;
}

export const RANK_SCORE: ProblemScore<RankProblem> = { evaluate: evaluateRank, weightSum: rankWeightSum, minimise: true };
