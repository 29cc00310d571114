/**
 * The independent re-check of a spectrum result (never trusting the engine), from the request JSON:
 * ascending finite values inside ±Σ|coeff|, error bounds at least the rounding floor; up to RECHECK_VECTOR_MAX_N qubits the eigenvectors' Rayleigh quotients and residuals
 * recomputed term by term (shared/pauli.ts) and their orthonormality (k orthonormal vectors with
 * those values exist); up to EXACT_RECHECK_MAX_N qubits the whole spectrum by Jacobi, every value
 * within its bound of the true one.
 */
import { engineFault } from '../../internal/rescore';
import { exactSpectrum, inner, rayleighOf, termsScale, type TermJson } from '../shared/pauli';

/** The engine returns eigenvectors up to this many qubits, and the service re-checks them. */
export const RECHECK_VECTOR_MAX_N = 12;
/** The service recomputes the whole spectrum up to this many qubits. */
export const EXACT_RECHECK_MAX_N = 6;

/** The rounding floor of the engines' bounds: 2ε·Σ|c|·(terms + 2) (kernels/pauli-spectrum.ts). */
export function roundingFloor(canonical: readonly TermJson[]): number {
  return 2 * 2.220446049250313e-16 * termsScale(canonical) * (canonical.length + 2);
}

/** What a spectrum result claims, as unpacked from the engine's numbers. */
export interface SpectrumClaim {
  readonly values: readonly number[];
  readonly errors: readonly number[];
  readonly residuals: readonly number[];
  /** Unit eigenvectors (interleaved re, im; 2^(n+1) numbers each), when the engine gave them. */
  readonly vectors: readonly Float64Array[];
}

/**
 * Checks the claim against the request's terms (`canonical`: the same terms merged, for the floor the
 * engines add); throws SVC_ENGINE_FAILURE naming what does not hold.
 */
export function recheckSpectrum(n: number, terms: readonly TermJson[], canonical: readonly TermJson[], claim: SpectrumClaim): void {
  const { values, errors, residuals, vectors } = claim;
  const scale = termsScale(terms);
  const slack = 1e-9 * (1 + scale);
  const floor = roundingFloor(canonical);
  for (let i = 0; i < values.length; i++) {
    const [v, e, r] = [values[i], errors[i], residuals[i]];
    if (![v, e, r].every(Number.isFinite) || e < 0 || r < 0) throw engineFault(`eigenvalue ${i}: value ${v}, bound ${e}, residual ${r} are not finite non-negative numbers`);
    if (i > 0 && v < values[i - 1]) throw engineFault(`eigenvalues are not ascending at ${i}: ${values[i - 1]} then ${v}`);
    if (Math.abs(v) > scale + e + slack) throw engineFault(`eigenvalue ${i} = ${v} lies outside ±Σ|coeff| = ±${scale}`);
    // A bound below the rounding floor is impossible; above the residual it is weaker, not false (a
    // cluster's bound adds its spread: docs/spectrum.md).
    if (e < floor * 0.99) throw engineFault(`eigenvalue ${i}: bound ${e} is below the rounding floor ${floor}`);
  }
  for (let i = 0; i < vectors.length; i++) {
    const q = rayleighOf(n, terms, vectors[i]);
    if (Math.abs(q.norm - 1) > 1e-9) throw engineFault(`eigenvector ${i} has norm ${q.norm}, not 1`);
    if (Math.abs(q.value - values[i]) > 1e-10 * (1 + scale)) throw engineFault(`eigenvector ${i} has energy ${q.value}, the engine said ${values[i]}`);
    if (q.residual > residuals[i] * 1.001 + 1e-10 * (1 + scale)) throw engineFault(`eigenvector ${i} has residual ${q.residual}, the engine said ${residuals[i]}`);
    for (let j = 0; j < i; j++) {
      const [re, im] = inner(vectors[j], vectors[i]);
      if (Math.hypot(re, im) > 1e-8) throw engineFault(`eigenvectors ${j} and ${i} are not orthogonal (overlap ${Math.hypot(re, im)})`);
    }
  }
  if (n <= EXACT_RECHECK_MAX_N) {
    const exact = exactSpectrum(n, terms);
    for (let i = 0; i < values.length; i++) {
      if (Math.abs(values[i] - exact[i]) > errors[i] + slack) throw engineFault(`eigenvalue ${i} = ${values[i]} but the exact spectrum has ${exact[i]} (bound ${errors[i]})`);
    }
  }
}
