/**
 * The qap part of a native solve: flow and dist (over SharedArrayBuffers, read in place by
 * src/binding/qap_args.cc) and the work budget from engine-ts, so both engines do the same work.
 * Field order as QapBudget (core/qap/solve.h).
 */
import { qapBudgetFor, type Effort, type QapBudget, type QapProblem } from '@svc/engine-ts';
import { sharedFloat64 } from './shared-matrix';

/** The `qap` part of a problem handed to the addon. */
export interface NativeQapArgs {
  readonly flow: Float64Array;
  readonly dist: Float64Array;
  readonly budget: Float64Array;
}

/** QapBudget fields in the order of core/qap/solve.h QapBudget. */
export const QAP_BUDGET_FIELDS = ['bnbMaxN', 'bnbNodes', 'tabuIters', 'tabuWork'] as const satisfies readonly (keyof QapBudget)[];

/** Checked qap arguments; the O(n²) value checks are the core's (ValidateQap). */
export function qapArgs(p: QapProblem, effort: Effort): NativeQapArgs {
  const b = qapBudgetFor(effort);
  return { flow: sharedFloat64(p.flow, p.n * p.n, 'flow', 'n·n'), dist: sharedFloat64(p.dist, p.n * p.n, 'dist', 'n·n'), budget: Float64Array.from(QAP_BUDGET_FIELDS, (f) => b[f]) };
}
