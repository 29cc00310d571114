import { quboEnergy } from '@svc/contracts/scoring';
import type { Rescored } from '../../internal/rescore';

/** Validated JSON input of `optimize` (the fields the re-score reads). */
export interface OptimizeTerms {
  readonly n: number;
  readonly linear?: Readonly<Record<string, number>>;
  readonly quadratic?: ReadonlyArray<readonly [number, number, number] | readonly number[]>;
}

/** QUBO energy Σ h_i x_i + Σ w_ij x_i x_j straight from the JSON terms ([i,i,w] counts as w x_i). */
export function rescoreOptimize(p: OptimizeTerms, x: ArrayLike<number>): Rescored {
  let weightSum = 0;
  for (const h of Object.values(p.linear ?? {})) weightSum += Math.abs(h);
  for (const t of p.quadratic ?? []) weightSum += Math.abs(t[2]);
  return { value: quboEnergy(p.linear, p.quadratic, x), weightSum };
}
