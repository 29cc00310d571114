/** The canonical problem of `spectrum` (C++ core/spectrum/problem.h). */

/**
 * spectrum: the lowest k eigenvalues of H = Σ_t coeff[t]·P_t on n qubits (1..24). P_t is given by
 * its masks (kernels/pauli-sum.ts): bit q of x[t] is set for X or Y on qubit q, bit q of z[t] for Z
 * or Y. Terms are distinct (duplicates summed, exact zeros dropped), ordered by (x, z). `vectors`
 * 1 asks for the eigenvectors too (the service re-checks their residuals on small n).
 * The answer is a `NumericResult` (base.ts): answer = [values (count), error bounds (count),
 * residuals (count), then, when asked, `count` eigenvectors of 2^(n+1) numbers each (interleaved
 * re, im; qubit q is bit q of the index)]; extras: count, vectors, symmetry (0 none, 1 U(1),
 * 2 Z-parity, 3 X-parity, 4 diagonal), sectors, methods (bit 1 diagonal, 2 dense, 4 Lanczos),
 * matvecs, floor, scale, converged (0/1).
 */
export interface SpectrumProblem {
  readonly kind: 'spectrum';
  readonly n: number;
  readonly k: number;
  readonly x: Int32Array;
  readonly z: Int32Array;
  readonly coeff: Float64Array;
  readonly vectors: number;
}
