/**
 * rank's best triangle packing on small instances: the packing LP max Σλ over the majority 3-cycles
 * subject to Σ λ on each arc ≤ its margin, λ ≥ 0, solved by a dense primal simplex (slack basis:
 * the origin is feasible; Dantzig's entering rule, Bland's after degenerate pivots, a pivot cap).
 * Floating point: the λ's it returns are candidates only — the caller re-reads them exactly (the
 * service's exactPacking floors each to a multiple of 2⁻²⁰ and cuts it to its arcs' margins), so an
 * inexact LP only weakens the bound. `excluded(a, b)`: pairs no triangle may use (a branch path's).
 */

/** The largest item count the LP is built for (its rows are the majority arcs, its columns the 3-cycles). */
export const PACK_LP_MAX_N = 24;

const EPS = 1e-9;

/**
 * `triangles` flat [i, j, k, λ] per 3-cycle with λ > 0 and the work done (tableau entries
 * updated), or null when n is over PACK_LP_MAX_N. Pivoting stops before `maxWork` (the basis then
 * is still a feasible packing, only a weaker one).
 */
export function packTrianglesLp(wins: Float64Array, n: number, maxWork = Infinity, excluded: (a: number, b: number) => boolean = () => false): { triangles: number[]; work: number } | null {
  if (n > PACK_LP_MAX_N) return null;
  const margin = (a: number, b: number): number => (excluded(a, b) ? 0 : wins[a * n + b] - wins[b * n + a]);
  const row = new Int32Array(n * n).fill(-1);
  const caps: number[] = [];
  for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) if (a !== b && margin(a, b) > 0) (row[a * n + b] = caps.length), caps.push(margin(a, b));
  const cyc: number[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (row[i * n + j] < 0) continue;
      for (let k = i + 1; k < n; k++) if (k !== j && row[j * n + k] >= 0 && row[k * n + i] >= 0) cyc.push(i, j, k);
    }
  }
  const m = caps.length;
  const c = cyc.length / 3;
  if (c === 0) return { triangles: [], work: 0 };
  // Tableau: m rows [A | I | b], the objective row last (reduced costs, negated for max).
  const width = c + m + 1;
  const T = new Float64Array((m + 1) * width);
  for (let t = 0; t < c; t++) {
    const [i, j, k] = [cyc[3 * t], cyc[3 * t + 1], cyc[3 * t + 2]];
    for (const r of [row[i * n + j], row[j * n + k], row[k * n + i]]) T[r * width + t] = 1;
    T[m * width + t] = -1;
  }
  for (let r = 0; r < m; r++) {
    T[r * width + c + r] = 1;
    T[r * width + width - 1] = caps[r];
  }
  const basis = Int32Array.from({ length: m }, (_, r) => c + r);
  let degenerate = 0;
  let pivots = 0;
  for (; pivots < 20 * (m + c) && (pivots + 2) * (m + 1) * width <= maxWork; pivots++) {
    let enter = -1;
    let best = -EPS;
    for (let col = 0; col < c + m; col++) {
      const v = T[m * width + col];
      if (v < best) {
        enter = col;
        if (degenerate > 50) break; // Bland: the first improving column
        best = v;
      }
    }
    if (enter < 0) break;
    let leave = -1;
    let ratio = Infinity;
    for (let r = 0; r < m; r++) {
      const a = T[r * width + enter];
      if (a > EPS) {
        const q = T[r * width + width - 1] / a;
        if (q < ratio - EPS || (q < ratio + EPS && leave >= 0 && basis[r] < basis[leave])) {
          ratio = q;
          leave = r;
        }
      }
    }
    if (leave < 0) break; // unbounded cannot happen (every column has a positive entry)
    degenerate = ratio < EPS ? degenerate + 1 : 0;
    const pv = T[leave * width + enter];
    for (let col = 0; col < width; col++) T[leave * width + col] /= pv;
    for (let r = 0; r <= m; r++) {
      if (r === leave) continue;
      const f = T[r * width + enter];
      if (f === 0) continue;
      for (let col = 0; col < width; col++) T[r * width + col] -= f * T[leave * width + col];
    }
    basis[leave] = enter;
  }
  const out: number[] = [];
  for (let r = 0; r < m; r++) {
    const t = basis[r];
    const lambda = T[r * width + width - 1];
    if (t < c && lambda > EPS) out.push(cyc[3 * t], cyc[3 * t + 1], cyc[3 * t + 2], lambda);
  }
  return { triangles: out, work: (pivots + 1) * (m + 1) * width };
}
