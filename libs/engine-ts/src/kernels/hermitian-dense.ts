/**
 * The lowest eigenpairs of a dense Hermitian matrix (C++ twin: core/kernels/hermitian_dense.{h,cc}):
 *   1. Householder reduction to tridiagonal form, A = Q T Qᴴ (reflectors I − τ v vᴴ with real τ,
 *      kept for the back-transformation); a complex T is made real by a diagonal of phases
 *      (D T Dᴴ has the moduli as its off-diagonal);
 *   2. bisection with Sturm counts for the lowest `count` eigenvalues of the real tridiagonal
 *      (multiplicities are counted exactly);
 *   3. inverse iteration for their vectors (pivoted tridiagonal LU, three steps), each cluster of
 *      close eigenvalues orthogonalised within itself, then the phases and Q applied.
 * Row-major storage; complex matrices and vectors interleave (re, im). O(N³) for step 1, O(N·count)
 * for steps 2–3 on the tridiagonal, O(N²·count) to apply Q.
 */
import { Prng } from '../prng';

const EPS = 2.220446049250313e-16;

/** A real symmetric tridiagonal matrix: diagonal d (N), off-diagonal e (N − 1). */
export interface Tridiagonal {
  readonly d: Float64Array;
  readonly e: Float64Array;
}

/** The Householder reduction of A (destroyed: its rows keep the reflectors). */
interface Reduction extends Tridiagonal {
  readonly N: number;
  readonly complex: boolean;
  readonly A: Float64Array;
  readonly tau: Float64Array;
  /** Phases δ (interleaved) with T_complex = D T_real Dᴴ; null when real. */
  readonly phase: Float64Array | null;
}

