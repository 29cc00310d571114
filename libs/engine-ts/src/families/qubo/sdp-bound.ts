/**
 * A proven upper bound on the maximum cut from the Goemans–Williamson SDP relaxation: the port of
 * engine-native core/qubo/sdp_bound.cc, operation for operation in the same order (the same
 * Prng draws, the same summation orders, the Cholesky's two-lane dot products), so both engines
 * report the same bound. The method and its proof are in docs/optimize-maxcut.md:
 *   1. mixing method (Wang, Chang, Kolter 2017) on unit vectors of R^k, k = ⌈√(2n)⌉ + 1;
 *   2. dual point y_i = ¼(D_ii + ‖g_i‖) from the KKT conditions;
 *   3. Lanczos estimate θ of λ_max(L/4 − Diag y) and its Ritz residual ρ;
 *   4. proof: a floating-point Cholesky of μ′I − (L/4 − Diag y), μ′ = θ + max(10⁻⁶·scale, 0.3ρ),
 *      that runs to completion proves λ_max ≤ μ′ + α·tr B + (diagonal rounding) + (underflow)
 *      (Demmel / Higham Thm 10.3, Rump's criterion); the bound is Σ y + n·μ, rounded up, floored
 *      for integral weights. Failing that (three tries, margin ×10), nothing is claimed.
 */
import type { Limits } from '../../kernels/model';
import type { PairList } from '../../base';
import { Prng } from '../../prng';

/** Smallest n that gets the SDP bound (native kSdpMinN). */
export const SDP_MIN_N = 64;
const U = 2 ** -53;
const SDP_SEED_SALT = 0x53445042;

/** Largest n for the SDP bound at an exact budget's boundWork: 0 at flash, 2048 at medium, 6000 at high. */
export function sdpBoundMaxN(boundWork: number): number {
  if (boundWork < 50_000_000) return 0;
  return boundWork < 200_000_000 ? 2048 : 6000;
}

export interface SdpBoundOutcome {
  proven: boolean;
  bound: number;
  estimate: number;
  primal: number;
  sweeps: number;
  choleskyTries: number;
  stopped: boolean;
  /** When proven: the dual point y and the proven μ ≥ λ_max(L/4 − Diag y) (bound = Σ y + n·μ, rounded up). */
  y?: Float64Array;
  mu?: number;
}

function gamma(k: number): number {
  const ku = k * U;
  return ku >= 0.5 ? Infinity : ku / (1 - ku);
}

interface Graph {
  n: number;
  start: Float64Array;
  to: Int32Array;
  w: Float64Array;
  degree: Float64Array;
  absSum: Float64Array;
}

function buildGraph(n: number, e: PairList): Graph {
  const m = e.w.length;
  const start = new Float64Array(n + 1);
  for (let k = 0; k < m; k++) {
    start[e.i[k] + 1]++;
    start[e.j[k] + 1]++;
  }
  for (let v = 0; v < n; v++) start[v + 1] += start[v];
  const to = new Int32Array(start[n]);
  const w = new Float64Array(start[n]);
  const fill = start.slice(0, n);
  const degree = new Float64Array(n);
  const absSum = new Float64Array(n);
  for (let k = 0; k < m; k++) {
    const a = e.i[k];
    const b = e.j[k];
    const x = e.w[k];
    to[fill[a]] = b;
    w[fill[a]++] = x;
    to[fill[b]] = a;
    w[fill[b]++] = x;
    degree[a] += x;
    degree[b] += x;
    absSum[a] += Math.abs(x);
    absSum[b] += Math.abs(x);
  }
  return { n, start, to, w, degree, absSum };
}

function applyA(g: Graph, d: Float64Array, x: Float64Array, xo: number, y: Float64Array): void {
  for (let i = 0; i < g.n; i++) {
    let s = 0;
    for (let e = g.start[i]; e < g.start[i + 1]; e++) s += g.w[e] * x[xo + g.to[e]];
    y[i] = 0.25 * (g.degree[i] * x[xo + i] - s) - d[i] * x[xo + i];
  }
}

