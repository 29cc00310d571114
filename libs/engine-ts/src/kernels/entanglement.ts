/**
 * Entanglement of a pure state across a bipartition (C++ twin: core/kernels/entanglement.{h,cc}):
 * the state is reshaped into the matrix M[a][c] (a the bits of the subsystem A, in qubit order;
 * c those of the rest B), the reduced density matrix of the smaller side (ρ = M Mᴴ, or Mᴴ M) is
 * formed and its eigenvalues p_i — the squared Schmidt coefficients — found by the dense solver
 * (hermitian-dense.ts: Householder, bisection). Von Neumann entropy −Σ p log2 p and the purity
 * Σ p² = ‖ρ‖_F² (read off ρ itself) give the entropies in bits.
 *
 * Bounds by trace distance T (½‖·‖₁) and the Fannes–Audenaert inequality
 * |S(ρ) − S(σ)| ≤ T·log2(d − 1) + h2(T) (d the smaller side's dimension, h2 the binary entropy):
 * rounding makes each computed eigenvalue within η = (D + 8d)·ε of an exact one (D·ε for the sums
 * forming ρ, whose rows have unit total weight; 8d·ε for the backward error of the reduction), so
 * T ≤ ½·d·η + ½|1 − Σ p| (the clipped negatives and the trace defect, measured); a state known
 * only approximately (a computed ground state at sin θ from the true one) adds sin θ.
 */
import { denseLowest } from './hermitian-dense';

const EPS = 2.220446049250313e-16;

export interface Entanglement {
  /** Von Neumann entropy in bits. */
  readonly entropy: number;
  /** Rényi-2 entropy −log2 tr ρ² in bits. */
  readonly renyi2: number;
  /** Purity tr ρ². */
  readonly purity: number;
  /** The largest Schmidt coefficients √p, descending (at most `maxSchmidt`). */
  readonly schmidt: Float64Array;
  /** The reduced side's dimension d = 2^min(|A|, |B|). */
  readonly dim: number;
  /** Eigenvalues above the rounding level η (the numerical Schmidt rank). */
  readonly rank: number;
  /** The trace-distance bound of the rounding (see the file comment). */
  readonly roundingT: number;
}

/** h2(T) = −T log2 T − (1 − T) log2(1 − T). */
function binaryEntropy(t: number): number {
  if (t <= 0 || t >= 1) return 0;
  return -t * Math.log2(t) - (1 - t) * Math.log2(1 - t);
}

/** The Fannes–Audenaert bound on |S(ρ) − S(σ)| for trace distance T on dimension d (log2 d when T is too large). */
export function fannesAudenaert(t: number, d: number): number {
  if (d <= 1) return 0;
  if (!(t < 1 - 1 / d)) return Math.log2(d);
  return t * Math.log2(d - 1) + binaryEntropy(t);
}

/**
 * The entanglement of the normalised state `psi` (2^(n+1) numbers, interleaved re, im; qubit q is bit
 * q of the index) across subsystem A (`inA[q]` 1 for its qubits).
 */
export function entanglement(n: number, psi: ArrayLike<number>, inA: ArrayLike<number>, maxSchmidt: number): Entanglement {
  const qa: number[] = [];
  const qb: number[] = [];
  for (let q = 0; q < n; q++) (inA[q] ? qa : qb).push(q);
  // The smaller side is the row space of M (rows r, columns c).
  const [rowsQ, colsQ] = qa.length <= qb.length ? [qa, qb] : [qb, qa];
  const d = 2 ** rowsQ.length;
  const D = 2 ** colsQ.length;
  // A cut with an empty side: the reduced state of a normalised pure state is exactly [1].
  if (d === 1) return { entropy: 0, renyi2: 0, purity: 1, schmidt: Float64Array.of(1).subarray(0, Math.min(1, maxSchmidt)), dim: 1, rank: 1, roundingT: 0 };
  let real = true;
  for (let i = 1; i < psi.length; i += 2) if (psi[i] !== 0) {
    real = false;
    break;
  }
  const s = real ? 1 : 2;
  // M[r][c] from ψ[b]: r collects the bits of rowsQ, c those of colsQ.
  const M = new Float64Array(d * D * s);
  const dim = 2 ** n;
  for (let b = 0; b < dim; b++) {
    let r = 0;
    for (let k = 0; k < rowsQ.length; k++) r |= ((b >>> rowsQ[k]) & 1) << k;
    let c = 0;
    for (let k = 0; k < colsQ.length; k++) c |= ((b >>> colsQ[k]) & 1) << k;
    M[(r * D + c) * s] = psi[2 * b];
    if (!real) M[(r * D + c) * s + 1] = psi[2 * b + 1];
  }
  // ρ = M Mᴴ (d × d, Hermitian): ρ[r][r'] = Σ_c M[r][c] conj(M[r'][c]).
  const rho = new Float64Array(d * d * s);
  let purity = 0;
  for (let r = 0; r < d; r++) {
    for (let r2 = r; r2 < d; r2++) {
      let re = 0;
      let im = 0;
      const o1 = r * D * s;
      const o2 = r2 * D * s;
      if (real) {
        for (let c = 0; c < D; c++) re += M[o1 + c] * M[o2 + c];
      } else {
        for (let c = 0; c < D; c++) {
          const ar = M[o1 + 2 * c];
          const ai = M[o1 + 2 * c + 1];
          const br = M[o2 + 2 * c];
          const bi = M[o2 + 2 * c + 1];
          re += ar * br + ai * bi;
          im += ai * br - ar * bi;
        }
      }
      rho[(r * d + r2) * s] = re;
      rho[(r2 * d + r) * s] = re;
      if (!real) {
        rho[(r * d + r2) * s + 1] = im;
        rho[(r2 * d + r) * s + 1] = r === r2 ? 0 : -im;
      }
      purity += (r === r2 ? 1 : 2) * (re * re + im * im);
    }
  }
  // Descending, sorted here: bisection need not return values within its tolerance of each other in order.
  const p = Array.from(denseLowest(rho, d, !real, d, false).values).sort((x, y) => y - x);
  const eta = (D + 8 * d) * EPS;
  let entropy = 0;
  let total = 0;
  let rank = 0;
  for (let i = 0; i < d; i++) {
    const pi = Math.max(0, p[i]);
    total += pi;
    if (pi > eta) rank++;
    if (pi > 0) entropy -= pi * Math.log2(pi);
  }
  const clipped = p.reduce((acc, x) => acc + (x < 0 ? -x : 0), 0);
  const roundingT = 0.5 * d * eta + 0.5 * Math.abs(1 - total) + 0.5 * clipped;
  const m = Math.min(maxSchmidt, d);
  const schmidt = new Float64Array(m);
  for (let i = 0; i < m; i++) schmidt[i] = Math.sqrt(Math.max(0, p[i]));
  return { entropy: Math.max(0, entropy), renyi2: -Math.log2(purity), purity, schmidt, dim: d, rank, roundingT };
}
