/**
 * rank's triangle packing (the service's `cycle_packing` certificate, docs/certificates.md): λ ≥ 0
 * on directed 3-cycles a→b→c→a of the strict majority relation, the λ's on any arc a→b summing to
 * at most its margin w_ab − w_ba. Every order reverses an arc of every such cycle, so no order
 * contradicts fewer than Σ_{a<b} min(w_ab, w_ba) + Σλ votes.
 *
 * λ's are counted in units of 2⁻²⁰ (integers, exact in doubles), so the packing is exact as the
 * certificate writes it. Specification (the native engine's rank/packing.cc ports it step for step):
 *   1. seeds first (the native ordering LP's row duals, when it ran), in their order: a seed that is
 *      a majority 3-cycle takes ⌊λ·2²⁰⌋ units, cut to the least residual margin of its arcs;
 *   2. then greedily every majority 3-cycle (listed as i < j, i < k, i→j→k→i), least contended
 *      first: key = Σ over its arcs of ⌊1024·(cycles through the arc) / margin⌋, ties by the listing;
 *      each takes the least residual margin of its three arcs.
 * Components over PACK_MAX_N items, or votes that are not integers below 2³¹, get no packing.
 */

/** λ units: multiples of 2^-PACK_SHIFT. */
export const PACK_SHIFT = 20;
export const PACK_UNIT = 2 ** PACK_SHIFT;
/** The largest component packed (its 3-cycles are enumerated: s³/6 triples). */
export const PACK_MAX_N = 200;

export interface Packing {
  /** [i, j, k, units] per triangle i→j→k→i, local indices. */
  readonly triangles: number[];
  /** Σ units (exact). */
  readonly units: number;
}

const EMPTY: Packing = { triangles: [], units: 0 };

/** True when the s×s votes are integers in [0, 2³¹) (the packing's exact arithmetic needs them). */
function integral(w: Float64Array, s: number): boolean {
  for (let k = 0; k < s * s; k++) if (!Number.isInteger(w[k]) || w[k] < 0 || w[k] >= 2 ** 31) return false;
  return true;
}

/** The packing of the s×s vote matrix `w` (see the file's comment); `seeds` flat [i, j, k, λ] (λ a real). */
export function packTriangles(w: Float64Array, s: number, seeds: ArrayLike<number> = []): Packing {
  if (s < 3 || s > PACK_MAX_N || !integral(w, s)) return EMPTY;
  const margin = (a: number, b: number): number => w[a * s + b] - w[b * s + a];
  const res = new Float64Array(s * s);
  for (let a = 0; a < s; a++) for (let b = 0; b < s; b++) if (a !== b && margin(a, b) > 0) res[a * s + b] = margin(a, b) * PACK_UNIT;
  const triangles: number[] = [];
  let units = 0;
  const take = (i: number, j: number, k: number, want: number): void => {
    const u = Math.min(want, res[i * s + j], res[j * s + k], res[k * s + i]);
    if (!(u > 0)) return;
    res[i * s + j] -= u;
    res[j * s + k] -= u;
    res[k * s + i] -= u;
    triangles.push(i, j, k, u);
    units += u;
  };
  for (let t = 0; t + 3 < seeds.length; t += 4) {
    const [i, j, k, lambda] = [seeds[t], seeds[t + 1], seeds[t + 2], seeds[t + 3]];
    const ok = [i, j, k].every((v) => Number.isInteger(v) && v >= 0 && v < s) && i !== j && j !== k && i !== k;
    if (!ok || !(lambda > 0) || lambda > 2 ** 31) continue;
    if (margin(i, j) > 0 && margin(j, k) > 0 && margin(k, i) > 0) take(i, j, k, Math.floor(lambda * PACK_UNIT));
  }
  // Every majority 3-cycle once (its smallest item first), and how many cross each arc.
  const cyc: number[] = [];
  const count = new Int32Array(s * s);
  for (let i = 0; i < s; i++) {
    for (let j = i + 1; j < s; j++) {
      if (!(margin(i, j) > 0)) continue;
      for (let k = i + 1; k < s; k++) {
        if (k === j || !(margin(j, k) > 0) || !(margin(k, i) > 0)) continue;
        cyc.push(i, j, k);
        count[i * s + j]++;
        count[j * s + k]++;
        count[k * s + i]++;
      }
    }
  }
  const m = cyc.length / 3;
  const key = new Float64Array(m);
  const load = (a: number, b: number): number => Math.floor((count[a * s + b] * 1024) / margin(a, b));
  for (let t = 0; t < m; t++) {
    const [i, j, k] = [cyc[3 * t], cyc[3 * t + 1], cyc[3 * t + 2]];
    key[t] = load(i, j) + load(j, k) + load(k, i);
  }
  const order = Array.from({ length: m }, (_, t) => t).sort((x, y) => key[x] - key[y] || x - y);
  for (const t of order) take(cyc[3 * t], cyc[3 * t + 1], cyc[3 * t + 2], Infinity);
  return { triangles, units };
}