/** Reduces the Hermitian A (N×N) to tridiagonal form in place. */
export function tridiagonalize(A: Float64Array, N: number, complex: boolean): Reduction {
  const s = complex ? 2 : 1;
  const d = new Float64Array(N);
  const sub = new Float64Array(Math.max(0, N - 1) * 2); // complex sub-diagonal T[k+1][k]
  const tau = new Float64Array(N);
  const p = new Float64Array(N * s);
  for (let k = 0; k < N - 1; k++) {
    d[k] = A[(k * N + k) * s];
    const L = N - k - 1;
    const r0 = (k * N + k + 1) * s; // row k from column k+1: conj of the column below the diagonal
    // x_i = conj(A[k][k+1+i]) = A[k+1+i][k].
    let tail = 0;
    for (let i = 1; i < L; i++) {
      tail += A[r0 + i * s] * A[r0 + i * s];
      if (complex) tail += A[r0 + i * s + 1] * A[r0 + i * s + 1];
    }
    const x0r = A[r0];
    const x0i = complex ? -A[r0 + 1] : 0;
    if (tail === 0) {
      sub[2 * k] = x0r;
      sub[2 * k + 1] = x0i;
      tau[k] = 0;
      continue;
    }
    const ax0 = Math.hypot(x0r, x0i);
    const norm = Math.sqrt(tail + ax0 * ax0);
    // α = −e^{iφ}‖x‖ with x0 = |x0| e^{iφ}; v = x − α e1; τ = 2/‖v‖².
    const pr = ax0 === 0 ? 1 : x0r / ax0;
    const pi = ax0 === 0 ? 0 : x0i / ax0;
    sub[2 * k] = -pr * norm;
    sub[2 * k + 1] = -pi * norm;
    const v0 = ax0 + norm;
    // v stored in row k (as v itself, not its conjugate): v_0 = e^{iφ}(|x0| + ‖x‖), v_i = x_i.
    A[r0] = pr * v0;
    if (complex) A[r0 + 1] = pi * v0;
    for (let i = 1; i < L; i++) if (complex) A[r0 + i * s + 1] = -A[r0 + i * s + 1];
    const vv = v0 * v0 + tail;
    const t = 2 / vv;
    tau[k] = t;
    // Trailing block B = A[k+1.., k+1..]: p = τ B v, K = (τ/2) vᴴp, w = p − K v, B −= v wᴴ + w vᴴ.
    const base = k + 1;
    if (!complex) {
      for (let i = 0; i < L; i++) {
        let acc = 0;
        const row = (base + i) * N + base;
        for (let j = 0; j < L; j++) acc += A[row + j] * A[r0 + j];
        p[i] = t * acc;
      }
      let vp = 0;
      for (let i = 0; i < L; i++) vp += A[r0 + i] * p[i];
      const K = 0.5 * t * vp;
      for (let i = 0; i < L; i++) p[i] -= K * A[r0 + i];
      for (let i = 0; i < L; i++) {
        const row = (base + i) * N + base;
        const vi = A[r0 + i];
        const wi = p[i];
        for (let j = 0; j < L; j++) A[row + j] -= vi * p[j] + wi * A[r0 + j];
      }
    } else {
      for (let i = 0; i < L; i++) {
        let ar = 0;
        let ai = 0;
        const row = ((base + i) * N + base) * 2;
        for (let j = 0; j < L; j++) {
          const br = A[row + 2 * j];
          const bi = A[row + 2 * j + 1];
          const vr = A[r0 + 2 * j];
          const vi = A[r0 + 2 * j + 1];
          ar += br * vr - bi * vi;
          ai += br * vi + bi * vr;
        }
        p[2 * i] = t * ar;
        p[2 * i + 1] = t * ai;
      }
      let vp = 0; // Re(vᴴ p); the imaginary part vanishes for Hermitian B
      for (let i = 0; i < L; i++) vp += A[r0 + 2 * i] * p[2 * i] + A[r0 + 2 * i + 1] * p[2 * i + 1];
      const K = 0.5 * t * vp;
      for (let i = 0; i < L; i++) {
        p[2 * i] -= K * A[r0 + 2 * i];
        p[2 * i + 1] -= K * A[r0 + 2 * i + 1];
      }
      // B[i][j] −= v_i conj(w_j) + w_i conj(v_j)
      for (let i = 0; i < L; i++) {
        const row = ((base + i) * N + base) * 2;
        const vir = A[r0 + 2 * i];
        const vii = A[r0 + 2 * i + 1];
        const wir = p[2 * i];
        const wii = p[2 * i + 1];
        for (let j = 0; j < L; j++) {
          const wjr = p[2 * j];
          const wji = p[2 * j + 1];
          const vjr = A[r0 + 2 * j];
          const vji = A[r0 + 2 * j + 1];
          A[row + 2 * j] -= vir * wjr + vii * wji + wir * vjr + wii * vji;
          A[row + 2 * j + 1] -= vii * wjr - vir * wji + wii * vjr - wir * vji;
        }
      }
    }
  }
  if (N > 0) d[N - 1] = A[((N - 1) * N + N - 1) * s];
  const e = new Float64Array(Math.max(0, N - 1));
  let phase: Float64Array | null = null;
  if (complex) {
    phase = new Float64Array(2 * N);
    phase[0] = 1;
    for (let k = 0; k < N - 1; k++) {
      const m = Math.hypot(sub[2 * k], sub[2 * k + 1]);
      e[k] = m;
      const ur = m === 0 ? 1 : sub[2 * k] / m;
      const ui = m === 0 ? 0 : sub[2 * k + 1] / m;
      // δ_{k+1} = δ_k · sub_k/|sub_k|
      phase[2 * k + 2] = phase[2 * k] * ur - phase[2 * k + 1] * ui;
      phase[2 * k + 3] = phase[2 * k] * ui + phase[2 * k + 1] * ur;
    }
  } else {
    for (let k = 0; k < N - 1; k++) e[k] = Math.abs(sub[2 * k]);
    // A real reflector leaves sub_k real with either sign; a sign is a phase ±1.
    phase = null;
    let sign = 1;
    const signs = new Float64Array(N);
    signs[0] = 1;
    for (let k = 0; k < N - 1; k++) {
      if (sub[2 * k] < 0) sign = -sign;
      signs[k + 1] = sign;
    }
    return { N, complex, A, tau, d, e, phase: signs };
  }
  return { N, complex, A, tau, d, e, phase };
}

/** Number of eigenvalues of the tridiagonal below x (Sturm count of the LDLᵀ pivots). */
export function sturmCount(t: Tridiagonal, x: number, pivmin: number): number {
  const { d, e } = t;
  let count = 0;
  let q = d[0] - x;
  if (Math.abs(q) <= pivmin) q = -pivmin;
  if (q < 0) count++;
  for (let i = 1; i < d.length; i++) {
    q = d[i] - x - (e[i - 1] * e[i - 1]) / q;
    if (Math.abs(q) <= pivmin) q = -pivmin;
    if (q < 0) count++;
  }
  return count;
}