function tridiagMax(a: number[], b: number[]): number {
  const k = a.length;
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < k; i++) {
    const r = (i > 0 ? Math.abs(b[i - 1]) : 0) + (i + 1 < k ? Math.abs(b[i]) : 0);
    lo = Math.min(lo, a[i] - r);
    hi = Math.max(hi, a[i] + r);
  }
  const count = (x: number): number => {
    let c = 0;
    let q = 1;
    for (let i = 0; i < k; i++) {
      const bb = i > 0 ? b[i - 1] * b[i - 1] : 0;
      q = a[i] - x - (i > 0 ? bb / q : 0);
      if (q === 0) q = -1e-300;
      if (q < 0) c++;
    }
    return c;
  };
  for (let it = 0; it < 200 && hi - lo > 1e-15 * Math.max(1, Math.abs(hi) + Math.abs(lo)); it++) {
    const mid = 0.5 * (lo + hi);
    if (count(mid) >= k) hi = mid;
    else lo = mid;
  }
  return hi;
}

function lastEigComponent(a: number[], b: number[], theta: number): number {
  const k = a.length;
  if (k === 1) return 1;
  let norm = 0;
  for (let i = 0; i < k; i++) norm = Math.max(norm, Math.abs(a[i]) + (i > 0 ? Math.abs(b[i - 1]) : 0) + (i + 1 < k ? Math.abs(b[i]) : 0));
  const sigma = theta + 1e-10 * (norm + 1e-300);
  const x = new Float64Array(k).fill(1 / Math.sqrt(k));
  const c = new Float64Array(k);
  const d = new Float64Array(k);
  for (let it = 0; it < 3; it++) {
    let piv = a[0] - sigma;
    if (piv === 0) piv = 1e-300;
    c[0] = b[0] / piv;
    d[0] = x[0] / piv;
    for (let i = 1; i < k; i++) {
      piv = a[i] - sigma - b[i - 1] * c[i - 1];
      if (piv === 0) piv = 1e-300;
      c[i] = i + 1 < k ? b[i] / piv : 0;
      d[i] = (x[i] - b[i - 1] * d[i - 1]) / piv;
    }
    x[k - 1] = d[k - 1];
    for (let i = k - 1; i-- > 0; ) x[i] = d[i] - c[i] * x[i + 1];
    let nrm = 0;
    for (let i = 0; i < k; i++) nrm += x[i] * x[i];
    nrm = Math.sqrt(nrm);
    if (!(nrm > 0) || !Number.isFinite(nrm)) return 1;
    for (let i = 0; i < k; i++) x[i] /= nrm;
  }
  return Math.abs(x[k - 1]);
}

/** v[at .. at+len) a random unit vector: entries uniform in [-½, ½) drawn in order, then normalised (native RandomUnit). */
function randomUnit(rng: Prng, v: Float64Array, at: number, len: number): void {
  let s = 0;
  for (let t = 0; t < len; t++) {
    v[at + t] = rng.nextFloat() - 0.5;
    s += v[at + t] * v[at + t];
  }
  s = Math.sqrt(s);
  for (let t = 0; t < len; t++) v[at + t] /= s;
}

function lanczosMax(g: Graph, d: Float64Array, iters: number, seed: number): { theta: number; residual: number } {
  const n = g.n;
  iters = Math.max(1, Math.min(iters, n));
  const q = new Float64Array((iters + 1) * n);
  randomUnit(new Prng(seed >>> 0), q, 0, n);
  const a: number[] = [];
  const b: number[] = [];
  const w = new Float64Array(n);
  let lastBeta = 0;
  for (let j = 0; j < iters; j++) {
    const qj = j * n;
    applyA(g, d, q, qj, w);
    let alpha = 0;
    for (let i = 0; i < n; i++) alpha += q[qj + i] * w[i];
    a.push(alpha);
    for (let pass = 0; pass < 2; pass++) {
      for (let t = 0; t <= j; t++) {
        const qt = t * n;
        let c = 0;
        for (let i = 0; i < n; i++) c += q[qt + i] * w[i];
        for (let i = 0; i < n; i++) w[i] -= c * q[qt + i];
      }
    }
    let beta = 0;
    for (let i = 0; i < n; i++) beta += w[i] * w[i];
    beta = Math.sqrt(beta);
    lastBeta = beta;
    if (j + 1 === iters || !(beta > 1e-12 * (Math.abs(alpha) + 1e-300))) break;
    b.push(beta);
    const qn = (j + 1) * n;
    for (let i = 0; i < n; i++) q[qn + i] = w[i] / beta;
  }
  b.length = a.length > 0 ? a.length - 1 : 0;
  const theta = tridiagMax(a, b);
  return { theta, residual: lastBeta * lastEigComponent(a, b, theta) };
}

