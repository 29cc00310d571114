/** The canonical problem of `milp` (mixed binary/continuous quadratic minimisation). */
import type { PairList, ResultBase } from '../../base';

/**
 * milp: minimise Σ_i (½ q_i x_i² + c_i x_i) + Σ_pairs w_ij x_i x_j over binary variables (0/1) and
 * continuous ones in [lo_i, hi_i] (±Infinity for an infinite bound; binaries have [0, 1]).
 */
export interface MilpProblem {
  readonly kind: 'milp';
  readonly n: number;
  /** 1 for a binary variable, 0 for a continuous one. */
  readonly binary: Uint8Array;
  readonly lo: Float64Array;
  readonly hi: Float64Array;
  readonly linear: Float64Array;
  readonly diag: Float64Array;
  /** Off-diagonal couplings, i < j, duplicates summed. */
  readonly pairs: PairList;
}

/** A real value per variable and the objective. */
export interface VectorResult extends ResultBase {
  readonly kind: 'vector';
  readonly answer: Float64Array;
  readonly objective: number;
  /** Whether the objective was found convex over the continuous variables (the certificate needs it). */
  readonly convex: boolean;
}
