import type { Rescored } from '../../internal/rescore';

/** Validated JSON input of `cover` (the fields the re-score reads). */
export interface CoverTerms {
  readonly universe: number;
  readonly sets: readonly (readonly number[])[];
  readonly costs?: readonly number[];
}

/**
 * The first element the chosen sets leave uncovered, or −1 (straight from the request JSON).
 */
export function firstUncovered(t: CoverTerms, chosen: readonly number[]): number {
  const hit = new Uint8Array(t.universe);
  for (const j of chosen) for (const e of t.sets[j]) hit[e] = 1;
  return hit.indexOf(0);
}

/** Σ costs of the chosen sets (1 each by default), with Σ|costs| as the tolerance scale. */
export function rescoreCover(t: CoverTerms, chosen: readonly number[]): Rescored {
  let value = 0;
  for (const j of chosen) value += t.costs?.[j] ?? 1;
  let weightSum = 0;
  for (let j = 0; j < t.sets.length; j++) weightSum += Math.abs(t.costs?.[j] ?? 1);
  return { value, weightSum };
}
