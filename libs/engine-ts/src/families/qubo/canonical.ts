/**
 * Builders from validated JSON input to the canonical problems of `problem.ts`.
 * The contracts layer validates first; these builders still throw a plain `Error` on input that
 * would make the canonical form meaningless (bad index, self-pair in max-cut, non-finite weight).
 *
 * Canonical pair order: i < j, sorted by (i, j), duplicates summed in input order (a stable
 * two-pass counting sort keeps equal pairs in input order, so the sum is w1 + w2 + ... left to
 * right), zero weights kept. Time O(n + m), no per-pair objects.
 */
import type { PairList } from '../../base';
import type { MaxcutProblem, QuboProblem } from './problem';

/** One input coupling or edge `[i, j, w]`. */
export type RawPair = readonly [number, number, number];

const INDEX_KEY = /^(0|[1-9][0-9]*)$/;

/**
 * optimize: `linear` {index: h}, `quadratic` [[i, j, w]] → `QuboProblem`.
 * A self-pair [i, i, w] adds w to linear[i] (x² = x), after the `linear` value, in input order.
 */
export function canonicalQubo(
  n: number,
  linear: Readonly<Record<string, number>> | undefined,
  quadratic: ReadonlyArray<RawPair> | undefined,
): QuboProblem {
  checkN(n);
  const h = new Float64Array(n);
  if (linear !== undefined) {
    for (const key of Object.keys(linear)) {
      if (!INDEX_KEY.test(key)) throw new Error(`linear key "${key}" is not a 0-based index`);
      const i = Number(key);
      if (i >= n) throw new Error(`linear index ${i} is out of range 0..${n - 1}`);
      h[i] = checkWeight(linear[key], `linear[${key}]`);
    }
  }
  const pairs = buildPairs(n, quadratic ?? [], 'quadratic', h);
  return { kind: 'qubo', n, linear: h, pairs };
}

/**
 * maxcut: exactly one of `edges` (possibly empty; the contracts layer rejects an empty list) or
 * `complete: true`. A self-pair [i, i, w] throws.
 */
export function canonicalMaxcut(
  n: number,
  edges: ReadonlyArray<RawPair> | undefined,
  complete: boolean,
): MaxcutProblem {
  checkN(n);
  if (complete) {
    if (edges !== undefined) throw new Error('maxcut takes either edges or complete: true, not both');
    return { kind: 'maxcut', n, edges: null, complete: true };
  }
  if (edges === undefined) throw new Error('maxcut needs edges or complete: true');
  return { kind: 'maxcut', n, edges: buildPairs(n, edges, 'edges', null), complete: false };
}

/**
 * The same canonical QUBO from parallel arrays (for binary inputs such as SVCB): `linear` is
 * the dense h (length n, copied), pairs are (pi[k], pj[k], pw[k]) with self-pairs folded in.
 */
export function canonicalQuboFromArrays(
  n: number,
  linear: ArrayLike<number> | null,
  pi: ArrayLike<number>,
  pj: ArrayLike<number>,
  pw: ArrayLike<number>,
): QuboProblem {
  checkN(n);
  const h = new Float64Array(n);
  if (linear !== null) {
    if (linear.length !== n) throw new Error(`linear has length ${linear.length}, expected ${n}`);
    for (let i = 0; i < n; i++) h[i] = checkWeight(linear[i], `linear[${i}]`);
  }
  return { kind: 'qubo', n, linear: h, pairs: buildPairsFromArrays(n, pi, pj, pw, 'quadratic', h) };
}

/** The same canonical max-cut from parallel edge arrays (for binary inputs such as SVCB). */
export function canonicalMaxcutFromArrays(
  n: number,
  pi: ArrayLike<number>,
  pj: ArrayLike<number>,
  pw: ArrayLike<number>,
): MaxcutProblem {
  checkN(n);
  return { kind: 'maxcut', n, edges: buildPairsFromArrays(n, pi, pj, pw, 'edges', null), complete: false };
}

