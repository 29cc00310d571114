/**
 * The service's own entropy of a pure state across a cut, with its own error bound (the entropy
 * re-check and POST /verify; no engine code). Always the SMALLER side (S(A) = S(B) for a pure
 * state), so the matrix diagonalised is d × d with d = 2^min(|A|, n − |A|), and the cost is
 * O(2^n · d + d³) — callers keep it under RECHECK_MAX_DIM and RECHECK_MAX_WORK.
 *
 * Error analysis (u = 2^−53, γ_k = k·u/(1 − k·u)), for ψ the request's doubles and p the exact
 * eigenvalues of the reduced state of ψ/‖ψ‖:
 * - normalisation: ψ̂ = fl(ψ·fl(1/√fl(Σ|ψ|²))) = c^½·(ψ/‖ψ‖ + Δ) with one common scalar c^½ and
 *   ‖Δ‖ ≤ u; the reduced states of unit vectors u and u + Δ differ by at most 2.01u in trace norm;
 * - forming ρ̂ = M̂M̂ᴴ: each entry within γ_{2D}·Σ_c|M_rc||M_r'c| (√2 of that for complex), so
 *   ‖E‖_F ≤ √2·γ_{2D}·‖M̂‖_F² and, over all eigenvalues, Σ|Δp| ≤ √d·‖E‖_F (Lidskii–Mirsky);
 * - the eigenvalues of ρ̂ (or of its real form, each value twice) within Kahan's bound β each
 *   (symmetric-eigen.ts); clipping at 0 only moves them towards the true (non-negative) values;
 * - dividing by their sum q = p̂⁺/Σp̂⁺ removes the common scalar c; so
 *   ½‖q − p‖₁ ≤ T = (d·β + √d·‖E‖_F)/c_min + 2.01u + γ_{d+1} (the last for forming q itself), and
 *   each |q_i − p_i| ≤ 2·(d·β + √d·‖E‖_F)/c_min + 4.02u + γ_{d+1};
 * - the entropy: |S(q) − S(p)| ≤ T·log2(d − 1) + h2(T) (Fannes–Audenaert, exact for the diagonal
 *   states q and p), plus γ_{2d+8}·(S + 2) for evaluating −Σ q log2 q in floating point (relative
 *   perturbations of q move S by at most γ·(S + 1.5));
 * - the purity P = Σq²: |P(q) − P(p)| ≤ Σ|q − p|(q + p) ≤ 4T, plus 3γ_{d+2}·P for its evaluation,
 *   so |Rényi-2 error| ≤ log2(P/(P − τ)) with τ that sum (log2 d when τ ≥ P).
 */
import { gamma, symmetricEigen } from './symmetric-eigen';

/** The largest reduced state the service diagonalises (d × d; a complex one as its 2d real form). */
export const RECHECK_MAX_DIM = 64;
/** The most amplitude × row products (2^n · d) the service spends forming a reduced state. */
export const RECHECK_MAX_WORK = 2 ** 18;

/** The dimension of the smaller side of the cut: 2^min(|A|, n − |A|). */
export function smallerSideDim(n: number, subsystemSize: number): number {
  return 2 ** Math.min(subsystemSize, n - subsystemSize);
}

/** True when the service recomputes this cut itself (its cost bounded by the two caps). */
export function recomputable(n: number, subsystemSize: number): boolean {
  const d = smallerSideDim(n, subsystemSize);
  return d <= RECHECK_MAX_DIM && 2 ** n * d <= RECHECK_MAX_WORK;
}

/** h2(T) = −T log2 T − (1 − T) log2(1 − T). */
function binaryEntropy(t: number): number {
  if (t <= 0 || t >= 1) return 0;
  return -t * Math.log2(t) - (1 - t) * Math.log2(1 - t);
}

/** Fannes–Audenaert: |S(ρ) − S(σ)| ≤ T·log2(d − 1) + h2(T) for trace distance T ≤ 1 − 1/d (else log2 d). */
export function fannesAudenaertBound(t: number, d: number): number {
  if (d <= 1) return 0;
  if (!(t < 1 - 1 / d)) return Math.log2(d);
  return t * Math.log2(d - 1) + binaryEntropy(t);
}

export interface ReducedEntropy {
  /** Von Neumann entropy (bits) of the normalised eigenvalues q. */
  readonly entropy: number;
  /** −log2 Σ q². */
  readonly renyi2: number;
  /** q, descending (d of them). */
  readonly probabilities: number[];
  readonly dim: number;
  /** ½‖q − p‖₁ ≤ traceDistance (p the exact eigenvalues). */
  readonly traceDistance: number;
  /** |q_i − p_i| ≤ perValue for every i (both sorted). */
  readonly perValue: number;
  /** |entropy − S(p)| ≤ entropyBound. */
  readonly entropyBound: number;
  /** |renyi2 − R2(p)| ≤ renyi2Bound. */
  readonly renyi2Bound: number;
}

/**
 * The entropies of `psi` (2^(n+1) numbers, interleaved re, im; qubit q = bit q; divided by its norm
 * here, as the docs say) across `subsystem`, with their proven bounds (see the file comment).
 * Callers check `recomputable` first; this throws beyond the caps rather than block the thread.
 */
