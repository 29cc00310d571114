import { completeCutValue, cutValue } from '@svc/contracts/scoring';
import type { Rescored } from '../../internal/rescore';

/** Validated JSON input of `maxcut` (the fields the re-score reads). */
export interface MaxcutTerms {
  readonly n: number;
  readonly edges?: ReadonlyArray<readonly [number, number, number] | readonly number[]>;
  readonly complete?: boolean;
}

/** Cut value: Σ w over edges whose ends differ; the complete graph counts a·(n−a) unit edges. */
export function rescoreMaxcut(p: MaxcutTerms, x: ArrayLike<number>): Rescored {
  if (p.complete === true && !p.edges) return { value: completeCutValue(p.n, x), weightSum: (p.n * (p.n - 1)) / 2 };
  let weightSum = 0;
  for (const t of p.edges ?? []) weightSum += Math.abs(t[2]);
  return { value: cutValue(p.edges ?? [], x), weightSum };
}
