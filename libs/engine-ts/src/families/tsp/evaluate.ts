/** Independent evaluator of `tsp` answers: the closed tour's length by the problem's distance rule. */
import type { ProblemScore } from '../../base';
import { checkOrder } from '../rank/evaluate';
import { distanceOf } from './distance';
import type { TspProblem } from './problem';

/** Length of the closed tour (a permutation of 0..n−1), closing edge included. */
export function evaluateTsp(p: TspProblem, tour: ArrayLike<number>): number {
  checkOrder(p.n, tour);
  const d = distanceOf(p);
  let len = 0;
  for (let k = 0; k < p.n; k++) len += d(tour[k], tour[(k + 1) % p.n]);
  return len;
}

/** Σ|d| over the tour edges bounds nothing useful here; the tolerance uses the length's own scale. */
export function tspWeightSum(p: TspProblem): number {
  if (p.matrix === null) return 0;
  let s = 0;
  for (let i = 0; i < p.matrix.length; i++) s = Math.max(s, Math.abs(p.matrix[i]));
  return s * p.n;
}

export const TSP_SCORE: ProblemScore<TspProblem> = { evaluate: evaluateTsp, weightSum: tspWeightSum, minimise: true };
