/**
 * The entropy re-check's dense eigensolver (real symmetric N × N, N ≤ 128 there): Householder
 * tridiagonalisation and the implicit QL iteration with accumulated vectors (tred2/tql2, as in
 * EISPACK and JAMA), O(N³), sharing no code with the engines' kernels, followed by an a-posteriori
 * bound that does not trust the iteration: **Kahan's residual theorem** (Parlett, The Symmetric
 * Eigenvalue Problem, Thm 11.5.1) — for Hermitian A, a full-rank X and a Hermitian H there are
 * eigenvalues α_j of A with |α_j − θ_j(H)| ≤ ‖AX − XH‖₂ / σ_min(X) — applied with X = V (all the
 * computed vectors, σ_min(V)² ≥ 1 − ‖VᵀV − I‖) and H = diag(values), so every computed value is
 * within `bound` of its own eigenvalue of A (sorted against sorted), rounding of the residual's
 * evaluation included.
 */

const EPS = 2 ** -53;

/** γ_k = k·u / (1 − k·u), the classical bound of a k-term sum or product's relative rounding. */
export function gamma(k: number): number {
  return (k * EPS) / (1 - k * EPS);
}

export interface SymmetricEigen {
  /** The eigenvalues, ascending. */
  readonly values: Float64Array;
  /** Every true eigenvalue of A (sorted) lies within this of values (sorted): Kahan's bound. */
  readonly bound: number;
}

/** The eigenvalues of the real symmetric matrix `a` (row-major N × N, not modified) with a proven bound. */
export function symmetricEigen(a: Float64Array, N: number): SymmetricEigen {
  if (N === 1) return { values: Float64Array.of(a[0]), bound: 0 };
  const V = Float64Array.from(a);
  const d = new Float64Array(N);
  const e = new Float64Array(N);
  tred2(V, d, e, N);
  tql2(V, d, e, N);
  return { values: sortedCopy(d), bound: kahanBound(a, V, d, N) };
}

function sortedCopy(d: Float64Array): Float64Array {
  return Float64Array.from(d).sort();
}

/** Householder reduction to tridiagonal form (diagonal d, sub-diagonal e), V holding the transformation. */
function tred2(V: Float64Array, d: Float64Array, e: Float64Array, n: number): void {
  for (let j = 0; j < n; j++) d[j] = V[(n - 1) * n + j];
  for (let i = n - 1; i > 0; i--) {
    let scale = 0;
    let h = 0;
    for (let k = 0; k < i; k++) scale += Math.abs(d[k]);
    if (scale === 0) {
      e[i] = d[i - 1];
      for (let j = 0; j < i; j++) {
        d[j] = V[(i - 1) * n + j];
        V[i * n + j] = 0;
        V[j * n + i] = 0;
      }
    } else {
      for (let k = 0; k < i; k++) {
        d[k] /= scale;
        h += d[k] * d[k];
      }
      let f = d[i - 1];
      let g = Math.sqrt(h);
      if (f > 0) g = -g;
      e[i] = scale * g;
      h -= f * g;
      d[i - 1] = f - g;
      for (let j = 0; j < i; j++) e[j] = 0;
      for (let j = 0; j < i; j++) {
        f = d[j];
        V[j * n + i] = f;
        g = e[j] + V[j * n + j] * f;
        for (let k = j + 1; k <= i - 1; k++) {
          g += V[k * n + j] * d[k];
          e[k] += V[k * n + j] * f;
        }
        e[j] = g;
      }
      f = 0;
      for (let j = 0; j < i; j++) {
        e[j] /= h;
        f += e[j] * d[j];
      }
      const hh = f / (h + h);
      for (let j = 0; j < i; j++) e[j] -= hh * d[j];
      for (let j = 0; j < i; j++) {
        f = d[j];
        g = e[j];
        for (let k = j; k <= i - 1; k++) V[k * n + j] -= f * e[k] + g * d[k];
        d[j] = V[(i - 1) * n + j];
        V[i * n + j] = 0;
      }
    }
    d[i] = h;
  }
  for (let i = 0; i < n - 1; i++) {
    V[(n - 1) * n + i] = V[i * n + i];
    V[i * n + i] = 1;
    const h = d[i + 1];
    if (h !== 0) {
      for (let k = 0; k <= i; k++) d[k] = V[k * n + i + 1] / h;
      for (let j = 0; j <= i; j++) {
        let g = 0;
        for (let k = 0; k <= i; k++) g += V[k * n + i + 1] * V[k * n + j];
        for (let k = 0; k <= i; k++) V[k * n + j] -= g * d[k];
      }
    }
    for (let k = 0; k <= i; k++) V[k * n + i + 1] = 0;
  }
  for (let j = 0; j < n; j++) {
    d[j] = V[(n - 1) * n + j];
    V[(n - 1) * n + j] = 0;
  }
  V[(n - 1) * n + n - 1] = 1;
  e[0] = 0;
}