export function reducedEntropy(n: number, psi: ArrayLike<number>, subsystem: readonly number[]): ReducedEntropy {
  if (!recomputable(n, subsystem.length)) throw new RangeError(`the re-check's reduced state for n = ${n}, |A| = ${subsystem.length} is over its caps`);
  const inA = new Uint8Array(n);
  for (const q of subsystem) inA[q] = 1;
  // Rows: the smaller side's qubits (ascending); columns: the rest.
  const aSmaller = subsystem.length <= n - subsystem.length;
  const rowsQ: number[] = [];
  const colsQ: number[] = [];
  for (let q = 0; q < n; q++) ((inA[q] === 1) === aSmaller ? rowsQ : colsQ).push(q);
  const d = 2 ** rowsQ.length;
  const D = 2 ** colsQ.length;
  const dim = 2 ** n;
  let norm2 = 0;
  let real = true;
  for (let i = 0; i < 2 * dim; i++) norm2 += psi[i] * psi[i];
  for (let i = 1; i < 2 * dim; i += 2) if (psi[i] !== 0) real = false;
  const scale = 1 / Math.sqrt(norm2);
  // Bit tables: the row and column index of basis state b from its low 10 and high bits.
  const LOW = Math.min(n, 10);
  const place = (qs: number[], lo: number, hi: number, shift: number) => {
    const t = new Int32Array(2 ** (hi - lo));
    for (let x = 0; x < t.length; x++) {
      let v = 0;
      qs.forEach((q, k) => {
        if (q >= lo && q < hi && (x >> (q - shift)) & 1) v |= 1 << k;
      });
      t[x] = v;
    }
    return t;
  };
  const rLo = place(rowsQ, 0, LOW, 0);
  const rHi = place(rowsQ, LOW, n, LOW);
  const cLo = place(colsQ, 0, LOW, 0);
  const cHi = place(colsQ, LOW, n, LOW);
  const mRe = new Float64Array(d * D);
  const mIm = new Float64Array(real ? 0 : d * D);
  let mF = 0;
  const lowMask = 2 ** LOW - 1;
  for (let b = 0; b < dim; b++) {
    const lo = b & lowMask;
    const hi = b >>> LOW;
    const at = (rLo[lo] | rHi[hi]) * D + (cLo[lo] | cHi[hi]);
    const re = psi[2 * b] * scale;
    mRe[at] = re;
    mF += re * re;
    if (!real) {
      const im = psi[2 * b + 1] * scale;
      mIm[at] = im;
      mF += im * im;
    }
  }
  // ρ̂ = M̂M̂ᴴ as a real symmetric matrix: d × d, or the 2d × 2d real form [[Re, −Im], [Im, Re]].
  const N = real ? d : 2 * d;
  const R = new Float64Array(N * N);
  for (let r = 0; r < d; r++) {
    for (let r2 = r; r2 < d; r2++) {
      let re = 0;
      let im = 0;
      const o1 = r * D;
      const o2 = r2 * D;
      if (real) {
        for (let c = 0; c < D; c++) re += mRe[o1 + c] * mRe[o2 + c];
      } else {
        for (let c = 0; c < D; c++) {
          re += mRe[o1 + c] * mRe[o2 + c] + mIm[o1 + c] * mIm[o2 + c];
          im += mIm[o1 + c] * mRe[o2 + c] - mRe[o1 + c] * mIm[o2 + c];
        }
      }
      R[r * N + r2] = re;
      R[r2 * N + r] = re;
      if (!real) {
        R[(r + d) * N + r2 + d] = re;
        R[(r2 + d) * N + r + d] = re;
        // Entry (r, r2) = re + i·im; (r2, r) its conjugate.
        R[r * N + r2 + d] = -im;
        R[(r + d) * N + r2] = im;
        R[r2 * N + r + d] = im;
        R[(r2 + d) * N + r] = -im;
      }
    }
  }
  const eig = d === 1 ? { values: Float64Array.of(R[0]), bound: 0 } : symmetricEigen(R, N);
  const raw: number[] = [];
  for (let i = real ? 0 : 1; i < N; i += real ? 1 : 2) raw.push(eig.values[i]);
  raw.sort((x, y) => y - x);
  const clipped = raw.map((x) => Math.max(0, x));
  let sum = 0;
  for (const x of clipped) sum += x;
  // A failed eigensolve (no finite bound, or nothing left after clipping) proves nothing: the trivial bounds.
  const failed = !(sum > 0) || !Number.isFinite(eig.bound);
  const q = failed ? clipped.map(() => 1 / d) : clipped.map((x) => x / sum);
  let entropy = 0;
  let purity = 0;
  for (const x of q) {
    if (x > 0) entropy -= x * Math.log2(x);
    purity += x * x;
  }
  entropy = Math.max(0, entropy);
  const frob = (real ? 1 : Math.SQRT2) * gamma(2 * D) * mF * (1 + gamma(2));
  const cMin = 1 - gamma(2 * dim + 4);
  const spread = (d * eig.bound + Math.sqrt(d) * frob) / cMin;
  const u = 2 ** -53;
  const traceDistance = d === 1 ? 0 : failed ? Infinity : spread + 2.01 * u + gamma(d + 1);
  const perValue = failed ? 1 : 2 * spread + 4.02 * u + gamma(d + 1);
  const entropyBound = d === 1 ? 0 : fannesAudenaertBound(traceDistance, d) + gamma(2 * d + 8) * (entropy + 2);
  const tau = 4 * traceDistance + 3 * gamma(d + 2) * purity;
  const renyi2 = d === 1 ? 0 : -Math.log2(purity);
  const renyi2Bound = d === 1 ? 0 : (tau < purity ? Math.log2(purity / (purity - tau)) : Math.log2(d)) + 4 * u * Math.abs(renyi2);
  return { entropy: d === 1 ? 0 : entropy, renyi2, probabilities: d === 1 ? [1] : q, dim: d, traceDistance, perValue, entropyBound, renyi2Bound };
}
