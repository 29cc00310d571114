/**
 * The independent re-check of an entropy result (never trusting the engine), from the request JSON:
 * finite values, 0 ≤ S ≤ log2 d, Rényi-2 ≤ S (both within their bounds), Schmidt coefficients
 * descending with squares summing to at most 1 and the largest at least 2^(−S/2) (min-entropy ≤ S);
 * then, where its cost is bounded (reduced-state.ts: the smaller side d ≤ RECHECK_MAX_DIM and
 * 2^n·d ≤ RECHECK_MAX_WORK), the entropies recomputed from the state — the request's divided by its
 * norm as the docs say, or the ground state the engine returns (n ≤ RECHECK_MAX_N), whose norm and,
 * when terms·2^n ≤ ENERGY_RECHECK_MAX_WORK, energy are checked against the terms first — and
 * compared within the engine's stated bound plus the re-check's own proven bound.
 */
import { engineFault } from '../../internal/rescore';
import { rayleighOf, termsScale, type TermJson } from '../shared/pauli';
import { recomputable, reducedEntropy } from './reduced-state';

/** The engine returns its ground state for the re-check up to this many qubits. */
export const RECHECK_MAX_N = 12;
/** The most term × amplitude applications (terms · 2^n) the re-check spends on a ground state's energy. */
export const ENERGY_RECHECK_MAX_WORK = 2 ** 21;

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
  // Each s_i ≤ √p_i + e with Σp ≤ 1, so Σ s_i² ≤ 1 + 2e·Σ√p_i + m·e² ≤ 1 + 2e√m + m·e².
  const m = schmidt.length;
  if (m === 0 || squares > 1 + 2 * errors.schmidt * Math.sqrt(m) + m * errors.schmidt ** 2 + 1e-12) throw engineFault(`the Schmidt coefficients' squares sum to ${squares}`);
  if (schmidt[0] + errors.schmidt + 1e-9 < 2 ** (-(entropy + errors.entropy) / 2)) throw engineFault(`the largest Schmidt coefficient ${schmidt[0]} is below 2^(−S/2): the entropy ${entropy} is too small for it`);
  if (!recomputable(n, subsystem.length)) return;
  let psi: Float64Array;
  if ('state' in source) {
    psi = source.state;
  } else {
    if (n > RECHECK_MAX_N) return;
    if (c.groundState === null) throw engineFault('the engine left out the ground state the re-check needs');
    let norm2 = 0;
    for (const x of c.groundState) norm2 += x * x;
    if (!(Math.abs(Math.sqrt(norm2) - 1) <= 1e-9)) throw engineFault(`the ground state has norm ${Math.sqrt(norm2)}, not 1`);
    if (source.terms.length * 2 ** n <= ENERGY_RECHECK_MAX_WORK) {
      const q = rayleighOf(n, source.terms, c.groundState);
      const scale = termsScale(source.terms);
      if (Math.abs(q.value - c.groundEnergy) > 1e-9 * (1 + scale)) throw engineFault(`the ground state has energy ${q.value}, the engine said ${c.groundEnergy}`);
    }
    psi = c.groundState;
  }
  // The engine's bounds are about the true state (for a ground state, its own error included); the
  // service's value of the same vector is within its own proven bound of the exact one.
  const ref = reducedEntropy(n, psi, subsystem);
  const from = 'state' in source ? 'request' : 'ground state';
  if (!(Math.abs(ref.entropy - entropy) <= errors.entropy + ref.entropyBound)) {
    throw engineFault(`entropy ${entropy} but the reduced state recomputed from the ${from} gives ${ref.entropy} (bounds: the engine's ${errors.entropy}, the re-check's ${ref.entropyBound})`);
  }
  if (!(Math.abs(ref.renyi2 - renyi2) <= errors.renyi2 + ref.renyi2Bound)) {
    throw engineFault(`Rényi-2 ${renyi2} but the recomputed value is ${ref.renyi2} (bounds: the engine's ${errors.renyi2}, the re-check's ${ref.renyi2Bound})`);
  }
  const schmidtSlack = Math.sqrt(ref.perValue);
  for (let i = 0; i < schmidt.length; i++) {
    const own = Math.sqrt(ref.probabilities[i] ?? 0);
    if (!(Math.abs(own - schmidt[i]) <= errors.schmidt + schmidtSlack)) throw engineFault(`Schmidt coefficient ${i} is ${schmidt[i]}, recomputed ${own} (bounds: the engine's ${errors.schmidt}, the re-check's ${schmidtSlack})`);
  }
}
