/**
 * The milp part of a native solve (the base carries `linear` and the pairs): the domains and the
 * diagonal, copied by src/binding/milp_args.cc, and the work budget from engine-ts, so both engines
 * do the same work. Field order as MilpBudget (core/milp/solve.h).
 */
import { milpBudgetFor, type Effort, type MilpBudget, type MilpProblem } from '@svc/engine-ts';

/** The `milp` part of a problem handed to the addon. */
export interface NativeMilpArgs extends Pick<MilpProblem, 'binary' | 'lo' | 'hi'> {
  readonly diag: Float64Array;
  readonly budget: Float64Array;
}

/** MilpBudget fields in the order of core/milp/solve.h MilpBudget. */
export const MILP_BUDGET_FIELDS = ['bnbNodes', 'starts'] as const satisfies readonly (keyof MilpBudget)[];

/** milp arguments; the value checks are the core's (ValidateMilp). */
export function milpArgs(p: MilpProblem, effort: Effort): NativeMilpArgs {
  const b = milpBudgetFor(effort);
  return { binary: p.binary, lo: p.lo, hi: p.hi, diag: p.diag, budget: Float64Array.from(MILP_BUDGET_FIELDS, (f) => b[f]) };
}
