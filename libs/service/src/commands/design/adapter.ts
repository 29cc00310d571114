import { type EngineResult } from '@svc/engine-ts';
import { canonicalDesign } from '@svc/engine-ts/families/design';
import type { DesignInput } from '@svc/contracts';
import { SvcError } from '@svc/errors';
import { assertAgrees, engineFault, lowerBoundOf, rescoreTolerance } from '../../internal/rescore';
import type { CommandAdapter, FinishedSolve } from '../adapter';
import { canonicalOrInvalid } from '../shared/qubo-family';
import { rescoreDesign, type DesignTerms } from './rescore';

/** design: a value per site, minimising bias plus bond energy (colouring, Potts models). */
export const designAdapter: CommandAdapter = {
  command: 'design',
  prepare(v) {
    const input = v.input as DesignInput;
    const terms: DesignTerms = { L: input.L, K: input.K, bias: input.bias, table: input.table, bonds: input.bonds, circular: input.circular };
    const problem = canonicalOrInvalid(() => canonicalDesign(terms));
    return {
      problem,
      terms: problem.biasValue.length + problem.bondI.length + problem.cells.length + 1,
      // The receipt form: the fields as given (bias and bonds in the caller's order; duplicates count).
      receiptProblem: {
        n: input.L, L: input.L, K: input.K,
        ...(input.bias ? { bias: input.bias } : {}), ...(input.bonds ? { bonds: input.bonds } : {}),
        ...(input.table ? { table: input.table } : {}), ...(input.circular ? { circular: input.circular } : {}),
      },
      finish: (r, ctx) => finishDesign(terms, r, ctx.deadlineFired),
    };
  },
};

/** The engine's values as a plain array when every one is a value 0..K−1 of a site (checked, not trusted). */
function labelsOf(answer: ArrayLike<number>, L: number, K: number): number[] {
  if (answer.length !== L) throw engineFault(`engine answer has length ${answer.length}, expected ${L} sites`);
  const out: number[] = new Array(L);
  for (let s = 0; s < L; s++) {
    const v = answer[s];
    if (!Number.isInteger(v) || v < 0 || v >= K) throw engineFault(`engine answer entry ${s} is ${v}, not a value 0..${K - 1}`);
    out[s] = v;
  }
  return out;
}

/** The independent check of an engine result and the answer fields {answer, energy}. */
export function finishDesign(terms: DesignTerms, r: EngineResult, deadlineFired: boolean): FinishedSolve {
  if (r.kind !== 'labels') throw new SvcError('SVC_ENGINE_FAILURE', `engine returned a ${r.kind} result for design`);
  const x = labelsOf(r.answer, terms.L, terms.K);
  const rescored = rescoreDesign(terms, x);
  assertAgrees('energy', r.objective, rescored);
  const tol = rescoreTolerance(rescored.weightSum);
  const stoppedAtDeadline = r.stoppedAtDeadline || (deadlineFired && r.proof === null);
  const proof = stoppedAtDeadline ? null : r.proof;
  const fields = { answer: x, energy: r.objective };
  return { fields, proof, stoppedAtDeadline, ...(proof === null ? lowerBoundOf(r, tol, "answer's energy") : null) };
}