/** The lowest `count` eigenvalues of a real symmetric tridiagonal, ascending, by bisection. */
export function tridiagonalEigenvalues(t: Tridiagonal, count: number): Float64Array {
  const { d, e } = t;
  const N = d.length;
  let lo = Infinity;
  let hi = -Infinity;
  let emax = 0;
  for (let i = 0; i < N; i++) {
    const r = (i > 0 ? Math.abs(e[i - 1]) : 0) + (i < N - 1 ? Math.abs(e[i]) : 0);
    lo = Math.min(lo, d[i] - r);
    hi = Math.max(hi, d[i] + r);
    if (i < N - 1) emax = Math.max(emax, e[i] * e[i]);
  }
  const width = Math.max(Math.abs(lo), Math.abs(hi));
  const pivmin = Number.MIN_VALUE * 1e10 * Math.max(1, emax);
  lo -= 2 * EPS * width + pivmin;
  hi += 2 * EPS * width + pivmin;
  const out = new Float64Array(count);
  let left = lo;
  for (let j = 0; j < count; j++) {
    // The (j+1)-th smallest λ: count(x) ≤ j at a, ≥ j+1 at b.
    let a = left;
    let b = hi;
    for (let it = 0; it < 200; it++) {
      const mid = 0.5 * (a + b);
      if (mid <= a || mid >= b || b - a <= 2 * EPS * Math.max(Math.abs(a), Math.abs(b)) + pivmin) break;
      if (sturmCount(t, mid, pivmin) <= j) a = mid;
      else b = mid;
    }
    out[j] = 0.5 * (a + b);
    left = a;
  }
  return out;
}

/**
 * Solves (T − λI) x = b in place (b → x) by Gaussian elimination with partial pivoting of the
 * tridiagonal; a zero pivot is replaced by `tiny`.
 */
function solveShifted(t: Tridiagonal, lambda: number, b: Float64Array, tiny: number): void {
  const { d, e } = t;
  const N = d.length;
  // Rows i: [l_i, m_i, u_i, u2_i] after pivoting (u2 fill-in two to the right).
  const diag = new Float64Array(N);
  const up = new Float64Array(N);
  const up2 = new Float64Array(N);
  const mult = new Float64Array(N);
  const swapped = new Uint8Array(N);
  let cd = d[0] - lambda;
  let cu = N > 1 ? e[0] : 0;
  for (let i = 0; i < N - 1; i++) {
    const below = e[i];
    const nd = d[i + 1] - lambda;
    const nu = i + 1 < N - 1 ? e[i + 1] : 0;
    if (Math.abs(cd) >= Math.abs(below)) {
      const piv = cd === 0 ? tiny : cd;
      const m = below / piv;
      diag[i] = piv;
      up[i] = cu;
      up2[i] = 0;
      mult[i] = m;
      cd = nd - m * cu;
      cu = nu;
    } else {
      // Swap rows i and i+1.
      const m = cd / below;
      diag[i] = below;
      up[i] = nd;
      up2[i] = nu;
      mult[i] = m;
      swapped[i] = 1;
      cd = cu - m * nd;
      cu = -m * nu;
    }
  }
  diag[N - 1] = cd === 0 ? tiny : cd;
  // Forward: apply the row operations to b.
  for (let i = 0; i < N - 1; i++) {
    if (swapped[i]) {
      const tmp = b[i];
      b[i] = b[i + 1];
      b[i + 1] = tmp - mult[i] * b[i];
    } else {
      b[i + 1] -= mult[i] * b[i];
    }
  }
  // Back substitution.
  for (let i = N - 1; i >= 0; i--) {
    let v = b[i];
    if (i + 1 < N) v -= up[i] * b[i + 1];
    if (i + 2 < N) v -= up2[i] * b[i + 2];
    let piv = diag[i];
    if (Math.abs(piv) < tiny) piv = piv < 0 ? -tiny : tiny;
    b[i] = v / piv;
  }
}

/**
 * Eigenvectors of the real tridiagonal for the given ascending eigenvalues by inverse iteration;
 * eigenvalues closer than 1e-3·‖T‖ form a cluster whose vectors are orthogonalised against each
 * other (as LAPACK's stein). Starting vectors from a fixed seed.
 */
