/**
 * rank's `cycle_packing` (docs/certificates.md) written exactly: the engine's triangle packing
 * (`triangles` on its result: families/rank/packing.ts, native core/rank/packing.h) re-read here:
 * each triangle must be a 3-cycle of the strict majority relation, λ is cut to a multiple of 2⁻²⁰
 * and to what its arcs' margins have left (integers scaled by 2²⁰), so whatever the engine sent,
 * the certificate written is valid. It proves base + Σλ with base = Σ_{i<j} min(w_ij, w_ji); votes
 * are integers, so every order contradicts at least its ceiling.
 */
import { pairwiseMinimum, PACK_UNIT, type RankProblem } from '@svc/engine-ts/families/rank';
import { dyadicDecimal } from '../shared/exact-decimal';

/** A checked packing: [i, j, k, units] per triangle (λ = units / 2²⁰), base and ⌈base + Σλ⌉. */
export interface ExactPacking {
  readonly triangles: (readonly [number, number, number, number])[];
  readonly base: number;
  /** Σ λ in units of 2⁻²⁰. */
  readonly units: number;
  readonly proven: number;
}

/** Votes the certificate can state exactly: integers below 2³¹ (vote counts always are). */
export function integralVotes(p: RankProblem): boolean {
  for (let k = 0; k < p.wins.length; k++) if (!Number.isInteger(p.wins[k]) || p.wins[k] < 0 || p.wins[k] >= 2 ** 31) return false;
  return true;
}

/** The engine's flat [i, j, k, λ] read as a valid packing of `p` (see the file's comment). */
export function exactPacking(p: RankProblem, flat: ArrayLike<number>): ExactPacking {
  const n = p.n;
  const w = p.wins;
  const used = new Map<number, number>();
  const left = (a: number, b: number): number => (w[a * n + b] - w[b * n + a]) * PACK_UNIT - (used.get(a * n + b) ?? 0);
  const triangles: [number, number, number, number][] = [];
  let units = 0;
  for (let t = 0; t + 3 < flat.length; t += 4) {
    const [i, j, k] = [flat[t], flat[t + 1], flat[t + 2]];
    if (![i, j, k].every((v) => Number.isInteger(v) && v >= 0 && v < n) || i === j || j === k || i === k) continue;
    const arcs: [number, number][] = [[i, j], [j, k], [k, i]];
    if (!arcs.every(([a, b]) => w[a * n + b] > w[b * n + a])) continue;
    const want = Math.floor(flat[t + 3] * PACK_UNIT);
    const u = Math.min(Number.isSafeInteger(want) ? want : 0, ...arcs.map(([a, b]) => left(a, b)));
    if (!(u > 0)) continue;
    for (const [a, b] of arcs) used.set(a * n + b, (used.get(a * n + b) ?? 0) + u);
    triangles.push([i, j, k, u]);
    units += u;
  }
  const base = pairwiseMinimum(p);
  return { triangles, base, units, proven: base + Math.ceil(units / PACK_UNIT) };
}

/** The `cycle_packing` certificate of a checked packing. */
export function cyclePacking(x: Pick<ExactPacking, 'triangles' | 'base'>): Record<string, unknown> & { kind: string } {
  return { kind: 'cycle_packing', base: x.base, triangles: x.triangles.map(([i, j, k, u]) => [i, j, k, dyadicDecimal(u)]) };
}

