/** The canonical problem of `cover` (weighted set cover). */

/**
 * cover: choose sets whose union is 0..universe−1 at the least total cost. Set j holds
 * elems[start[j] .. start[j+1]−1] (increasing, no duplicates) and costs cost[j] (any finite number).
 * The answer is a `BinaryResult` (engine.ts): answer[j] = 1 when set j is chosen, `objective` the cost.
 */
export interface CoverProblem {
  readonly kind: 'cover';
  /** The number of sets. */
  readonly n: number;
  readonly universe: number;
  readonly start: Int32Array;
  readonly elems: Int32Array;
  readonly cost: Float64Array;
}
