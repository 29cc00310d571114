/** The canonical problem of `tsp` (a travelling salesman tour, symmetric or one-way distances). */

/** TSPLIB distance rules for coordinates (TSPLIB95: every distance an integer). */
export type TspMetric = 'euc_2d' | 'ceil_2d' | 'att' | 'geo';
export const TSP_METRICS: readonly TspMetric[] = ['euc_2d', 'ceil_2d', 'att', 'geo'];

/**
 * tsp: a closed tour through n cities of least length. Exactly one of `matrix` (n·n row-major,
 * integer, symmetric or not: m[i·n + j] is the way from i to j; the diagonal is ignored) or `points` (x, y per city) with `metric`. The
 * answer is a `PermutationResult` (families/rank/problem.ts): the tour from city 0, `objective`
 * its length.
 */
export interface TspProblem {
  readonly kind: 'tsp';
  readonly n: number;
  readonly matrix: Float64Array | null;
  /** 2n coordinates, x then y per city (TSPLIB order: for geo, latitude then longitude). */
  readonly points: Float64Array | null;
  readonly metric: TspMetric | null;
}
