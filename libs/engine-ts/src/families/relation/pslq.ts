/**
 * PSLQ (Ferguson–Bailey–Arno 1999, in the single-level form of Bailey's "PSLQ: an algorithm to
 * discover integer relations", 2009) in fixed-point integer arithmetic: every real is an integer
 * scaled by 2^prec, and every operation is one of floor division, floor shift, integer square root
 * (floor) and exact products and sums, so the C++ twin (core/relation/pslq.cc, GMP) computes the
 * very same numbers. B (whose columns are the candidate relations) is kept exactly in integers; the
 * inverse matrix A of the textbook is not needed.
 *
 * Stops (RELATION_STOPS): a column of B whose y entry falls below the tolerance 2^−⌊3/4·Dbits⌋ is a
 * candidate; it is `found` when `accept` says so (the exact check, exact.ts), else the run ends
 * `unverified` (the precision is spent: what these digits can see is not a relation within the
 * bounds). `bound`: 1/max_j |H_jj| — a lower bound on the Euclidean norm of any relation — exceeds
 * √n · max_height, so no relation with coefficients at most max_height exists (to the working
 * precision). `exhausted`: a diagonal entry of H or the corner norm became 0. `iterations`: the
 * work cap. `limit`: the deadline or a cancel.
 */
import { isqrt } from '../precision/bigfloat';
import type { RelationStop } from './problem';

/** Guard bits beyond the D working digits. */
export const PSLQ_GUARD_BITS = 32;

/** Bits of D decimal digits: ⌈D·log2 10⌉, computed exactly as ⌈D·3321928095/10^9⌉ (the C++ twin uses the same integers). */
export const digitBits = (d: number): number => Math.ceil((d * 3321928095) / 1e9);

/** floor(a / b) for b ≠ 0. */
export function fdiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return (a % b !== 0n) && ((a < 0n) !== (b < 0n)) ? q - 1n : q;
}

const abs = (a: bigint): bigint => (a < 0n ? -a : a);

/** What a run found. */
export interface PslqOutcome {
  readonly stop: RelationStop;
  /** The accepted column of B (found), else null. */
  readonly relation: bigint[] | null;
  /** max_j |H_jj| (fixed point) when the run ended; 0 when it ended before the first bound. */
  readonly maxDiagonal: bigint;
  readonly iterations: number;
}

/** The work cap of one run: 100·n² + 20·n·prec iterations. */
export const pslqIterationCap = (n: number, prec: number): number => 100 * n * n + 20 * n * prec;

/**
 * PSLQ on the fixed-point vector x (scaled by 2^prec, |x_i| < 2^prec). `accept(column)` decides a
 * candidate; `heightSquaredTimesN` is n · max_height² (the bound test: 2^(2prec) > n·H²·max|H_jj|²);
 * `poll` returns true when the deadline or a cancel asks to stop.
 */
