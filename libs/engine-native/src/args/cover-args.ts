/**
 * The cover part of a native solve: the canonical arrays (copied by src/binding/cover_args.cc) and
 * the work budget from engine-ts, so both engines do the same work. Field order as CoverBudget
 * (core/cover/solve.h).
 */
import { coverBudgetFor, type CoverBudget, type CoverProblem, type Effort } from '@svc/engine-ts';

/** The `cover` part of a problem handed to the addon. */
export interface NativeCoverArgs {
  readonly universe: number;
  readonly start: Int32Array;
  readonly elems: Int32Array;
  readonly cost: Float64Array;
  readonly budget: Float64Array;
}

/** CoverBudget fields in the order of core/cover/solve.h CoverBudget. */
export const COVER_BUDGET_FIELDS = ['rootIters', 'passes', 'bnbNodes', 'nodeIters', 'work', 'lsEarlySteps', 'lsSteps'] as const satisfies readonly (keyof CoverBudget)[];

/** cover arguments; the value checks are the core's (ValidateCover). */
export function coverArgs(p: CoverProblem, effort: Effort): NativeCoverArgs {
  const b = coverBudgetFor(effort);
  return { universe: p.universe, start: p.start, elems: p.elems, cost: p.cost, budget: Float64Array.from(COVER_BUDGET_FIELDS, (f) => b[f]) };
}
