/** Seeded `cover` instances and an independent brute force (no code shared with the engines). */
import { Prng } from '../../prng';

export interface CoverInput {
  readonly universe: number;
  readonly sets: number[][];
  readonly costs?: number[];
}

/** The cost of `chosen` (set indices) when it covers the universe, else Infinity. */
export function naiveCoverCost(d: CoverInput, chosen: readonly number[]): number {
  const hit = new Set<number>();
  let c = 0;
  for (const j of chosen) {
    c += d.costs?.[j] ?? 1;
    for (const e of d.sets[j]) hit.add(e);
  }
  return hit.size === d.universe ? c : Infinity;
}

/** The least cost over all 2^sets subsets (keep sets ≤ ~16). */
export function bruteCover(d: CoverInput): number {
  let best = Infinity;
  const n = d.sets.length;
  for (let mask = 0; mask < 1 << n; mask++) {
    const chosen: number[] = [];
    for (let j = 0; j < n; j++) if (mask & (1 << j)) chosen.push(j);
    best = Math.min(best, naiveCoverCost(d, chosen));
  }
  return best;
}

/** A random feasible instance: every element in at least one set; costs integers, reals, with zero and negative ones, or absent. */
export function randomCover(seed: number, universe: number, sets: number, density: number): CoverInput {
  const r = new Prng(seed);
  const out: number[][] = Array.from({ length: sets }, () => []);
  for (let e = 0; e < universe; e++) {
    let any = false;
    for (let j = 0; j < sets; j++) {
      if (r.nextFloat() < density) {
        out[j].push(e);
        any = true;
      }
    }
    if (!any) out[r.nextInt(sets)].push(e);
  }
  if (seed % 5 === 4 && sets > 1) out[r.nextInt(sets)].push(out[0][0] ?? 0);
  const kind = seed % 4;
  if (kind === 0) return { universe, sets: out };
  const costs = out.map(() => (kind === 1 ? 1 + r.nextInt(20) : kind === 2 ? Math.round(r.nextFloat() * 4000) / 100 + 0.5 : r.nextInt(12) - 2));
  return { universe, sets: out, costs };
}
