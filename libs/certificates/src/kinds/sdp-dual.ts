/**
 * `sdp_dual` (maxcut; optimize through the Ising transform): for y and μ with
 * μ·I − (L/4 − Diag y) ⪰ 0, every cut is at most Σ_i y_i + n·max(0, μ) (docs/certificates.md
 * "sdp_dual"). Positive semidefiniteness is proven exactly: by Gershgorin (every row's diagonal at
 * least the sum of its off-diagonal magnitudes) or, for n ≤ SDP_EXACT_MAX_N, by a fraction-free
 * symmetric elimination in integers. Without `mu` the checker takes the Gershgorin bound of λ_max.
 */
import { add, cmp, lcmDen, max0, mul, neg, num, q, scaled, sub, ZERO, type Q } from '../rational';
import { need } from '../report';
import { arr, obj, onlyKeys } from '../shape';
import type { Graph, Qubo } from '../problem';

/** The largest n whose PSD proof may use the exact elimination (n³/3 big-integer steps). */
export const SDP_EXACT_MAX_N = 120;

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
      need(n <= SDP_EXACT_MAX_N, `${step}.psd`, `${step}.psd: μ = ${o.mu} is below the Gershgorin bound and n = ${n} is over the exact elimination's cap of ${SDP_EXACT_MAX_N}; state a μ the Gershgorin discs prove, or omit mu`);
      const bad = psdFailure(g, y, mu, diag);
      need(bad === null, `${step}.psd`, () => `${step}.psd: μI − (L/4 − Diag y) is not positive semidefinite (pivot ${bad} fails)`);
    }
  }
  let sumY = ZERO;
  for (const v of y) sumY = add(sumY, v);
  return add(sumY, mul(q(BigInt(n)), max0(mu)));
}

/** Fraction-free symmetric elimination of M = μI − A in integers; the first failing pivot, or null (PSD). */
function psdFailure(g: Graph, _y: Q[], mu: Q, diag: Q[]): number | null {
  const n = g.n;
  const quarter = q(1n, 4n);
  const entries: Q[] = [mu, ...diag, ...g.edges.map((e) => mul(e.w, quarter))];
  const S = lcmDen(entries);
  const M: bigint[][] = Array.from({ length: n }, () => new Array<bigint>(n).fill(0n));
  for (let i = 0; i < n; i++) M[i][i] = scaled(sub(mu, diag[i]), S);
  for (const e of g.edges) { const v = scaled(mul(e.w, quarter), S); M[e.i][e.j] += v; M[e.j][e.i] += v; }
  let prev = 1n;
  const alive: number[] = Array.from({ length: n }, (_, i) => i);
  for (let t = 0; t < alive.length; t++) {
    const k = alive[t];
    const p = M[k][k];
    if (p < 0n) return k;
    if (p === 0n) {
      for (let s = t + 1; s < alive.length; s++) if (M[k][alive[s]] !== 0n) return k;
      continue;
    }
    for (let s = t + 1; s < alive.length; s++) {
      const i = alive[s];
      const mik = M[i][k];
      for (let r = s; r < alive.length; r++) {
        const j = alive[r];
        const v = (M[i][j] * p - mik * M[k][j]) / prev;
        M[i][j] = v;
        M[j][i] = v;
      }
    }
    prev = p;
  }
  return null;
}