export function tridiagonalVectors(t: Tridiagonal, values: Float64Array): Float64Array[] {
  const N = t.d.length;
  let norm = 0;
  for (let i = 0; i < N; i++) norm = Math.max(norm, Math.abs(t.d[i]) + (i > 0 ? Math.abs(t.e[i - 1]) : 0) + (i < N - 1 ? Math.abs(t.e[i]) : 0));
  norm = Math.max(norm, 1e-290); // a zero matrix still gets a usable pivot floor
  const ortol = 1e-3 * norm;
  const tiny = EPS * norm;
  const rng = new Prng(0x51ed270b);
  const out: Float64Array[] = [];
  let clusterStart = 0;
  let last = -Infinity;
  for (let j = 0; j < values.length; j++) {
    let lambda = values[j];
    if (j > 0 && lambda - values[j - 1] > ortol) clusterStart = j;
    // Separate equal shifts slightly so each solve differs (LAPACK: 10·ε·|λ|).
    if (j > clusterStart && lambda - last < 10 * EPS * Math.max(Math.abs(lambda), norm)) lambda = last + 10 * EPS * Math.max(Math.abs(lambda), norm);
    last = lambda;
    const x = new Float64Array(N);
    for (let i = 0; i < N; i++) x[i] = rng.nextFloat() - 0.5;
    for (let it = 0; it < 4; it++) {
      let s = 0;
      for (let i = 0; i < N; i++) s = Math.max(s, Math.abs(x[i]));
      for (let i = 0; i < N; i++) x[i] /= s;
      solveShifted(t, lambda, x, tiny);
      for (let c = clusterStart; c < j; c++) {
        const y = out[c];
        let dot = 0;
        for (let i = 0; i < N; i++) dot += y[i] * x[i];
        for (let i = 0; i < N; i++) x[i] -= dot * y[i];
      }
    }
    // Scaled by the largest entry first: an exactly singular shift leaves entries near 1/tiny.
    let big = 0;
    for (let i = 0; i < N; i++) big = Math.max(big, Math.abs(x[i]));
    for (let i = 0; i < N; i++) x[i] /= big;
    let nrm = 0;
    for (let i = 0; i < N; i++) nrm += x[i] * x[i];
    nrm = Math.sqrt(nrm);
    for (let i = 0; i < N; i++) x[i] /= nrm;
    // The last solve may have grown the cluster's directions by 1/tiny: one subtraction then leaves
    // rounding of that size (overlaps of 0.03 were seen), so the unit vector is orthogonalised twice more.
    for (let pass = 0; pass < 2 && j > clusterStart; pass++) {
      for (let c = clusterStart; c < j; c++) {
        const y = out[c];
        let dot = 0;
        for (let i = 0; i < N; i++) dot += y[i] * x[i];
        for (let i = 0; i < N; i++) x[i] -= dot * y[i];
      }
      let nn = 0;
      for (let i = 0; i < N; i++) nn += x[i] * x[i];
      nn = Math.sqrt(nn);
      for (let i = 0; i < N; i++) x[i] /= nn;
    }
    out.push(x);
  }
  return out;
}

/** A full eigenvector of A from an eigenvector y of the real tridiagonal (D and Q applied). */
function backTransform(r: Reduction, y: Float64Array): Float64Array {
  const { N, A, tau } = r;
  if (!r.complex) {
    const u = Float64Array.from(y);
    const ph = r.phase!;
    for (let i = 0; i < N; i++) u[i] *= ph[i];
    for (let k = N - 2; k >= 0; k--) {
      const t = tau[k];
      if (t === 0) continue;
      const r0 = k * N + k + 1;
      let dot = 0;
      for (let i = 0; i < N - k - 1; i++) dot += A[r0 + i] * u[k + 1 + i];
      dot *= t;
      for (let i = 0; i < N - k - 1; i++) u[k + 1 + i] -= dot * A[r0 + i];
    }
    return u;
  }
  const ph = r.phase!;
  const u = new Float64Array(2 * N);
  for (let i = 0; i < N; i++) {
    u[2 * i] = ph[2 * i] * y[i];
    u[2 * i + 1] = ph[2 * i + 1] * y[i];
  }
  for (let k = N - 2; k >= 0; k--) {
    const t = tau[k];
    if (t === 0) continue;
    const r0 = (k * N + k + 1) * 2;
    // u[k+1..] −= τ v (vᴴ u)
    let dr = 0;
    let di = 0;
    for (let i = 0; i < N - k - 1; i++) {
      const vr = A[r0 + 2 * i];
      const vi = A[r0 + 2 * i + 1];
      const ur = u[2 * (k + 1 + i)];
      const ui = u[2 * (k + 1 + i) + 1];
      dr += vr * ur + vi * ui;
      di += vr * ui - vi * ur;
    }
    dr *= t;
    di *= t;
    for (let i = 0; i < N - k - 1; i++) {
      const vr = A[r0 + 2 * i];
      const vi = A[r0 + 2 * i + 1];
      u[2 * (k + 1 + i)] -= vr * dr - vi * di;
      u[2 * (k + 1 + i) + 1] -= vr * di + vi * dr;
    }
  }
  return u;
}

/** The lowest `count` eigenvalues of a dense Hermitian matrix and, when asked, their orthonormal vectors. A is destroyed. */
export function denseLowest(A: Float64Array, N: number, complex: boolean, count: number, withVectors: boolean): { values: Float64Array; vectors: Float64Array[] } {
  const c = Math.min(count, N);
  if (N === 0 || c === 0) return { values: new Float64Array(0), vectors: [] };
  const r = tridiagonalize(A, N, complex);
  const values = tridiagonalEigenvalues(r, c);
  if (!withVectors) return { values, vectors: [] };
  const ys = tridiagonalVectors(r, values);
  return { values, vectors: ys.map((y) => backTransform(r, y)) };
}
