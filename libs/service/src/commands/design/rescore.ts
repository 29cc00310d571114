import { circularCost, type DesignInput } from '@svc/engine-ts/families/design';
import type { Rescored } from '../../internal/rescore';

/** Validated JSON input of `design` (the fields the re-score reads: the request's own fields). */
export type DesignTerms = DesignInput;

/** The cost of values a and b on a bond, from the request (a table, the quantised cosine, or 0). */
export function bondCost(t: DesignTerms): (a: number, b: number) => number {
  if (t.table !== undefined) {
    const table = t.table;
    return (a, b) => table[a][b];
  }
  if (t.circular !== undefined) {
    const { j, scale } = t.circular;
    return (a, b) => circularCost(t.K, j, scale ?? 1, Math.abs(a - b));
  }
  return () => 0;
}

/** Σ bias[site][value] over the answer + Σ over bonds of the coupling, straight from the request JSON. */
export function rescoreDesign(t: DesignTerms, x: readonly number[]): Rescored {
  const cost = bondCost(t);
  let value = 0;
  let weightSum = 0;
  for (const [s, v, e] of t.bias ?? []) {
    if (x[s] === v) value += e;
    weightSum += Math.abs(e);
  }
  let far = 0;
  if (t.table !== undefined) for (const row of t.table) for (const c of row) far = Math.max(far, Math.abs(c));
  else if (t.circular !== undefined) far = Math.abs(t.circular.j * (t.circular.scale ?? 1)) + 1;
  for (const [i, j] of t.bonds ?? []) value += cost(x[i], x[j]);
  weightSum += (t.bonds?.length ?? 0) * far;
  return { value, weightSum };
}
