/** The canonical problem of `rank` (Kemeny aggregation of pairwise votes). */
import type { ResultBase } from '../../base';

/**
 * rank: order n items so that as few votes as possible are contradicted. `wins[i·n + j]` is the
 * number of votes "i beats j" (a zero diagonal). The disagreements of an order are Σ over pairs
 * (a before b) of wins[b·n + a].
 */
export interface RankProblem {
  readonly kind: 'rank';
  readonly n: number;
  /** n·n row-major vote counts, zero diagonal. */
  readonly wins: Float64Array;
}

/** An order of the items: `answer[k]` is the index of the item in place k (best first). */
export interface PermutationResult extends ResultBase {
  readonly kind: 'permutation';
  readonly answer: Int32Array;
  /** Disagreements of `answer` (minimised). */
  readonly objective: number;
  /** tsp (symmetric): the Held–Karp node penalties π of the root 1-tree bound, when it was computed (the service's `one_tree` certificate). */
  readonly pi?: Float64Array;
  /**
   * tsp (symmetric), an answer proven by branch and bound below the root: the closed tree's
   * pre-order record (families/tsp/branch.ts; empty when it passed the checker's caps), the
   * service's `tree` certificate.
   */
  readonly tree?: Float64Array;
  /**
   * rank: the triangle packing that proves the bound (families/rank/packing.ts), flat
   * [i, j, k, λ] per majority 3-cycle i→j→k→i, item indices, λ a multiple of 2⁻²⁰ (the service's
   * `cycle_packing` certificate).
   */
  readonly triangles?: Float64Array;
}
