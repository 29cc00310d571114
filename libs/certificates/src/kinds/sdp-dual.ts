/**
 * `sdp_dual` (maxcut; optimize through the Ising transform): for y and μ with
 * μ·I − (L/4 − Diag y) ⪰ 0, every cut is at most Σ_i y_i + n·max(0, μ) (docs/certificates.md
 * "sdp_dual"). Positive semidefiniteness is proven rigorously: by Gershgorin (every row's diagonal
 * at least the sum of its off-diagonal magnitudes); for n ≤ SDP_EXACT_MAX_N by a fraction-free
 * symmetric elimination in integers; for n ≤ SDP_FLOAT_MAX_N by a floating Cholesky of a shifted
 * matrix whose success, with Demmel's componentwise backward error bound (Higham, Accuracy and
 * Stability of Numerical Algorithms, Thm 10.3) and Gershgorin on the exact remainder, proves it
 * (the argument of Rump, "Verification of positive definiteness", BIT 46, 2006). Without `mu` the
 * checker takes the Gershgorin bound of λ_max.
 */
import { add, cmp, lcmDen, max0, mul, neg, num, q, scaled, sub, ZERO, type Q } from '../rational';
import { need } from '../report';
import { arr, obj, onlyKeys } from '../shape';
import { binaryValue, type Graph, type Qubo } from '../problem';

/** The largest n whose PSD proof may use the exact elimination (n³/3 big-integer steps). */
export const SDP_EXACT_MAX_N = 80;
/** The largest n whose PSD proof may use the floating Cholesky (n³/6 flops, an n² matrix of doubles). */
export const SDP_FLOAT_MAX_N = 1000;

/** The max-cut graph of a QUBO (docs/certificates.md "The Ising transform"): energy(x) = −cut(x, 0). */
export function isingGraph(qb: Qubo): Graph {
  const n = qb.n;
  const half = q(1n, 2n);
  const toExtra: Q[] = qb.h.map(neg);
  const edges: { i: number; j: number; w: Q }[] = [];
  for (const e of qb.pairs) {
    edges.push({ i: e.i, j: e.j, w: mul(e.w, half) });
    toExtra[e.i] = sub(toExtra[e.i], mul(e.w, half));
    toExtra[e.j] = sub(toExtra[e.j], mul(e.w, half));
  }
  for (let i = 0; i < n; i++) if (toExtra[i].n !== 0n) edges.push({ i, j: n, w: toExtra[i] });
  return { n: n + 1, edges, integral: false };
}

/** The proven upper bound on the max cut of g. */
export function checkSdpDual(g: Graph, cert: unknown, step: string): Q {
  const o = obj(cert, step);
  onlyKeys(o, ['y', 'mu'], step);
  const n = g.n;
  const raw = arr(o.y, `${step}.y`);
  need(raw.length === n, `${step}.y`, `${step}.y: expected ${n} numbers (one per node${n > 0 ? '' : ''}), got ${raw.length}`);
  const y = raw.map((x, i) => num(x, `${step}.y[${i}]`));
  // A = L/4 − Diag(y): diagonal a_ii = deg_w(i)/4 − y_i, off-diagonal a_ij = −w_ij/4.
  const quarter = q(1n, 4n);
  const diag: Q[] = y.map(neg);
  const offAbs: Q[] = new Array(n).fill(ZERO);
  for (const e of g.edges) {
    const w4 = mul(e.w, quarter);
    diag[e.i] = add(diag[e.i], w4);
    diag[e.j] = add(diag[e.j], w4);
    const a = e.w.n < 0n ? neg(w4) : w4;
    offAbs[e.i] = add(offAbs[e.i], a);
    offAbs[e.j] = add(offAbs[e.j], a);
  }
  // Gershgorin: λ_max(A) ≤ max_i (a_ii + Σ_j |a_ij|).
  let gersh: Q | null = null;
  for (let i = 0; i < n; i++) { const r = add(diag[i], offAbs[i]); if (gersh === null || cmp(r, gersh) > 0) gersh = r; }
  let mu: Q;
  if (o.mu === undefined) mu = gersh!;
  else {
    mu = num(o.mu, `${step}.mu`);
    if (cmp(mu, gersh!) < 0) {
      need(n <= SDP_FLOAT_MAX_N, `${step}.psd`, `${step}.psd: μ = ${o.mu} is below the Gershgorin bound and n = ${n} is over the Cholesky proof's cap of ${SDP_FLOAT_MAX_N}; state a μ the Gershgorin discs prove, or omit mu`);
      const { diagM, offM } = shifted(g, mu, diag);
      if (n <= SDP_EXACT_MAX_N) {
        const bad = psdFailure(n, diagM, offM);
        need(bad === null, `${step}.psd`, () => `${step}.psd: μI − (L/4 − Diag y) is not positive semidefinite (pivot ${bad} fails)`);
      } else {
        const why = floatCholeskyProof(n, diagM, offM);
        need(why === null, `${step}.psd`, () => `${step}.psd: the floating Cholesky proof of μI − (L/4 − Diag y) ⪰ 0 fails (${why}); state μ with a margin above λ_max`);
      }
    }
  }
  let sumY = ZERO;
  for (const v of y) sumY = add(sumY, v);
  return add(sumY, mul(q(BigInt(n)), max0(mu)));
}

/** M = μI − A: its diagonal and its off-diagonal entries w_ij / 4 (edges merged, i < j). */
function shifted(g: Graph, mu: Q, diag: Q[]): { diagM: Q[]; offM: { i: number; j: number; v: Q }[] } {
  const quarter = q(1n, 4n);
  return { diagM: diag.map((a) => sub(mu, a)), offM: g.edges.map((e) => ({ i: e.i, j: e.j, v: mul(e.w, quarter) })) };
}

