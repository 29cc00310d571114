/** The canonical problem of `xorsat` and its result (C++ core/xorsat/problem.h, ResultKind kXorsat). */
import type { ResultBase } from '../../base';

/**
 * xorsat: m = rhs.length XOR equations over n variables; equation e reads
 * x[vars[start[e]]] ⊕ … ⊕ x[vars[start[e+1]−1]] = rhs[e]. The variables of an equation increase
 * and are distinct (a variable repeated in the input cancels in pairs); an equation may be empty
 * (0 = rhs).
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

/** An assignment and its violated equations (`objective`, minimised), with what elimination proved about the system. */
export interface XorsatResult extends ResultBase {
  readonly kind: 'xorsat';
  /** 0/1 per variable. */
  readonly answer: Uint8Array;
  readonly objective: number;
  /** Rank over GF(2) of the coefficient matrix; null when a limit stopped the elimination. */
  readonly rank: number | null;
  /** Whether some assignment satisfies every equation; null when a limit stopped the elimination. */
  readonly consistent: boolean | null;
  /**
   * The pairwise disjoint contradictions (sets of equations, the problem's numbering, XORing to
   * 0 = 1) the solver packed for its bound, when it packed any (the service's certificate).
   */
  readonly contradictions?: readonly (readonly number[])[];
}
