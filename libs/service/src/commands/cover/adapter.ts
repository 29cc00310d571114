import { type EngineResult } from '@svc/engine-ts';
import { canonicalCover } from '@svc/engine-ts/families/cover';
import type { CoverInput } from '@svc/contracts';
import { SvcError } from '@svc/errors';
import { assertAgrees, checkBinaryAnswer, engineFault, lowerBoundOf, rescoreTolerance } from '../../internal/rescore';
import type { CommandAdapter, FinishedSolve } from '../adapter';
import { canonicalOrInvalid } from '../shared/qubo-family';
import { firstUncovered, rescoreCover, type CoverTerms } from './rescore';

/** cover: the cheapest sets that together hold every element. */
export const coverAdapter: CommandAdapter = {
  command: 'cover',
  prepare(v) {
    const input = v.input as CoverInput;
    const terms: CoverTerms = { universe: input.universe, sets: input.sets, costs: input.costs };
    const problem = canonicalOrInvalid(() => canonicalCover(input.universe, input.sets, input.costs));
    return {
      problem,
      terms: problem.elems.length + problem.n,
      // The receipt form: the fields as given (sets in the caller's order and spelling).
      receiptProblem: { n: problem.n, universe: input.universe, sets: input.sets, ...(input.costs ? { costs: input.costs } : {}) },
      finish: (r, ctx) => finishCover(terms, r, ctx.deadlineFired),
    };
  },
};

/** The independent check of an engine result and the answer fields {answer (set indices), cost}. */
export function finishCover(terms: CoverTerms, r: EngineResult, deadlineFired: boolean): FinishedSolve {
  if (r.kind !== 'binary') throw new SvcError('SVC_ENGINE_FAILURE', `engine returned a ${r.kind} result for cover`);
  checkBinaryAnswer(r.answer, terms.sets.length);
  const chosen: number[] = [];
  for (let j = 0; j < terms.sets.length; j++) if (r.answer[j] === 1) chosen.push(j);
  const missing = firstUncovered(terms, chosen);
  if (missing >= 0) throw engineFault(`engine cover leaves element ${missing} uncovered`);
  const rescored = rescoreCover(terms, chosen);
  assertAgrees('cost', r.objective, rescored);
  const tol = rescoreTolerance(rescored.weightSum);
  const stoppedAtDeadline = r.stoppedAtDeadline || (deadlineFired && r.proof === null);
  const proof = stoppedAtDeadline ? null : r.proof;
  const fields = { answer: chosen, cost: r.objective };
  return { fields, proof, stoppedAtDeadline, ...(proof === null ? lowerBoundOf(r, tol, "cover's cost") : null) };
}
