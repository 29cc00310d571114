import { type EngineResult } from '@svc/engine-ts';
import { canonicalMilp } from '@svc/engine-ts/families/milp';
import type { MilpInput } from '@svc/contracts';
import { SvcError } from '@svc/errors';
import { assertAgrees, engineFault, lowerBoundOf, rescoreTolerance } from '../../internal/rescore';
import type { CommandAdapter, FinishedSolve } from '../adapter';
import { canonicalOrInvalid } from '../shared/qubo-family';
import { exactObjective, outOfDomain, rescoreMilp, type MilpTerms } from './rescore';

/** milp: mixed binary/continuous quadratic minimisation (research). */
export const milpAdapter: CommandAdapter = {
  command: 'milp',
  prepare(v) {
    const input = v.input as MilpInput;
    const terms: MilpTerms = { vars: input.vars, linear: input.linear, diag: input.diag, quadratic: input.quadratic as MilpTerms['quadratic'] };
    const problem = canonicalOrInvalid(() => canonicalMilp(input.vars, input.linear, input.diag, input.quadratic as MilpTerms['quadratic']));
    return {
      problem,
      terms: problem.n + problem.pairs.w.length,
      // The receipt form: the fields as given.
      receiptProblem: { n: problem.n, vars: input.vars, ...(input.linear ? { linear: input.linear } : {}), ...(input.diag ? { diag: input.diag } : {}), ...(input.quadratic ? { quadratic: input.quadratic } : {}) },
      finish: (r, ctx) => finishMilp(terms, r, ctx.deadlineFired),
    };
  },
};

/** The independent check of an engine result and the answer fields {answer, objective, objective_decimal}. */
export function finishMilp(terms: MilpTerms, r: EngineResult, deadlineFired: boolean): FinishedSolve {
  if (r.kind !== 'vector') throw new SvcError('SVC_ENGINE_FAILURE', `engine returned a ${r.kind} result for milp`);
  if (r.answer.length !== terms.vars.length) throw engineFault(`engine answer has length ${r.answer.length}, expected ${terms.vars.length}`);
  const x = Array.from(r.answer);
  const bad = outOfDomain(terms, x);
  if (bad >= 0) throw engineFault(`engine answer entry ${bad} is ${x[bad]}, outside its domain`);
  const rescored = rescoreMilp(terms, x);
  assertAgrees('objective', r.objective, rescored);
  const stoppedAtDeadline = r.stoppedAtDeadline || (deadlineFired && r.proof === null);
  // The re-score cannot re-prove optimality (a tree over the binaries on a convex objective, the spatial αBB tree on a
  // small non-convex one): it keeps the engine's `branch_and_bound` unless a deadline cut the run.
  const proof = stoppedAtDeadline ? null : r.proof;
  const fields = { answer: x, objective: r.objective, objective_decimal: exactObjective(terms, x) };
  // A bound from a tree cut short, never above the answer.
  const lower = proof === null ? lowerBoundOf(r, rescoreTolerance(rescored.weightSum), 'objective') : null;
  return { fields, proof, stoppedAtDeadline, ...lower };
}
