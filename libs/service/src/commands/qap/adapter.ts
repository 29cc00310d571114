import { type EngineResult } from '@svc/engine-ts';
import { canonicalQap } from '@svc/engine-ts/families/qap';
import type { QapInput } from '@svc/contracts';
import { SvcError } from '@svc/errors';
import { assertAgrees, lowerBoundOf, permutationOf, rescoreTolerance } from '../../internal/rescore';
import type { CommandAdapter, FinishedSolve } from '../adapter';
import { canonicalOrInvalid } from '../shared/qubo-family';
import { rescoreQap, type QapTerms } from './rescore';

/** qap: place every facility at its own location, minimising flow × distance. */
export const qapAdapter: CommandAdapter = {
  command: 'qap',
  prepare(v) {
    const input = v.input as QapInput;
    const terms: QapTerms = { flow: input.flow, dist: input.dist };
    const problem = canonicalOrInvalid(() => canonicalQap(input.flow, input.dist));
    return {
      problem,
      terms: problem.n * problem.n,
      // The receipt form: n and both matrices as given (neither need be symmetric; diagonals count).
      receiptProblem: { n: problem.n, flow: input.flow, dist: input.dist },
      finish: (r, ctx) => finishQap(terms, r, ctx.deadlineFired),
    };
  },
};

/** The independent check of an engine result and the answer fields {answer, cost}. */
export function finishQap(terms: QapTerms, r: EngineResult, deadlineFired: boolean): FinishedSolve {
  if (r.kind !== 'permutation') throw new SvcError('SVC_ENGINE_FAILURE', `engine returned a ${r.kind} result for qap`);
  const perm = permutationOf(r.answer, terms.flow.length, 'assignment', 'location');
  const rescored = rescoreQap(terms, perm);
  assertAgrees('cost', r.objective, rescored);
  const tol = rescoreTolerance(rescored.weightSum);
  const stoppedAtDeadline = r.stoppedAtDeadline || (deadlineFired && r.proof === null);
  const proof = stoppedAtDeadline ? null : r.proof;
  const fields = { answer: perm, cost: r.objective };
  return { fields, proof, stoppedAtDeadline, ...(proof === null ? lowerBoundOf(r, tol, "answer's cost") : null) };
}
