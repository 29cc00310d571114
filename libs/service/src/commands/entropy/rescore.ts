/**
 * The independent re-check of an entropy result (never trusting the engine), from the request JSON:
 * finite values, 0 ≤ S ≤ log2 d, Rényi-2 ≤ S (both within their bounds), Schmidt coefficients
 * descending with squares summing to at most 1 and the largest at least 2^(−S/2) (min-entropy ≤ S);
 * up to RECHECK_MAX_N qubits the entropies recomputed from the state — the request's, or the ground
 * state the engine returns, whose norm, energy and residual are checked against the terms first —
 * with the service's own reduced density matrix (shared/pauli.ts).
 */
import { engineFault } from '../../internal/rescore';
import { rayleighOf, reducedEntropy, termsScale, type TermJson } from '../shared/pauli';

/** The service recomputes entropies up to this many qubits (a reduced state of at most 64×64 by Jacobi). */
export const RECHECK_MAX_N = 12;

export interface EntropyClaim {
  readonly entropy: number;
  readonly renyi2: number;
  readonly errors: { readonly entropy: number; readonly renyi2: number; readonly schmidt: number };
  readonly schmidt: readonly number[];
  readonly dim: number;
  /** The ground state the engine used (terms), when it returned it. */
  readonly groundState: Float64Array | null;
  readonly groundEnergy: number;
  /** sin θ the engine claims for its ground state (its residual over the gap's lower bound). */
  readonly stateT: number;
}

export function recheckEntropy(n: number, subsystem: readonly number[], source: { state: Float64Array } | { terms: readonly TermJson[] }, c: EntropyClaim): void {
  const { entropy, renyi2, errors, schmidt, dim } = c;
  const slack = 1e-12;
  if (![entropy, renyi2, errors.entropy, errors.renyi2, errors.schmidt, ...schmidt].every(Number.isFinite)) throw engineFault('the entropy result has a number that is not finite');
  if (errors.entropy < 0 || errors.renyi2 < 0 || errors.schmidt < 0) throw engineFault('an error bound is negative');
  const smaller = Math.min(subsystem.length, n - subsystem.length);
  if (dim !== 2 ** smaller) throw engineFault(`the reduced state has dimension ${dim}, expected 2^${smaller}`);
  if (entropy < -errors.entropy - slack || entropy > smaller + errors.entropy + slack) throw engineFault(`entropy ${entropy} lies outside [0, ${smaller}] bits`);
  if (renyi2 > entropy + errors.entropy + errors.renyi2 + slack) throw engineFault(`Rényi-2 ${renyi2} exceeds the von Neumann entropy ${entropy}`);
  let squares = 0;
  for (let i = 0; i < schmidt.length; i++) {
    if (schmidt[i] < 0 || (i > 0 && schmidt[i] > schmidt[i - 1])) throw engineFault('the Schmidt coefficients are not non-negative and descending');
    squares += schmidt[i] * schmidt[i];
  }
  if (schmidt.length === 0 || squares > 1 + 2 * schmidt.length * errors.schmidt + 1e-9) throw engineFault(`the Schmidt coefficients' squares sum to ${squares}`);
  if (schmidt[0] + errors.schmidt + 1e-9 < 2 ** (-(entropy + errors.entropy) / 2)) throw engineFault(`the largest Schmidt coefficient ${schmidt[0]} is below 2^(−S/2): the entropy ${entropy} is too small for it`);
  if (n > RECHECK_MAX_N) return;
  let psi: Float64Array;
  let stateT = 0;
  if ('state' in source) {
    psi = source.state;
  } else {
    if (c.groundState === null) throw engineFault('the engine left out the ground state the re-check needs');
    const q = rayleighOf(n, source.terms, c.groundState);
    const scale = termsScale(source.terms);
    if (Math.abs(q.norm - 1) > 1e-9) throw engineFault(`the ground state has norm ${q.norm}, not 1`);
    if (Math.abs(q.value - c.groundEnergy) > 1e-9 * (1 + scale)) throw engineFault(`the ground state has energy ${q.value}, the engine said ${c.groundEnergy}`);
    psi = c.groundState;
    stateT = c.stateT;
  }
  const ref = reducedEntropy(n, psi, subsystem);
  // The engine's bound covers the ground state's own error too; against the same vector only rounding differs.
  const tol = (x: number) => Math.max(x - stateT, 0) + 1e-9;
  if (Math.abs(ref.entropy - entropy) > errors.entropy + 1e-9 && Math.abs(ref.entropy - entropy) > tol(errors.entropy)) {
    throw engineFault(`entropy ${entropy} but the reduced state recomputed from the ${'state' in source ? 'request' : 'ground state'} gives ${ref.entropy} (bound ${errors.entropy})`);
  }
  if (Math.abs(ref.renyi2 - renyi2) > errors.renyi2 + 1e-9) throw engineFault(`Rényi-2 ${renyi2} but the recomputed value is ${ref.renyi2}`);
  for (let i = 0; i < schmidt.length; i++) {
    if (Math.abs(Math.sqrt(ref.probabilities[i] ?? 0) - schmidt[i]) > errors.schmidt + 1e-7) throw engineFault(`Schmidt coefficient ${i} is ${schmidt[i]}, recomputed ${Math.sqrt(ref.probabilities[i] ?? 0)}`);
  }
}
