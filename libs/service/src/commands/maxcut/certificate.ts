/**
 * maxcut's certificates (docs/certificates.md): `bipartite` when the cut crosses every positive
 * edge and no negative one (it cuts Σ max(0, w), which no cut exceeds), and `odd_cycles` of
 * edge-disjoint positive triangles when Σ max(0, w) less their least weights reaches the stated
 * bound (or, for a certified cut, the cut itself) — the engines' cycle bound on graphs of positive
 * weights: the triangles it packed (BinaryResult.triangles) are checked here and summed exactly,
 * and only when they do not reach the bound is the triangle pass repeated here (engine-ts
 * kernels/cut-bound.ts, same order). When the stated
 * bound is the engines' SDP bound, `sdp_dual`: the engine's dual point y rounded to multiples of
 * 2⁻²⁰ and a μ stated a little above the engine's proven one (covering the rounding of y and the
 * checker's own floating-point margin), written as exact decimals; the bound they prove,
 * Σ y + n·max(0, μ), is computed here exactly (integers scaled by 2²⁰, summed as BigInt) and
 * floored for integer weights. A stated bound below it is restated as it (never claim more than
 * the certificate proves).
 */
import type { PairList } from '@svc/engine-ts';
import type { CertificateProducer } from '../command-module';
import { dyadicDecimal } from '../shared/exact-decimal';

/** True when `x` cuts every positive edge of `edges` and no negative one. */
function attainsPositiveSum(edges: PairList, x: ArrayLike<number>): boolean {
  for (let k = 0; k < edges.w.length; k++) {
    const w = edges.w[k];
    if (w !== 0 && (x[edges.i[k]] !== x[edges.j[k]]) !== w > 0) return false;
  }
  return true;
}

/** Σ max(0, w) when every weight is an integer and the sum is exact in doubles, else null (a rounded sum could overstate the proof). */
function exactPositiveSum(edges: PairList): number | null {
  let s = 0;
  for (let k = 0; k < edges.w.length; k++) {
    if (!Number.isInteger(edges.w[k])) return null;
    s += Math.max(0, edges.w[k]);
  }
  return Number.isSafeInteger(s) ? s : null;
}

/** The most adjacency entries the triangle packing scans (it keeps what it has packed past it). */
const PACK_WORK = 50_000_000;

/** The positive edges as rows sorted by neighbour (edge ids beside), each row's first entry past its own node, and Σ max(0, w); null unless every weight is an integer and the sum exact. */
function positiveRows(n: number, edges: PairList): { start: Int32Array; to: Int32Array; id: Int32Array; above: Int32Array; positive: number } | null {
  const m = edges.w.length;
  let positive = 0;
  const start = new Int32Array(n + 1);
  for (let k = 0; k < m; k++) {
    if (!Number.isInteger(edges.w[k])) return null;
    positive += Math.max(0, edges.w[k]);
    if (edges.w[k] > 0) {
      start[edges.i[k] + 1]++;
      start[edges.j[k] + 1]++;
    }
  }
  if (!Number.isSafeInteger(positive)) return null;
  for (let v = 0; v < n; v++) start[v + 1] += start[v];
  // Rows in edge order, then transposed: scanning the rows u = 0, 1, … and appending u to its
  // neighbours' rows sorts every row by neighbour (ties in edge order), with no comparison sort.
  const rawTo = new Int32Array(start[n]);
  const rawId = new Int32Array(start[n]);
  const fill = start.slice(0, n);
  for (let k = 0; k < m; k++) {
    if (edges.w[k] <= 0) continue;
    const a = edges.i[k];
    const b = edges.j[k];
    rawTo[fill[a]] = b;
    rawId[fill[a]++] = k;
    rawTo[fill[b]] = a;
    rawId[fill[b]++] = k;
  }
  const to = new Int32Array(start[n]);
  const id = new Int32Array(start[n]);
  fill.set(start.subarray(0, n));
  for (let u = 0; u < n; u++) {
    for (let q = start[u]; q < start[u + 1]; q++) {
      const x = rawTo[q];
      to[fill[x]] = u;
      id[fill[x]++] = rawId[q];
    }
  }
  // The first entry of each row past its own node (the triangle scan skips the ones before).
  const above = new Int32Array(n);
  for (let v = 0; v < n; v++) {
    let q = start[v];
    while (q < start[v + 1] && to[q] <= v) q++;
    above[v] = q;
  }
  return { start, to, id, above, positive };
}

/**
 * The engine's packed triangles (BinaryResult.triangles: u, v, w each) as `odd_cycles`, checked
 * here: each edge positive and in no other triangle, the bound Σ max(0, w) less each triangle's
 * least weight. Null when one is not such a triangle (then the service packs its own).
 */