/** Implicit QL on the tridiagonal (d, e), rotating V; at most 30 iterations per value (the bound checks the outcome). */
function tql2(V: Float64Array, d: Float64Array, e: Float64Array, n: number): void {
  for (let i = 1; i < n; i++) e[i - 1] = e[i];
  e[n - 1] = 0;
  let f = 0;
  let tst1 = 0;
  const eps = 2 ** -52;
  for (let l = 0; l < n; l++) {
    tst1 = Math.max(tst1, Math.abs(d[l]) + Math.abs(e[l]));
    let m = l;
    while (m < n - 1 && !(Math.abs(e[m]) <= eps * tst1)) m++;
    if (m > l) {
      for (let iter = 0; iter < 30; iter++) {
        let g = d[l];
        let p = (d[l + 1] - g) / (2 * e[l]);
        let r = Math.hypot(p, 1);
        if (p < 0) r = -r;
        d[l] = e[l] / (p + r);
        d[l + 1] = e[l] * (p + r);
        const dl1 = d[l + 1];
        let h = g - d[l];
        for (let i = l + 2; i < n; i++) d[i] -= h;
        f += h;
        p = d[m];
        let c = 1;
        let c2 = c;
        let c3 = c;
        const el1 = e[l + 1];
        let s = 0;
        let s2 = 0;
        for (let i = m - 1; i >= l; i--) {
          c3 = c2;
          c2 = c;
          s2 = s;
          g = c * e[i];
          h = c * p;
          r = Math.hypot(p, e[i]);
          e[i + 1] = s * r;
          s = e[i] / r;
          c = p / r;
          p = c * d[i] - s * g;
          d[i + 1] = h + s * (c * g + s * d[i]);
          for (let k = 0; k < n; k++) {
            const row = k * n;
            h = V[row + i + 1];
            V[row + i + 1] = s * V[row + i] + c * h;
            V[row + i] = c * V[row + i] - s * h;
          }
        }
        p = (-s * s2 * c3 * el1 * e[l]) / dl1;
        e[l] = s * p;
        d[l] = c * p;
        if (!(Math.abs(e[l]) > eps * tst1)) break;
      }
    }
    d[l] += f;
    e[l] = 0;
  }
}

/**
 * Kahan's bound for the computed pairs (d[j], column j of V) of A: ‖AV − V·diag(d)‖_F / √(1 − ‖VᵀV − I‖_F),
 * each norm enlarged by the rounding of its own evaluation (γ_{N+3}·(‖A‖_F + max|d|)·‖V‖_F and
 * γ_{N+2}·‖V‖_F²); Infinity when V is not provably of full rank.
 */
function kahanBound(A: Float64Array, V: Float64Array, d: Float64Array, n: number): number {
  if (!d.every(Number.isFinite) || !V.every(Number.isFinite)) return Infinity;
  let r2 = 0;
  let w2 = 0;
  let aF = 0;
  let vF = 0;
  let dMax = 0;
  for (let i = 0; i < n * n; i++) {
    aF += A[i] * A[i];
    vF += V[i] * V[i];
  }
  for (let j = 0; j < n; j++) dMax = Math.max(dMax, Math.abs(d[j]));
  const col = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    for (let k = 0; k < n; k++) col[k] = V[k * n + j];
    for (let i = 0; i < n; i++) {
      let s = 0;
      const row = i * n;
      for (let k = 0; k < n; k++) s += A[row + k] * col[k];
      const x = s - col[i] * d[j];
      r2 += x * x;
    }
    for (let i = j; i < n; i++) {
      let s = 0;
      for (let k = 0; k < n; k++) s += V[k * n + i] * col[k];
      const x = s - (i === j ? 1 : 0);
      w2 += (i === j ? 1 : 2) * x * x;
    }
  }
  const g = gamma(n + 3);
  const residual = Math.sqrt(r2) * (1 + g) + g * (Math.sqrt(aF) + dMax) * Math.sqrt(vF);
  const omega = Math.sqrt(w2) * (1 + g) + g * vF;
  if (!(omega < 0.5)) return Infinity;
  return (residual / Math.sqrt(1 - omega)) * (1 + g);
}
