import { disagreements } from '@svc/contracts/scoring';
import { permutationOf, type Rescored } from '../../internal/rescore';

/** Validated JSON input of `rank` (the fields the re-score reads). */
export interface RankTerms {
  readonly items: readonly string[];
  readonly comparisons?: readonly (readonly [string, string])[];
}

/** The item names of an engine order (indices, best first); anything but a permutation is SVC_ENGINE_FAILURE. */
export function rankNamesOf(order: ArrayLike<number>, items: readonly string[]): string[] {
  return permutationOf(order, items.length, 'order', 'item').map((i) => items[i]);
}

/**
 * Disagreements of an order of item names (best first), from the request JSON: one per
 * comparison [winner, loser] whose loser is placed before its winner. `order` must name every
 * item once (the callers check it).
 */
export function rescoreRank(p: RankTerms, order: readonly string[]): Rescored {
  const place = new Map<string, number>();
  for (let k = 0; k < order.length; k++) place.set(order[k], k);
  const cs = p.comparisons ?? [];
  return { value: disagreements(cs, (item) => place.get(item)!), weightSum: cs.length };
}
