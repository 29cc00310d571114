/**
 * The tsp part of a native solve: the matrix (over a SharedArrayBuffer, read in place by
 * src/binding/tsp_args.cc) or the points with the metric's code, and the work budget from
 * engine-ts, so both engines do the same work. Field order as TspBudget (core/tsp/solve.h).
 */
import { tspBudgetFor, type Effort, type TspBudget, type TspMetric, type TspProblem } from '@svc/engine-ts';
import { sharedFloat64 } from './shared-matrix';

/** The `tsp` part of a problem handed to the addon. */
export interface NativeTspArgs {
  readonly matrix: Float64Array | null;
  readonly points: Float64Array | null;
  /** 0 matrix, then TspMetric in core/tsp/problem.h order. */
  readonly metric: number;
  readonly budget: Float64Array;
}

/** TspBudget fields in the order of core/tsp/solve.h TspBudget. */
export const TSP_BUDGET_FIELDS = ['dpMaxN', 'neighbours', 'kicksPerN', 'maxKicks', 'boundIters', 'boundWork', 'bnbMaxN', 'bnbKicksPerN', 'bnbNodes', 'bnbIters'] as const satisfies readonly (keyof TspBudget)[];

const METRIC_CODES: Record<TspMetric, number> = { euc_2d: 1, ceil_2d: 2, att: 3, geo: 4 };

/** Checked tsp arguments; the O(n²) value checks are the core's (ValidateTsp). */
export function tspArgs(p: TspProblem, effort: Effort): NativeTspArgs {
  const n = p.n;
  const b = tspBudgetFor(effort);
  const budget = Float64Array.from(TSP_BUDGET_FIELDS, (f) => b[f]);
  if ((p.matrix === null) === (p.points === null)) throw new TypeError('tsp needs exactly one of matrix or points');
  if (p.matrix !== null) {
    return { matrix: sharedFloat64(p.matrix, n * n, 'matrix', 'n·n'), points: null, metric: 0, budget };
  }
  if (!(p.points instanceof Float64Array) || p.points.length !== 2 * n) throw new TypeError('points must be a Float64Array of length 2n');
  const metric = METRIC_CODES[p.metric!];
  if (metric === undefined) throw new RangeError(`unknown metric "${String(p.metric)}"`);
  return { matrix: null, points: p.points, metric, budget };
}
