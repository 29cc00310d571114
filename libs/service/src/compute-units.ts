import type { Effort } from '@svc/engine-ts';

/** Multiplier per effort level: each level roughly doubles the work budget. */
export const EFFORT_FACTORS: Readonly<Record<Effort, number>> = Object.freeze({ flash: 1, medium: 2, high: 4 });

/** Problem-size terms billed as one block. */
export const UNITS_BLOCK = 1000;

/** The published metering formula (also shown by `pricing()`); the free preflight uses the same function. */
export const COMPUTE_UNITS_FORMULA =
  'compute_units = ceil((n + terms) / 1000) * effort_factor, where terms = distinct couplings/edges after merging duplicates (n for maxcut complete:true) and effort_factor is flash 1, medium 2, high 4';

/**
 * Compute units of one solve: size in blocks of 1000 (variables plus distinct pair terms),
 * times the effort factor. Always at least the effort factor.
 */
export function computeUnits(size: { n: number; terms: number }, effort: Effort): number {
  const blocks = Math.max(1, Math.ceil((size.n + size.terms) / UNITS_BLOCK));
  return blocks * EFFORT_FACTORS[effort];
}
