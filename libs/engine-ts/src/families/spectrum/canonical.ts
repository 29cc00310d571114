/** The canonical Pauli sum from JSON terms `[{coeff, ops}]` (shared by spectrum and entropy). */
import type { PauliTerms } from '../../kernels/pauli-sum';
import type { SpectrumProblem } from './problem';

/** One JSON term: a coefficient and a string of I, X, Y, Z of length n (character q acts on qubit q). */
export interface PauliTermInput {
  readonly coeff: number;
  readonly ops: string;
}

/** Masks of one ops string; throws on a character other than I, X, Y, Z or a wrong length. */
export function pauliMasks(ops: string, n: number): { x: number; z: number } {
  if (ops.length !== n) throw new Error(`ops "${ops}" has length ${ops.length}, expected ${n}`);
  let x = 0;
  let z = 0;
  for (let q = 0; q < n; q++) {
    const ch = ops.charCodeAt(q);
    if (ch === 88) x |= 1 << q; // X
    else if (ch === 90) z |= 1 << q; // Z
    else if (ch === 89) {
      x |= 1 << q; // Y
      z |= 1 << q;
    } else if (ch !== 73) throw new Error(`ops "${ops}" has "${ops[q]}" at ${q}; expected I, X, Y or Z`);
  }
  return { x, z };
}

/** Distinct terms ordered by (x, z), duplicates summed, exact zeros dropped. */
export function canonicalPauliTerms(n: number, terms: readonly PauliTermInput[]): PauliTerms {
  if (!(Number.isInteger(n) && n >= 1 && n <= 30)) throw new Error(`n must be an integer in 1..30, got ${n}`);
  const sum = new Map<number, number>();
  for (const t of terms) {
    if (!Number.isFinite(t.coeff)) throw new Error(`coeff ${t.coeff} is not finite`);
    const { x, z } = pauliMasks(t.ops, n);
    const key = x * 2 ** n + z;
    sum.set(key, (sum.get(key) ?? 0) + t.coeff);
  }
  const keys = [...sum.keys()].filter((k) => sum.get(k) !== 0).sort((a, b) => a - b);
  const x = new Int32Array(keys.length);
  const z = new Int32Array(keys.length);
  const coeff = new Float64Array(keys.length);
  keys.forEach((key, i) => {
    x[i] = Math.floor(key / 2 ** n);
    z[i] = key % 2 ** n;
    coeff[i] = sum.get(key)!;
  });
  return { n, x, z, coeff };
}

/** The canonical spectrum problem. */
export function canonicalSpectrum(n: number, terms: readonly PauliTermInput[], k = 2, vectors = false): SpectrumProblem {
  if (!(Number.isInteger(k) && k >= 1)) throw new Error(`k must be a positive integer, got ${k}`);
  const t = canonicalPauliTerms(n, terms);
  return { kind: 'spectrum', n, k, x: t.x, z: t.z, coeff: t.coeff, vectors: vectors ? 1 : 0 };
}
