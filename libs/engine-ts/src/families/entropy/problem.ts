/** The canonical problem of `entropy` (C++ core/entropy/problem.h). */

/**
 * entropy: the entanglement of a pure state on n qubits (1..20) across the subsystem A
 * (`subsystem[q]` 1 for its qubits). The state is `state` (2^(n+1) numbers, interleaved re, im;
 * qubit q is bit q of the index; normalised to 1e-6 by the contract, exactly by the solver), or
 * else (state null) the ground state of the Pauli sum x, z, coeff (kernels/pauli-sum.ts masks).
 * `vectors` 1 asks for the ground state back (the service re-checks it on small n).
 * The answer is a `NumericResult` (base.ts): answer = [entropy, renyi2, entropy bound, renyi2 bound,
 * schmidt bound, schmidt coefficients (extras.schmidt of them, descending), then when asked the
 * ground state (2^(n+1) numbers)]; extras: schmidt, dim, rank, source (0 state, 1 ground state),
 * groundEnergy, groundError, gap, gapError, stateT (sin θ of the ground state, 0 for a given state),
 * degenerate (0/1: the ground state is not resolved from the next level), vectors, matvecs, converged.
 */
export interface EntropyProblem {
  readonly kind: 'entropy';
  readonly n: number;
  readonly subsystem: Uint8Array;
  readonly state: Float64Array | null;
  readonly x: Int32Array;
  readonly z: Int32Array;
  readonly coeff: Float64Array;
  readonly vectors: number;
}
