/** Independent evaluator of `xorsat` answers: the number of violated equations. */
import type { ProblemScore } from '../../base';
import type { XorsatProblem } from './problem';

export function evaluateXorsat(p: XorsatProblem, x: ArrayLike<number>): number {
  if (x.length !== p.n) throw new Error(`answer has length ${x.length}, expected ${p.n}`);
  for (let i = 0; i < p.n; i++) if (x[i] !== 0 && x[i] !== 1) throw new Error(`answer[${i}] is ${x[i]}, not 0 or 1`);
  let violations = 0;
  for (let e = 0; e < p.rhs.length; e++) {
    let parity = p.rhs[e];
    for (let k = p.start[e]; k < p.start[e + 1]; k++) parity ^= x[p.vars[k]];
    violations += parity;
  }
  return violations;
}

/** The number of equations: every count of violations lies in 0..m. */
export function xorsatWeightSum(p: XorsatProblem): number {
  return p.rhs.length;
}

export const XORSAT_SCORE: ProblemScore<XorsatProblem> = { evaluate: evaluateXorsat, weightSum: xorsatWeightSum, minimise: true };
