/** The canonical problem of `qap` (quadratic assignment). */

/**
 * qap: place facility i at location p[i] (a permutation) minimising Σ_ij flow[i][j]·dist[p[i]][p[j]].
 * Both matrices n·n row-major, finite, any sign, not necessarily symmetric (diagonals count:
 * flow[i][i]·dist[p[i]][p[i]]). The answer is a `PermutationResult` (families/rank/problem.ts):
 * answer[i] = the location of facility i, `objective` the cost.
 */
export interface QapProblem {
  readonly kind: 'qap';
  readonly n: number;
  readonly flow: Float64Array;
  readonly dist: Float64Array;
}
