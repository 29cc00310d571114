/** The canonical problem of `select` (C++ core/select/problem.h). */

/**
 * select: choose exactly k of m items maximising Σ affinity − Σ redundancy over chosen pairs
 * (each unordered pair once). `n` is m.
 */
export interface SelectProblem {
  readonly kind: 'select';
  /** m, the number of items. */
  readonly n: number;
  /** 1 <= k <= n. */
  readonly k: number;
  /** Length n. */
  readonly affinity: Float64Array;
  /**
   * n·n row-major, symmetric, zero diagonal, backed by a SharedArrayBuffer (worker threads and
   * the native engine share it instead of copying n² numbers); null when every pair is 0.
   */
  readonly redundancy: Float64Array | null;
}
