/**
 * `feel`: the Ising form and its exact reduction to a QUBO.
 *
 * Energy E(s) = Σ h_i s_i + Σ_{i<j} J_ij s_i s_j over s ∈ {−1, +1}^n. With s = 2x − 1:
 *   h s_i           = 2h x_i − h
 *   J s_i s_j       = 4J x_i x_j − 2J x_i − 2J x_j + J
 * so E(s) = Q(x) + offset with Q's linear a_i = 2h_i − 2 Σ_{j~i} J_ij, pairs b_ij = 4 J_ij and
 * offset = Σ J_ij − Σ h_i. The engines solve Q (the `optimize` path, so `feel` certifies exactly
 * the sizes `optimize` does); answers travel as bits x_i = 1 ⇔ s_i = +1.
 */
import type { PairList } from '../../base';
import type { QuboProblem } from './problem';
import { canonicalQubo, type RawPair } from './canonical';

/** `feel` in canonical form: couplings i < j sorted, duplicates summed (self-pairs rejected). */
export interface IsingProblem {
  readonly kind: 'ising';
  readonly n: number;
  /** h_i, length n. */
  readonly field: Float64Array;
  readonly couplings: PairList;
}

/**
 * feel: `field` {index: h}, `quadratic` [[i, j, J]] → `IsingProblem`. Throws a plain Error on a
 * self-pair [i, i, J] (s_i² = 1 makes it a constant, which commands.md rejects), a bad index or
 * a non-finite number.
 */
export function canonicalIsing(
  n: number,
  field: Readonly<Record<string, number>> | undefined,
  quadratic: ReadonlyArray<RawPair> | undefined,
): IsingProblem {
  for (const [k, p] of (quadratic ?? []).entries()) {
    if (Array.isArray(p) && p.length === 3 && p[0] === p[1]) throw new Error(`quadratic[${k}] is a self-pair [${p[0]}, ${p[0]}]`);
  }
  // Same checks, sorting and summation as optimize; the field plays the part of `linear`.
  const q = canonicalQubo(n, field, quadratic);
  return { kind: 'ising', n, field: q.linear, couplings: q.pairs };
}

/** The exact QUBO of an Ising problem and the constant to add: E(s) = Q(x) + offset. */
export function isingToQubo(p: IsingProblem): { qubo: QuboProblem; offset: number } {
  const { i: pi, j: pj, w } = p.couplings;
  const linear = new Float64Array(p.n);
  for (let v = 0; v < p.n; v++) linear[v] = 2 * p.field[v];
  const quad = new Float64Array(w.length);
  let offset = 0;
  for (let v = 0; v < p.n; v++) offset -= p.field[v];
  for (let k = 0; k < w.length; k++) {
    linear[pi[k]] -= 2 * w[k];
    linear[pj[k]] -= 2 * w[k];
    quad[k] = 4 * w[k];
    offset += w[k];
  }
  // Same (i, j) order as the couplings: already canonical, no re-sort needed.
  return { qubo: { kind: 'qubo', n: p.n, linear, pairs: { i: pi, j: pj, w: quad } }, offset };
}

/** Ising energy of a ±1 assignment: Σ h_i s_i (i ascending), then Σ J_ij s_i s_j in pair order. */
export function evaluateIsing(p: IsingProblem, s: ArrayLike<number>): number {
  if (s.length !== p.n) throw new Error(`assignment has length ${s.length}, expected ${p.n}`);
  let e = 0;
  for (let i = 0; i < p.n; i++) {
    const v = s[i];
    if (v !== 1 && v !== -1) throw new Error(`assignment[${i}] = ${v} is not -1 or +1`);
    e += p.field[i] * v;
  }
  const { i: pi, j: pj, w } = p.couplings;
  for (let k = 0; k < w.length; k++) e += w[k] * s[pi[k]] * s[pj[k]];
  return e;
}

/** Bits of the QUBO form → spins: 1 → +1, 0 → −1. */
export function spinsFromBits(x: ArrayLike<number>): Int8Array {
  const s = new Int8Array(x.length);
  for (let i = 0; i < x.length; i++) s[i] = x[i] !== 0 ? 1 : -1;
  return s;
}

/** Spins → bits of the QUBO form: +1 → 1, −1 → 0 (throws on anything else). */
export function bitsFromSpins(s: ArrayLike<number>): Uint8Array {
  const x = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) {
    if (s[i] === 1) x[i] = 1;
    else if (s[i] !== -1) throw new Error(`spin[${i}] = ${s[i]} is not -1 or +1`);
  }
  return x;
}
