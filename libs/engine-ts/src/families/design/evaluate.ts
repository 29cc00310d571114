/** Independent evaluator of `design` answers: Σ bias(s, x_s) + Σ_bonds mult·cost(x_i, x_j). */
import type { ProblemScore } from '../../base';
import type { DesignProblem } from './problem';

/** The coupling cost of values a and b. */
export function couplingCost(p: DesignProblem, a: number, b: number): number {
  if (p.coupling === 'table') return p.cells[a * p.K + b];
  if (p.coupling === 'circulant') return p.cells[(a - b + p.K) % p.K];
  return 0;
}

export function evaluateDesign(p: DesignProblem, x: ArrayLike<number>): number {
  if (x.length !== p.L) throw new Error(`answer has length ${x.length}, expected ${p.L}`);
  for (let s = 0; s < p.L; s++) {
    const v = x[s];
    if (!Number.isInteger(v) || v < 0 || v >= p.K) throw new Error(`answer[${s}] = ${v} is not a value 0..${p.K - 1}`);
  }
  let e = 0;
  for (let s = 0; s < p.L; s++) {
    for (let k = p.biasStart[s]; k < p.biasStart[s + 1]; k++) if (p.biasValue[k] === x[s]) e += p.biasEnergy[k];
  }
  for (let k = 0; k < p.bondI.length; k++) e += p.bondMult[k] * couplingCost(p, x[p.bondI[k]], x[p.bondJ[k]]);
  return e;
}

/** Σ|bias| + Σ mult · max|cost|: a scale of every energy, for the re-scoring tolerance. */
export function designWeightSum(p: DesignProblem): number {
  let s = 0;
  for (let k = 0; k < p.biasEnergy.length; k++) s += Math.abs(p.biasEnergy[k]);
  let c = 0;
  for (let k = 0; k < p.cells.length; k++) c = Math.max(c, Math.abs(p.cells[k]));
  let m = 0;
  for (let k = 0; k < p.bondMult.length; k++) m += p.bondMult[k];
  return s + m * c;
}

export const DESIGN_SCORE: ProblemScore<DesignProblem> = { evaluate: evaluateDesign, weightSum: designWeightSum, minimise: true };
