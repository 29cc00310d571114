/** Independent evaluator of `cover` answers: the cost of the chosen sets, which must cover the universe. */
import type { ProblemScore } from '../../base';
import type { CoverProblem } from './problem';

export function evaluateCover(p: CoverProblem, x: ArrayLike<number>): number {
  if (x.length !== p.n) throw new Error(`answer has length ${x.length}, expected ${p.n}`);
  const covered = new Uint8Array(p.universe);
  let c = 0;
  for (let j = 0; j < p.n; j++) {
    if (x[j] !== 0 && x[j] !== 1) throw new Error(`answer[${j}] is ${x[j]}, not 0 or 1`);
    if (x[j] === 0) continue;
    c += p.cost[j];
    for (let k = p.start[j]; k < p.start[j + 1]; k++) covered[p.elems[k]] = 1;
  }
  const e = covered.indexOf(0);
  if (e >= 0) throw new Error(`element ${e} is not covered`);
  return c;
}

/** Σ|cost|: a scale of every cover's cost, for the re-scoring tolerance. */
export function coverWeightSum(p: CoverProblem): number {
  let s = 0;
  for (let j = 0; j < p.n; j++) s += Math.abs(p.cost[j]);
  return s;
}

export const COVER_SCORE: ProblemScore<CoverProblem> = { evaluate: evaluateCover, weightSum: coverWeightSum, minimise: true };
