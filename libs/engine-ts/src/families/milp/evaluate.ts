/** Independent evaluator of `milp` answers: Σ (½ q x² + c x) + Σ w x_i x_j, within the domains. */
import type { ProblemScore } from '../../base';
import type { MilpProblem } from './problem';

export function evaluateMilp(p: MilpProblem, x: ArrayLike<number>): number {
  if (x.length !== p.n) throw new Error(`answer has length ${x.length}, expected ${p.n}`);
  let f = 0;
  for (let i = 0; i < p.n; i++) {
    const v = x[i];
    if (!Number.isFinite(v)) throw new Error(`answer[${i}] is not finite`);
    if (p.binary[i] ? v !== 0 && v !== 1 : v < p.lo[i] || v > p.hi[i]) throw new Error(`answer[${i}] = ${v} is outside its domain`);
    f += 0.5 * p.diag[i] * v * v + p.linear[i] * v;
  }
  for (let k = 0; k < p.pairs.w.length; k++) f += p.pairs.w[k] * x[p.pairs.i[k]] * x[p.pairs.j[k]];
  return f;
}

/** Σ|c| + Σ|q| + Σ|w| times the largest finite bound squared (at least 1): the tolerance scale. */
export function milpWeightSum(p: MilpProblem): number {
  let s = 0;
  let r = 1;
  for (let i = 0; i < p.n; i++) {
    s += Math.abs(p.linear[i]) + Math.abs(p.diag[i]);
    for (const b of [p.lo[i], p.hi[i]]) if (Number.isFinite(b)) r = Math.max(r, Math.abs(b));
  }
  for (let k = 0; k < p.pairs.w.length; k++) s += Math.abs(p.pairs.w[k]);
  return s * r * r;
}

export const MILP_SCORE: ProblemScore<MilpProblem> = { evaluate: evaluateMilp, weightSum: milpWeightSum, minimise: true };
