/** The canonical problem of `design` (Potts model / graph colouring over L sites with K values). */
import type { ResultBase } from '../../base';

/**
 * design: give each of L sites a value 0..K−1 minimising Σ_s bias(s, x_s) + Σ_bonds mult·cost(x_i, x_j).
 * The coupling cost is symmetric: `table` (K·K row-major), `circulant` (cost(a, b) = cells[(a − b) mod K],
 * the quantised cosine of `circular`) or `none` (every bond costs 0).
 */
export interface DesignProblem {
  readonly kind: 'design';
  /** L (commands.md: `n` of design is L). */
  readonly n: number;
  readonly L: number;
  readonly K: number;
  /** The bias by site (CSR): entries biasStart[s] .. biasStart[s+1]−1, values increasing, duplicates summed. */
  readonly biasStart: Int32Array;
  readonly biasValue: Int32Array;
  readonly biasEnergy: Float64Array;
  /** Bonds i < j, sorted by (i, j), duplicates (in either direction) merged into their multiplicity. */
  readonly bondI: Int32Array;
  readonly bondJ: Int32Array;
  readonly bondMult: Float64Array;
  readonly coupling: 'table' | 'circulant' | 'none';
  /** K·K entries for a table, K for a circulant, none for `none`. */
  readonly cells: Float64Array;
}

/** A value per site: `answer[s]` in 0..K−1. */
export interface LabelResult extends ResultBase {
  readonly kind: 'labels';
  readonly answer: Int32Array;
  /** Energy of `answer` (minimised). */
  readonly objective: number;
}