const ROWS = 8;
const off = (i: number): number => (i * (i + 1)) / 2;

/**
 * In-place Cholesky of the packed lower triangle, ROWS rows at a time, with the native engine's
 * two-lane dot products (even and odd k summed apart, then added). False when a pivot is not
 * positive or a limit fired.
 */
function packedCholesky(P: Float64Array, n: number, limits: Limits): boolean {
  const rows = new Float64Array(ROWS);
  const acc0 = new Float64Array(ROWS);
  const acc1 = new Float64Array(ROWS);
  const dots = new Float64Array(ROWS);
  for (let i0 = 0; i0 < n; i0 += ROWS) {
    if (limits.check()) return false;
    const nb = Math.min(ROWS, n - i0);
    for (let r = 0; r < ROWS; r++) rows[r] = off(i0 + Math.min(r, nb - 1));
    for (let j = 0; j < i0; j++) {
      const lj = off(j);
      acc0.fill(0);
      acc1.fill(0);
      let k = 0;
      for (; k + 2 <= j; k += 2) {
        const b0 = P[lj + k];
        const b1 = P[lj + k + 1];
        for (let r = 0; r < ROWS; r++) {
          acc0[r] += P[rows[r] + k] * b0;
          acc1[r] += P[rows[r] + k + 1] * b1;
        }
      }
      for (let r = 0; r < ROWS; r++) {
        dots[r] = acc0[r] + acc1[r];
        if (k < j) dots[r] += P[rows[r] + k] * P[lj + k];
      }
      const djj = P[lj + j];
      for (let r = 0; r < nb; r++) P[rows[r] + j] = (P[rows[r] + j] - dots[r]) / djj;
    }
    for (let j = i0; j < i0 + nb; j++) {
      const lj = off(j);
      for (let r = j - i0; r < nb; r++) {
        const lr = rows[r];
        let sum = 0;
        for (let k = 0; k < j; k++) sum += P[lr + k] * P[lj + k];
        if (r === j - i0) {
          const d = P[lj + j] - sum;
          if (!(d > 0) || !Number.isFinite(d)) return false;
          P[lj + j] = Math.sqrt(d);
        } else {
          P[lr + j] = (P[lr + j] - sum) / P[lj + j];
        }
      }
    }
  }
  return true;
}

/**
 * Tries to prove λ_max(L/4 − Diag y) ≤ μ for a μ slightly above `shift` (native ProveShift):
 * the proven μ, or null when the factorisation fails or a limit fires.
 */
export function proveShift(n: number, edges: PairList, y: Float64Array, shift: number, limits: Limits): number | null {
  if (n < 1 || y.length !== n || !Number.isFinite(shift)) return null;
  const g = buildGraph(n, edges);
  const P = new Float64Array(off(n));
  for (let e = 0; e < edges.w.length; e++) {
    const a = Math.max(edges.i[e], edges.j[e]);
    const b = Math.min(edges.i[e], edges.j[e]);
    P[off(a) + b] += 0.25 * edges.w[e];
  }
  let maxErr = 0;
  let trace = 0;
  for (let i = 0; i < n; i++) {
    if (!Number.isFinite(y[i])) return null;
    const bii = shift - 0.25 * g.degree[i] + y[i];
    P[off(i) + i] = bii;
    if (!(bii > 0)) return null;
    trace += bii;
    const deg = g.start[i + 1] - g.start[i];
    const e = 2 * gamma(deg + 4) * (Math.abs(shift) + 0.25 * g.absSum[i] + 0.25 * Math.abs(g.degree[i]) + Math.abs(y[i]));
    maxErr = Math.max(maxErr, e);
  }
  if (!packedCholesky(P, n, limits)) return null;
  const gn = gamma(n + 1);
  const alpha = (1.01 * gn) / (1 - gn);
  const trHi = trace * (1 + 2 * gamma(n));
  const slack = alpha * trHi + maxErr + n * n * 2 ** -998;
  let mu = shift + slack;
  mu += 4 * U * (Math.abs(shift) + slack);
  return Number.isFinite(mu) ? mu : null;
}