/** Fraction-free symmetric elimination of M in integers; the first failing pivot, or null (M ⪰ 0). */
export function psdFailure(n: number, diagM: Q[], offM: { i: number; j: number; v: Q }[]): number | null {
  const S = lcmDen([...diagM, ...offM.map((e) => e.v)]);
  const M: bigint[][] = Array.from({ length: n }, () => new Array<bigint>(n).fill(0n));
  for (let i = 0; i < n; i++) M[i][i] = scaled(diagM[i], S);
  for (const e of offM) { const v = scaled(e.v, S); M[e.i][e.j] += v; M[e.j][e.i] += v; }
  let prev = 1n;
  for (let k = 0; k < n; k++) {
    const p = M[k][k];
    if (p < 0n) return k;
    if (p === 0n) {
      for (let j = k + 1; j < n; j++) if (M[k][j] !== 0n) return k;
      continue;
    }
    for (let i = k + 1; i < n; i++) {
      const mik = M[i][k];
      for (let j = i; j < n; j++) {
        const v = (M[i][j] * p - mik * M[k][j]) / prev;
        M[i][j] = v;
        M[j][i] = v;
      }
    }
    prev = p;
  }
  return null;
}

const LO = 2 ** -500, HI = 2 ** 500;
/** Zero or within [2^-500, 2^500]: no product, quotient or sum of ≤ 2000 such numbers under- or overflows. */
const inRange = (x: number): boolean => x === 0 || (Math.abs(x) >= LO && Math.abs(x) <= HI);

/**
 * Proves M ⪰ 0 (n > SDP_EXACT_MAX_N) or says why not. G = fl(M) − c·I is factored in doubles; if
 * that Cholesky runs to completion, R̂ᵀR̂ = G + ΔG with |ΔG| ≤ γ_{n+1}|R̂ᵀ||R̂| (Demmel; Higham
 * Thm 10.3; no under/overflow: every value is kept within [2^-500, 2^500]), so
 * λ_min(G) ≥ −γ_{n+1}/(1 − γ_{n+1})·tr(G) =: −τ (‖|R̂ᵀ||R̂|‖₂ ≤ ‖R̂‖_F² ≤ tr(G)/(1 − γ_{n+1})). Then
 * λ_min(M) ≥ λ_min(G) + λ_min(M − G) ≥ −τ + min_i ((M − G)_ii − Σ_{j≠i} |(M − G)_ij|), all exact
 * in rationals (G's doubles read by their exact binary values).
 */
export function floatCholeskyProof(n: number, diagM: Q[], offM: { i: number; j: number; v: Q }[]): string | null {
  const toD = (x: Q): number => Number(x.n) / Number(x.d);
  const F = new Float64Array(n * n);
  let absTrace = 0;
  const fd = diagM.map(toD);
  for (let i = 0; i < n; i++) { F[i * n + i] = fd[i]; absTrace += Math.abs(fd[i]); }
  for (const e of offM) { const v = toD(e.v); F[e.i * n + e.j] = v; F[e.j * n + e.i] = v; }
  for (let k = 0; k < n * n; k++) if (!Number.isFinite(F[k]) || !inRange(F[k])) return 'an entry is out of the double range the proof allows';
  const u = 2 ** -53;
  const gammaF = ((n + 1) * u) / (1 - (n + 1) * u);
  // The shift: about four times the τ the proof asks for below, so a comfortably PD matrix passes.
  const c = 4 * (gammaF / (1 - gammaF)) * absTrace + 2 ** -400;
  const gdiag = new Float64Array(n);
  for (let i = 0; i < n; i++) { gdiag[i] = F[i * n + i] - c; F[i * n + i] = gdiag[i]; }
  // Cholesky, lower triangle in place, row by row.
  for (let j = 0; j < n; j++) {
    let s = F[j * n + j];
    for (let k = 0; k < j; k++) s -= F[j * n + k] * F[j * n + k];
    if (!(s > 0) || !inRange(s)) return `pivot ${j} is not positive`;
    const r = Math.sqrt(s);
    F[j * n + j] = r;
    for (let i = j + 1; i < n; i++) {
      let t = F[i * n + j];
      for (let k = 0; k < j; k++) t -= F[i * n + k] * F[j * n + k];
      const l = t / r;
      if (!inRange(t) || !inRange(l)) return 'a factor entry left the double range the proof allows';
      F[i * n + j] = l;
    }
  }
  // τ = γ/(1 − γ)·tr(G), γ = γ_{n+1} = (n+1)u / (1 − (n+1)u) with u = 2^-53, exactly.
  const N1 = BigInt(n + 1), TWO53 = 2n ** 53n;
  const gamma = q(N1, TWO53 - N1);
  const gp = q(gamma.n, gamma.d - gamma.n);
  let trG = ZERO;
  for (let i = 0; i < n; i++) trG = add(trG, binaryValue(gdiag[i]));
  const tau = mul(gp, trG);
  // Gershgorin on M − G: the off-diagonal remainder is each edge's rounding M_ij − fl(M_ij).
  const off: Q[] = new Array(n).fill(ZERO);
  for (const e of offM) {
    const r = sub(e.v, binaryValue(toD(e.v)));
    const a = r.n < 0n ? neg(r) : r;
    off[e.i] = add(off[e.i], a);
    off[e.j] = add(off[e.j], a);
  }
  for (let i = 0; i < n; i++) {
    const low = sub(sub(diagM[i], binaryValue(gdiag[i])), off[i]);
    if (cmp(low, tau) < 0) return `row ${i}: the shift does not cover the rounding`;
  }
  return null;
}
