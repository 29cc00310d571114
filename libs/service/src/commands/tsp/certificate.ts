/**
 * tsp's certificate (docs/certificates.md `one_tree`): the node penalties π of the engine's root
 * Held–Karp bound, rounded to multiples of 2⁻²⁰ and written as exact decimals. The bound they prove,
 * w(T*) − 2Σπ with T* a minimum 1-tree under d(i, j) + π_i + π_j, is computed here exactly
 * (integers scaled by 2²⁰, summed as BigInt); with integer distances every tour is at least its
 * ceiling. A stated bound above that ceiling is restated as the ceiling (never claim more than
 * the certificate proves). An answer proven by branch and bound below the root carries the tree
 * the engine recorded (tree-certificate.ts) when the root π alone does not reach its length.
 */
import { tspDistanceOf, type TspDistance } from '@svc/engine-ts/families/tsp';
import type { CertificateProducer } from '../command-module';
import { dyadicDecimal } from '../shared/exact-decimal';
import { tspTreeCertificate } from './tree-certificate';

/** The most cities a `one_tree` is checked for (docs/certificates.md "Size"): beyond, none is produced. */
const ONE_TREE_MAX_N = 5000;
const SHIFT = 20;
const SCALE = 2 ** SHIFT;
const SAFE = Number.MAX_SAFE_INTEGER;

/**
 * ⌈w(T*) − 2Σπ⌉ for π = a / 2²⁰ over cities 0..n−1 (n ≥ 3; city 0 special), or null when a
 * distance is not an integer or a scaled weight would leave the doubles' exact integers.
 */
export function oneTreeCeiling(n: number, d: TspDistance, a: Int32Array | number[]): number | null {
  let maxA = 0;
  for (let i = 0; i < n; i++) maxA = Math.max(maxA, Math.abs(a[i]));
  const weight = (i: number, j: number): number => {
    const dij = d(i, j);
    if (!Number.isInteger(dij) || Math.abs(dij) * SCALE + 2 * maxA > SAFE) throw new RangeError('inexact');
    return dij * SCALE + a[i] + a[j];
  };
  try {
    // Prim over cities 1..n−1: exact integer weights, so the tree's weight does not depend on ties.
    const key = new Float64Array(n).fill(Infinity);
    const inTree = new Uint8Array(n);
    let total = 0n;
    inTree[1] = 1;
    for (let j = 2; j < n; j++) key[j] = weight(1, j);
    let cur = 1;
    for (let t = 2; t < n; t++) {
      let next = -1;
      for (let j = 2; j < n; j++) if (!inTree[j] && (next < 0 || key[j] < key[next])) next = j;
      inTree[next] = 1;
      total += BigInt(key[next]);
      cur = next;
      for (let j = 2; j < n; j++) {
        if (inTree[j]) continue;
        const c = weight(cur, j);
        if (c < key[j]) key[j] = c;
      }
    }
    // City 0 by its two cheapest edges.
    let m1 = Infinity;
    let m2 = Infinity;
    for (let j = 1; j < n; j++) {
      const c = weight(0, j);
      if (c < m1) {
        m2 = m1;
        m1 = c;
      } else if (c < m2) m2 = c;
    }
    total += BigInt(m1) + BigInt(m2);
    let sumA = 0n;
    for (let i = 0; i < n; i++) sumA += BigInt(a[i]);
    const num = total - 2n * sumA;
    const den = BigInt(SCALE);
    // Ceiling of num / den for either sign.
    const q = num / den;
    const ceil = num > q * den ? q + 1n : q;
    return Number(ceil);
  } catch (e) {
    if (e instanceof RangeError) return null;
    throw e;
  }
}

export const tspCertificate: CertificateProducer = (prep, r, done) => {
  const p = prep.problem;
  if (p.kind !== 'tsp' || r.kind !== 'permutation') return { omitted: 'not produced for this problem' };
  if (done.proof === 'dynamic_program') return { omitted: 'dynamic program over subsets (re-run locally)' };
  if (done.proof === null && done.bound === undefined) return { omitted: 'heuristic answer: nothing to prove' };
  if (r.pi === undefined || r.pi.length !== p.n || p.n < 3) {
    return { omitted: done.proof === null ? 'the bound of a one-way (asymmetric) instance comes from its 2n-city form: no certificate of it yet' : `${done.proof}: no certificate of this proof yet` };
  }
  if (p.n > ONE_TREE_MAX_N) return { omitted: `${p.n} cities: over the one_tree checkers' cap of ${ONE_TREE_MAX_N}` };
  const a = new Int32Array(p.n);
  for (let i = 0; i < p.n; i++) {
    const x = Math.round(r.pi[i] * SCALE);
    if (!Number.isSafeInteger(x) || Math.abs(x) > 2 ** 31 - 1) return { omitted: 'penalties too large for the exact 1-tree' };
    a[i] = x;
  }
  const proven = oneTreeCeiling(p.n, tspDistanceOf(p), a);
  if (proven === null) return { omitted: 'distances not integers or too large for the exact 1-tree' };
  const certificate = { kind: 'one_tree', pi: Array.from(a, dyadicDecimal) };
  const length = r.objective;
  if (done.proof !== null) {
    if (proven >= length) return { certificate };
    if (r.tree !== undefined) return tspTreeCertificate(p.n, tspDistanceOf(p), r.tree, length);
    return { omitted: `${done.proof}: the root penalties prove ${proven} < ${length} and no branch tree was recorded` };
  }
  if (proven >= done.bound!) return { certificate };
  return { certificate, restate: { bound: proven, gap: (length - proven) / Math.max(1, Math.abs(length)) } };
};
