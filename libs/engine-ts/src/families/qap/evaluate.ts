/** Independent evaluator of `qap` answers: Σ_ij flow[i][j]·dist[p[i]][p[j]], rows in order. */
import type { ProblemScore } from '../../base';
import { checkOrder } from '../rank/evaluate';
import type { QapProblem } from './problem';

export function evaluateQap(p: QapProblem, perm: ArrayLike<number>): number {
  const n = p.n;
  checkOrder(n, perm);
  let c = 0;
  for (let i = 0; i < n; i++) {
    const pi = perm[i] * n;
    for (let j = 0; j < n; j++) c += p.flow[i * n + j] * p.dist[pi + perm[j]];
  }
  return c;
}

/** Σ|flow|·max|dist|: a scale of every cost, for the re-scoring tolerance. */
export function qapWeightSum(p: QapProblem): number {
  let f = 0;
  let d = 0;
  for (let k = 0; k < p.flow.length; k++) f += Math.abs(p.flow[k]);
  for (let k = 0; k < p.dist.length; k++) d = Math.max(d, Math.abs(p.dist[k]));
  return f * d;
}

export const QAP_SCORE: ProblemScore<QapProblem> = { evaluate: evaluateQap, weightSum: qapWeightSum, minimise: true };