function buildPairsFromArrays(
  n: number,
  pi: ArrayLike<number>,
  pj: ArrayLike<number>,
  pw: ArrayLike<number>,
  field: string,
  selfInto: Float64Array | null,
): PairList {
  const total = pi.length;
  if (pj.length !== total || pw.length !== total) throw new Error(`${field} arrays differ in length`);
  const a = new Int32Array(total);
  const b = new Int32Array(total);
  const w = new Float64Array(total);
  let m = 0;
  for (let k = 0; k < total; k++) {
    const i = checkIndex(pi[k], n, field, k);
    const j = checkIndex(pj[k], n, field, k);
    const wk = checkWeight(pw[k], `${field}[${k}]`);
    if (i === j) {
      if (selfInto === null) throw new Error(`${field}[${k}] is a self-pair [${i}, ${i}]`);
      selfInto[i] += wk;
      continue;
    }
    a[m] = i < j ? i : j;
    b[m] = i < j ? j : i;
    w[m] = wk;
    m++;
  }
  return sortAndMerge(n, a, b, w, m);
}

/**
 * Canonicalise a raw pair list. With `selfInto` set, self-pairs are added to it (QUBO);
 * with null they throw (max-cut, Ising).
 */
function buildPairs(
  n: number,
  raw: ReadonlyArray<RawPair>,
  field: string,
  selfInto: Float64Array | null,
): PairList {
  const total = raw.length;
  const a = new Int32Array(total);
  const b = new Int32Array(total);
  const w = new Float64Array(total);
  let m = 0;
  for (let k = 0; k < total; k++) {
    const p = raw[k];
    if (!Array.isArray(p) || p.length !== 3) throw new Error(`${field}[${k}] must be [i, j, weight]`);
    const i = checkIndex(p[0], n, field, k);
    const j = checkIndex(p[1], n, field, k);
    const wk = checkWeight(p[2], `${field}[${k}]`);
    if (i === j) {
      if (selfInto === null) throw new Error(`${field}[${k}] is a self-pair [${i}, ${i}]`);
      selfInto[i] += wk;
      continue;
    }
    a[m] = i < j ? i : j;
    b[m] = i < j ? j : i;
    w[m] = wk;
    m++;
  }
  return sortAndMerge(n, a, b, w, m);
}

/**
 * Stable LSD counting sort of the first m normalised pairs by (a, b), then merge equal pairs.
 * Exported for the SVCB decoder and for tests; inputs must already satisfy 0 <= a < b < n.
 */
export function sortAndMerge(n: number, a: Int32Array, b: Int32Array, w: Float64Array, m: number): PairList {
  const count = new Int32Array(n + 1);
  // Pass 1: by b (the secondary key), stable.
  for (let k = 0; k < m; k++) count[b[k] + 1]++;
  for (let v = 0; v < n; v++) count[v + 1] += count[v];
  const byB = new Int32Array(m);
  for (let k = 0; k < m; k++) byB[count[b[k]]++] = k;
  // Pass 2: by a (the primary key), stable over pass 1.
  count.fill(0);
  for (let k = 0; k < m; k++) count[a[k] + 1]++;
  for (let v = 0; v < n; v++) count[v + 1] += count[v];
  const order = new Int32Array(m);
  for (let r = 0; r < m; r++) {
    const k = byB[r];
    order[count[a[k]]++] = k;
  }
  // Merge runs of equal (a, b), summing weights left to right (input order).
  let out = 0;
  const oi = new Int32Array(m);
  const oj = new Int32Array(m);
  const ow = new Float64Array(m);
  for (let r = 0; r < m; r++) {
    const k = order[r];
    if (out > 0 && oi[out - 1] === a[k] && oj[out - 1] === b[k]) {
      ow[out - 1] += w[k];
    } else {
      oi[out] = a[k];
      oj[out] = b[k];
      ow[out] = w[k];
      out++;
    }
  }
  return out === m
    ? { i: oi, j: oj, w: ow }
    : { i: oi.slice(0, out), j: oj.slice(0, out), w: ow.slice(0, out) };
}

function checkN(n: number): void {
  if (!Number.isInteger(n) || n < 1 || n > 0x7fffffff) throw new Error(`n must be a positive integer, got ${n}`);
}

function checkIndex(v: unknown, n: number, field: string, k: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v >= n) {
    throw new Error(`${field}[${k}] has index ${String(v)} outside 0..${n - 1}`);
  }
  return v;
}

function checkWeight(v: unknown, where: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error(`${where} weight must be a finite number`);
  return v;
}
