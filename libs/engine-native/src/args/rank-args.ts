/**
 * The rank part of a native solve: the vote matrix (over a SharedArrayBuffer, read in place by
 * src/binding/rank_args.cc) and the work budget from engine-ts, so both engines do the same work.
 * The field order matches RankBudget (core/rank/solve.h).
 */
import { rankBudgetFor, type Effort, type RankBudget, type RankProblem } from '@svc/engine-ts';
import { sharedFloat64 } from './shared-matrix';

/** The `rank` part of a problem handed to the addon. */
export interface NativeRankArgs {
  /** n·n votes "i beats j", row-major. */
  readonly wins: Float64Array;
  /** rankBudgetFor, flattened in RANK_BUDGET_FIELDS order. */
  readonly budget: Float64Array;
}

/** RankBudget fields in the order of core/rank/solve.h RankBudget. */
export const RANK_BUDGET_FIELDS = ['dpMaxN', 'bnbMaxN', 'bnbNodes', 'restarts', 'memo'] as const satisfies readonly (keyof RankBudget)[];

/** Checked rank arguments; the O(n²) value checks are the core's (ValidateRank). */
export function rankArgs(p: RankProblem, effort: Effort): NativeRankArgs {
  const n = p.n;
  const wins = sharedFloat64(p.wins, n * n, 'wins', 'n·n');
  const b = rankBudgetFor(effort);
  return { wins, budget: Float64Array.from(RANK_BUDGET_FIELDS, (f) => b[f]) };
}
