/**
 * The deterministic WORK budget of `phase` per effort: the spectrum budget (families/spectrum/budget.ts)
 * for each size's levels — but dense only up to 256 (the sectors of 12 sites and more go to Lanczos,
 * which needs only the lowest two levels) — and a residual target for the ground states whose
 * moments are evidence.
 */
import type { Effort } from '../../base';
import { spectrumBudgetFor, type SpectrumBudget } from '../spectrum/budget';
import { sizesFor } from './models';

export interface PhaseBudget extends SpectrumBudget {
  readonly residual: number;
}

const RESIDUAL: Record<Effort, number> = { flash: 1e-6, medium: 1e-9, high: 1e-11 };

export function phaseBudgetFor(effort: Effort): PhaseBudget {
  const r = RESIDUAL[effort];
  if (r === undefined) throw new RangeError(`unknown effort "${String(effort)}"`);
  return { ...spectrumBudgetFor(effort), denseMaxDim: 256, residual: r };
}

/** Work in the service's units (families/spectrum/budget.ts): about 400 products per size over 2^L amplitudes and 3L terms. */
export function phaseWork(p: Parameters<typeof sizesFor>[0]): number {
  return sizesFor(p).reduce((s, L) => s + 400 * 2 ** L * (3 * L + 4) * 0.25, 0);
}