/** Σ y_i + n·mu rounded upward, floored when `integral` (native DualCutBound). */
export function dualCutBound(y: Float64Array, mu: number, integral: boolean): number {
  const n = y.length;
  let sum = 0;
  let absSum = 0;
  for (let i = 0; i < n; i++) {
    sum += y[i];
    absSum += Math.abs(y[i]);
  }
  const total = sum + n * mu;
  const err = 2 * gamma(n + 3) * (absSum + n * Math.abs(mu)) + 2 ** -1000;
  const b = total + err;
  return integral ? Math.floor(b) : b;
}

function allIntegral(w: Float64Array): boolean {
  let total = 0;
  for (let k = 0; k < w.length; k++) {
    if (w[k] !== Math.floor(w[k])) return false;
    total += Math.abs(w[k]);
  }
  return total < 2 ** 52;
}

/** Steps 1–4 (native MaxcutSdpBound): `seed` seeds the start vectors. */
export function maxcutSdpBound(n: number, edges: PairList, seed: number, limits: Limits, maxSweeps = 3000, tol = 1e-8): SdpBoundOutcome {
  const out: SdpBoundOutcome = { proven: false, bound: 0, estimate: 0, primal: 0, sweeps: 0, choleskyTries: 0, stopped: false };
  if (n < 2) return out;
  const g = buildGraph(n, edges);
  const k = Math.min(n, Math.ceil(Math.sqrt(2 * n)) + 1);
  const v = new Float64Array(n * k);
  const rng = new Prng((seed ^ SDP_SEED_SALT) >>> 0);
  for (let i = 0; i < n; i++) randomUnit(rng, v, i * k, k);
  const gi = new Float64Array(k);
  const y = new Float64Array(n);
  let totalAbs = 0;
  for (let i = 0; i < n; i++) totalAbs += g.absSum[i];
  const gather = (i: number): void => {
    gi.fill(0);
    for (let e = g.start[i]; e < g.start[i + 1]; e++) {
      const vj = g.to[e] * k;
      const w = g.w[e];
      for (let t = 0; t < k; t++) gi[t] += w * v[vj + t];
    }
  };
  for (let sweep = 1; sweep <= maxSweeps; sweep++) {
    if (limits.check()) {
      out.stopped = true;
      return out;
    }
    let decrease = 0;
    for (let i = 0; i < n; i++) {
      gather(i);
      let nrm = 0;
      let dot = 0;
      const vi = i * k;
      for (let t = 0; t < k; t++) {
        nrm += gi[t] * gi[t];
        dot += gi[t] * v[vi + t];
      }
      nrm = Math.sqrt(nrm);
      if (!(nrm > 0)) continue;
      decrease += nrm + dot;
      for (let t = 0; t < k; t++) v[vi + t] = -gi[t] / nrm;
    }
    out.sweeps = sweep;
    if (decrease <= tol * totalAbs) break;
  }
  for (let i = 0; i < n; i++) {
    gather(i);
    let s = 0;
    for (let t = 0; t < k; t++) s += gi[t] * gi[t];
    y[i] = 0.25 * (g.degree[i] + Math.sqrt(s));
  }
  let primal = 0;
  for (let i = 0; i < n; i++) {
    gather(i);
    let dot = 0;
    for (let t = 0; t < k; t++) dot += gi[t] * v[i * k + t];
    primal += g.degree[i] - dot;
  }
  out.primal = 0.25 * primal;
  const ritz = lanczosMax(g, y, Math.min(n, 300), (seed ^ SDP_SEED_SALT ^ 0x51) >>> 0);
  let sy = 0;
  let scale = 0;
  for (let i = 0; i < n; i++) {
    sy += y[i];
    scale = Math.max(scale, Math.abs(0.25 * g.degree[i] - y[i]) + 0.25 * g.absSum[i]);
  }
  out.estimate = sy + n * ritz.theta;
  const integral = allIntegral(edges.w);
  let margin = Math.max(1e-6 * Math.max(scale, 1e-300), 0.3 * ritz.residual);
  for (let t = 0; t < 3; t++, margin *= 10) {
    out.choleskyTries++;
    const mu = proveShift(n, edges, y, ritz.theta + margin, limits);
    if (mu !== null) {
      out.proven = true;
      out.bound = dualCutBound(y, mu, integral);
      out.y = y;
      out.mu = mu;
      return out;
    }
    if (limits.stopped !== null) {
      out.stopped = true;
      return out;
    }
  }
  return out;
}
