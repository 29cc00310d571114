import { engineFault, type Rescored } from '../../internal/rescore';

/** Validated JSON input of `rank` (the fields the re-score reads). */
export interface RankTerms {
  readonly items: readonly string[];
  readonly comparisons?: readonly (readonly [string, string])[];
}

/**
 * The item names of an engine order (indices, best first). Anything but a permutation of
 * 0..n−1 is SVC_ENGINE_FAILURE (the engine's claim is checked, never trusted).
 */
export function rankNamesOf(order: ArrayLike<number>, items: readonly string[]): string[] {
  const n = items.length;
  if (order.length !== n) throw engineFault(`engine order has length ${order.length}, expected ${n} items`);
  const seen = new Uint8Array(n);
  const names: string[] = new Array(n);
  for (let k = 0; k < n; k++) {
    const i = order[k];
    if (!Number.isInteger(i) || i < 0 || i >= n) throw engineFault(`engine order entry ${k} is ${i}, not an item index`);
    if (seen[i]) throw engineFault(`engine order places item ${i} twice`);
    seen[i] = 1;
    names[k] = items[i];
  }
  return names;
}

/**
 * Disagreements of an order of item names (best first), from the request JSON: one per
 * comparison [winner, loser] whose loser is placed before its winner. `order` must name every
 * item once (the callers check it).
 */
export function rescoreRank(p: RankTerms, order: readonly string[]): Rescored {
  const place = new Map<string, number>();
  for (let k = 0; k < order.length; k++) place.set(order[k], k);
  let value = 0;
  const cs = p.comparisons ?? [];
  for (const [winner, loser] of cs) if (place.get(loser)! < place.get(winner)!) value++;
  return { value, weightSum: cs.length };
}
