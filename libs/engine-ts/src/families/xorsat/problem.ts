/** The canonical problem of `xorsat` (C++ core/xorsat/problem.h). */

/**
 * xorsat: m = rhs.length XOR equations over n variables; equation e reads
 * x[vars[start[e]]] ⊕ … ⊕ x[vars[start[e+1]−1]] = rhs[e]. The variables of an equation increase
 * and are distinct (a variable repeated in the input cancels in pairs); an equation may be empty
 * (0 = rhs). The answer is a `BinaryResult` (base.ts): answer[i] = x_i, `objective` the number
 * of violated equations (minimised).
 */
export interface XorsatProblem {
  readonly kind: 'xorsat';
  /** The number of variables. */
  readonly n: number;
  /** Length m + 1. */
  readonly start: Int32Array;
  readonly vars: Int32Array;
  /** 0/1 per equation. */
  readonly rhs: Uint8Array;
}
