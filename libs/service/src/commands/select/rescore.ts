import { engineFault, type Rescored } from '../../internal/rescore';

/** Validated JSON input of `select` (the fields the re-score reads). */
export interface SelectTerms {
  readonly m: number;
  readonly k: number;
  readonly affinity: readonly number[];
  readonly redundancy?: readonly (readonly number[])[];
}

/**
 * The chosen indices of an engine membership vector: length m, 0/1, exactly k ones; ascending.
 * Anything else is SVC_ENGINE_FAILURE (the engine's claim is checked, never trusted).
 */
export function selectIndicesOf(membership: ArrayLike<number>, m: number, k: number): number[] {
  if (membership.length !== m) throw engineFault(`engine answer has length ${membership.length}, expected m = ${m}`);
  const chosen: number[] = [];
  for (let i = 0; i < m; i++) {
    const b = membership[i];
    if (b === 1) chosen.push(i);
    else if (b !== 0) throw engineFault(`engine answer entry ${i} is ${b}, expected 0 or 1`);
  }
  if (chosen.length !== k) throw engineFault(`engine chose ${chosen.length} items, expected exactly k = ${k}`);
  return chosen;
}

/**
 * Value Σ affinity − Σ redundancy over chosen pairs, from the request JSON: each unordered pair
 * once (read as redundancy[i][j] with i < j), the diagonal ignored. `chosen` must be distinct.
 */
export function rescoreSelect(p: SelectTerms, chosen: readonly number[]): Rescored {
  let value = 0;
  let weightSum = 0;
  for (const a of p.affinity) weightSum += Math.abs(a);
  for (const i of chosen) value += p.affinity[i];
  const R = p.redundancy;
  if (R) {
    for (let i = 0; i < p.m; i++) {
      const row = R[i];
      for (let j = i + 1; j < p.m; j++) weightSum += Math.abs(row[j]);
    }
    const sorted = [...chosen].sort((a, b) => a - b);
    for (let s = 0; s < sorted.length; s++) {
      const row = R[sorted[s]];
      for (let t = s + 1; t < sorted.length; t++) value -= row[sorted[t]];
    }
  }
  return { value, weightSum };
}