export function engineTriangles(n: number, edges: PairList, tri: ArrayLike<number>): { cycles: number[][]; bound: number } | null {
  const rows = positiveRows(n, edges);
  if (rows === null || tri.length % 3 !== 0) return null;
  const { start, to, id, positive } = rows;
  // The id of the positive edge a–b, or −1 (binary search in a's row).
  const edgeOf = (a: number, b: number): number => {
    if (!(a >= 0 && a < n && b >= 0 && b < n)) return -1;
    let lo = start[a];
    let hi = start[a + 1];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (to[mid] < b) lo = mid + 1;
      else hi = mid;
    }
    return lo < start[a + 1] && to[lo] === b ? id[lo] : -1;
  };
  const used = new Uint8Array(edges.w.length);
  const cycles: number[][] = [];
  let bound = positive;
  for (let t = 0; t < tri.length; t += 3) {
    const [a, b, c] = [tri[t], tri[t + 1], tri[t + 2]];
    const e = [edgeOf(a, b), edgeOf(b, c), edgeOf(a, c)];
    if (a === b || b === c || a === c || e.some((k) => k < 0 || used[k] !== 0)) return null;
    for (const k of e) used[k] = 1;
    cycles.push([a, b, c]);
    bound -= Math.min(edges.w[e[0]], edges.w[e[1]], edges.w[e[2]]);
  }
  return { cycles, bound };
}

/** The `odd_cycles` packing to try for `target` (the bound to prove): the engine's triangles when they reach it, else the service's own packing. */
function cyclePacking(n: number, edges: PairList, r: { readonly kind: string; readonly triangles?: ArrayLike<number> }, target: (bound: number) => boolean): { cycles: number[][]; bound: number } | null {
  if (r.kind === 'binary' && r.triangles !== undefined) {
    const own = engineTriangles(n, edges, r.triangles);
    if (own !== null && target(own.bound)) return own;
  }
  return packPositiveTriangles(n, edges);
}

/**
 * Edge-disjoint triangles of positive edges, packed greedily in the order of the engines' triangle
 * pass (kernels/cut-bound.ts: u ascending, its neighbours v > u ascending, the first w > v closing
 * a triangle of unused edges), and Σ max(0, w) less each triangle's least weight. Integer weights
 * only (null otherwise: the sums must be exact).
 */
export function packPositiveTriangles(n: number, edges: PairList): { cycles: number[][]; bound: number } | null {
  const rows = positiveRows(n, edges);
  if (rows === null) return null;
  const { start, to, id, above, positive } = rows;
  const m = edges.w.length;
  const used = new Uint8Array(m);
  const stamp = new Int32Array(n).fill(-1);
  const via = new Int32Array(n);
  const cycles: number[][] = [];
  let bound = positive;
  let work = 0;
  for (let u = 0; u < n && work <= PACK_WORK; u++) {
    for (let q = start[u]; q < start[u + 1]; q++) {
      stamp[to[q]] = u;
      via[to[q]] = id[q];
    }
    work += start[u + 1] - start[u];
    for (let q = start[u]; q < start[u + 1] && work <= PACK_WORK; q++) {
      const v = to[q];
      const e1 = id[q];
      if (v <= u || used[e1] !== 0) continue;
      // Counted as scanned from the row's start, as the engines' pass counts it.
      work += above[v] - start[v];
      for (let p = above[v]; p < start[v + 1]; p++) {
        work++;
        const w = to[p];
        if (stamp[w] !== u) continue;
        const e2 = id[p];
        const e3 = via[w];
        if (used[e2] !== 0 || used[e3] !== 0) continue;
        used[e1] = used[e2] = used[e3] = 1;
        cycles.push([u, v, w]);
        bound -= Math.min(edges.w[e1], edges.w[e2], edges.w[e3]);
        break;
      }
    }
  }
  return { cycles, bound };
}

/** The most nodes an `sdp_dual` is checked for below its Gershgorin bound (docs/certificates.md `sdp_dual`). */
export const SDP_DUAL_MAX_N = 1000;
const SDP_SHIFT = 20;
const SDP_SCALE = 2 ** SDP_SHIFT;
const U = 2 ** -53;

/**
 * The `sdp_dual` certificate of an engine's dual point (y, μ proven ≥ λ_max(L/4 − Diag y)) and the
 * bound it proves (⌊·⌋ for integer weights; else the exact value, a double since it is a multiple
 * of 2⁻²⁰ below 2³³), or null when a number leaves the doubles' exact integers once scaled.
 */