export function pslq(x: readonly bigint[], prec: number, heightSquaredTimesN: bigint, tolBits: number, accept: (col: bigint[]) => boolean, poll: () => boolean): PslqOutcome {
  const n = x.length;
  const P = BigInt(prec);
  const one = 1n << P;
  const half = 1n << (P - 1n);
  const tol = 1n << BigInt(prec - tolBits);
  const B: bigint[][] = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1n : 0n)));
  const column = (i: number): bigint[] => B.map((row) => row[i]);
  // A value below the tolerance: the unit vector on it is the only candidate these digits can judge.
  for (let i = 0; i < n; i++) {
    if (abs(x[i]) < tol) {
      const col = column(i);
      return accept(col) ? { stop: 'found', relation: col, maxDiagonal: 0n, iterations: 0 } : { stop: 'unverified', relation: null, maxDiagonal: 0n, iterations: 0 };
    }
  }
  // Initialisation: partial norms s, normalised y, the n × (n−1) lower trapezoidal H.
  const s: bigint[] = new Array(n);
  let acc = 0n;
  for (let k = n - 1; k >= 0; k--) {
    acc += (x[k] * x[k]) >> P;
    s[k] = isqrt(acc << P);
  }
  const s0 = s[0];
  const y = x.map((v) => fdiv(v << P, s0));
  for (let k = 0; k < n; k++) s[k] = fdiv(s[k] << P, s0);
  const H: bigint[][] = Array.from({ length: n }, () => new Array<bigint>(n - 1).fill(0n));
  for (let i = 0; i < n; i++) {
    if (i <= n - 2) H[i][i] = s[i] !== 0n ? fdiv(s[i + 1] << P, s[i]) : 0n;
    for (let j = 0; j < i && j <= n - 2; j++) {
      const d = s[j] * s[j + 1];
      H[i][j] = d !== 0n ? fdiv((-y[i] * y[j]) << P, d) : 0n;
    }
  }
  // γ^(i+1) in fixed point, γ = √(4/3).
  const gamma = isqrt(((4n << P) / 3n) << P);
  const G: bigint[] = [gamma];
  for (let i = 1; i < n - 1; i++) G.push((G[i - 1] * gamma) >> P);

  const reduce = (i: number, j: number): boolean => {
    const hjj = H[j][j];
    if (hjj === 0n) return false;
    const t = (fdiv(H[i][j] << P, hjj) + half) >> P;
    if (t === 0n) return true;
    y[j] += t * y[i];
    const Hi = H[i], Hj = H[j];
    for (let k = 0; k <= j; k++) Hi[k] -= t * Hj[k];
    for (let k = 0; k < n; k++) B[k][j] += t * B[k][i];
    return true;
  };
  for (let i = 1; i < n; i++) for (let j = i - 1; j >= 0; j--) reduce(i, j);

  const cap = pslqIterationCap(n, prec);
  const twoPrec = one * one;
  let maxDiagonal = 0n;
  for (let iter = 1; ; iter++) {
    // 1. The row m maximising γ^(m+1)·|H_mm| (the first on ties).
    let m = 0;
    let best = -1n;
    for (let i = 0; i < n - 1; i++) {
      const sz = G[i] * abs(H[i][i]);
      if (sz > best) { best = sz; m = i; }
    }
    // 2. Exchange m and m+1.
    [y[m], y[m + 1]] = [y[m + 1], y[m]];
    [H[m], H[m + 1]] = [H[m + 1], H[m]];
    for (let k = 0; k < n; k++) [B[k][m], B[k][m + 1]] = [B[k][m + 1], B[k][m]];
    // 3. Restore the corner by a rotation.
    if (m <= n - 3) {
      const a = H[m][m], b = H[m][m + 1];
      const t0 = isqrt(a * a + b * b);
      if (t0 === 0n) return { stop: 'exhausted', relation: null, maxDiagonal, iterations: iter };
      const t1 = fdiv(a << P, t0), t2 = fdiv(b << P, t0);
      for (let i = m; i < n; i++) {
        const t3 = H[i][m], t4 = H[i][m + 1];
        H[i][m] = (t1 * t3 + t2 * t4) >> P;
        H[i][m + 1] = (t1 * t4 - t2 * t3) >> P;
      }
    }
    // 4. Size-reduce the rows below.
    for (let i = m + 1; i < n; i++) {
      for (let j = Math.min(i - 1, m + 1); j >= 0; j--) {
        if (!reduce(i, j)) return { stop: 'exhausted', relation: null, maxDiagonal, iterations: iter };
      }
    }
    // 5. A candidate?
    for (let i = 0; i < n; i++) {
      if (abs(y[i]) < tol) {
        const col = column(i);
        return accept(col) ? { stop: 'found', relation: col, maxDiagonal, iterations: iter } : { stop: 'unverified', relation: null, maxDiagonal, iterations: iter };
      }
    }
    // 6. The norm bound.
    let md = 0n;
    for (let j = 0; j < n - 1; j++) if (abs(H[j][j]) > md) md = abs(H[j][j]);
    if (md === 0n) return { stop: 'exhausted', relation: null, maxDiagonal, iterations: iter };
    maxDiagonal = md;
    if (twoPrec > heightSquaredTimesN * md * md) return { stop: 'bound', relation: null, maxDiagonal, iterations: iter };
    if (iter >= cap) return { stop: 'iterations', relation: null, maxDiagonal, iterations: iter };
    if ((iter & 7) === 0 && poll()) return { stop: 'limit', relation: null, maxDiagonal, iterations: iter };
  }
}

/**
 * The largest Euclidean norm of a relation of n terms that D working digits can decide,
 * N_D = ⌊10^⌊D/4⌋ / (2n)⌋: a true relation a has |a·x̂| ≤ ‖a‖₁·2·10^−D on the terms as PSLQ holds
 * them (the digits sent and the fixed point), below PSLQ's tolerance 10^(−3D/4) only while
 * ‖a‖₂ < N_D; beyond it PSLQ's bound speaks of the rounded vector, not of the true values, so no
 * claim goes beyond N_D.
 */
export const decidableNorm = (D: number, n: number): bigint => 10n ** BigInt(Math.floor(D / 4)) / BigInt(2 * n);

/**
 * The lower bound min(1/max|H_jj|, cap) as a double, from the integer ⌊2^(2prec)/max|H_jj|⌋ >> prec
 * (capped) truncated to its top 53 bits (as GMP's mpz_get_d does); Number.MAX_VALUE beyond 1000
 * bits; 0 when no bound was reached.
 */
export function boundOf(maxDiagonal: bigint, prec: number, cap?: bigint): number {
  if (maxDiagonal === 0n) return 0;
  const P = BigInt(prec);
  let b = ((1n << (2n * P)) / maxDiagonal) >> P;
  if (cap !== undefined && b > cap) b = cap;
  const bits = b.toString(2).length;
  if (b === 0n) return 0;
  if (bits > 1000) return Number.MAX_VALUE;
  if (bits <= 53) return Number(b);
  return Number(b >> BigInt(bits - 53)) * 2 ** (bits - 53);
}