export function sdpDualCertificate(n: number, edges: PairList, y: ArrayLike<number>, mu: number): { certificate: { kind: 'sdp_dual'; y: string[]; mu: string }; bound: number } | null {
  if (y.length !== n || !Number.isFinite(mu)) return null;
  const degree = new Float64Array(n);
  const absSum = new Float64Array(n);
  let integral = true;
  for (let k = 0; k < edges.w.length; k++) {
    const w = edges.w[k];
    if (!Number.isInteger(w)) integral = false;
    degree[edges.i[k]] += w;
    degree[edges.j[k]] += w;
    absSum[edges.i[k]] += Math.abs(w);
    absSum[edges.j[k]] += Math.abs(w);
  }
  const a = new Array<number>(n);
  let scale = 0;
  let trace = 0;
  for (let i = 0; i < n; i++) {
    a[i] = Math.round(y[i] * SDP_SCALE);
    if (!Number.isSafeInteger(a[i])) return null;
    scale = Math.max(scale, Math.abs(0.25 * degree[i] - y[i]) + 0.25 * absSum[i]);
    trace += Math.abs(mu - 0.25 * degree[i] + y[i]);
  }
  // Rounding y moves λ_max by at most 2⁻²¹; the checker's floating Cholesky (Rump) needs μI − A
  // positive definite by about 5(n+1)u·tr; 10⁻⁸ of the matrix scale besides.
  const lift = 2 ** -21 + 16 * (n + 1) * U * trace + 1e-8 * Math.max(1, scale);
  const m = Math.ceil((mu + lift) * SDP_SCALE);
  if (!Number.isSafeInteger(m) || !Number.isFinite(lift)) return null;
  let sum = BigInt(n) * BigInt(Math.max(0, m));
  for (let i = 0; i < n; i++) sum += BigInt(a[i]);
  const scaled = BigInt(SDP_SCALE);
  // ⌊sum / 2²⁰⌋ (BigInt division truncates toward zero).
  const floor = sum / scaled - (sum % scaled < 0n ? 1n : 0n);
  const exact = Number(sum) / SDP_SCALE;
  if (!Number.isSafeInteger(Number(floor)) || BigInt(Number(sum)) !== sum) return null;
  return { certificate: { kind: 'sdp_dual', y: a.map(dyadicDecimal), mu: dyadicDecimal(m) }, bound: integral ? Number(floor) : exact };
}

export const maxcutCertificate: CertificateProducer = (prep, r, done) => {
  const p = prep.problem;
  if (p.kind !== 'maxcut') return { omitted: 'not produced for this problem' };
  if (p.complete || p.edges === null) return { omitted: 'certified by construction: the complete graph\'s maximum cut is ⌊n²/4⌋ (recompute it)' };
  if (done.proof !== null) {
    if (attainsPositiveSum(p.edges, r.answer)) return { certificate: { kind: 'bipartite' } };
    // Integer cuts: a bound below cut + 1 proves it.
    const packed = cyclePacking(p.n, p.edges, r, (b) => b < r.objective + 1);
    if (packed !== null && packed.bound < r.objective + 1) return { certificate: { kind: 'odd_cycles', cycles: packed.cycles } };
    return { omitted: done.proof === 'exhaustive' ? 'exhaustive enumeration (re-run locally)' : `${done.proof}: no certificate of this proof yet` };
  }
  if (done.bound === undefined) return { omitted: 'heuristic answer: nothing to prove' };
  if (done.bound === exactPositiveSum(p.edges)) return { certificate: { kind: 'odd_cycles', cycles: [] } };
  const bound = done.bound;
  const packed = cyclePacking(p.n, p.edges, r, (b) => b <= bound);
  if (packed !== null && packed.bound <= done.bound) return { certificate: { kind: 'odd_cycles', cycles: packed.cycles } };
  if (r.kind === 'binary' && r.sdpDual !== undefined) {
    if (p.n > SDP_DUAL_MAX_N) return { omitted: `${p.n} nodes: over the sdp_dual checkers' cap of ${SDP_DUAL_MAX_N} for the SDP bound` };
    const made = sdpDualCertificate(p.n, p.edges, r.sdpDual.y, r.sdpDual.mu);
    if (made === null) return { omitted: 'the SDP dual point is too large for exact decimals' };
    if (made.bound <= done.bound) return { certificate: made.certificate };
    const cut = r.objective;
    return { certificate: made.certificate, restate: { bound: made.bound, gap: Math.abs(cut - made.bound) / Math.max(1, Math.abs(cut)) } };
  }
  return { omitted: 'the bound comes from 4-cycles or negative edges: no certificate of it yet' };
};
