/**
 * The deterministic WORK budget of `entropy` per effort (never time): the ground-state search of a
 * `terms` problem is the spectrum budget's (families/spectrum/budget.ts) plus a residual target for
 * the ground state, relative to Σ|coeff| (its distance to the true one is at most residual / gap).
 */
import type { Effort } from '../../base';
import { spectrumBudgetFor, type SpectrumBudget } from '../spectrum/budget';

export interface EntropyBudget extends SpectrumBudget {
  readonly residual: number;
}

const RESIDUAL: Record<Effort, number> = { flash: 1e-6, medium: 1e-10, high: 1e-12 };

export function entropyBudgetFor(effort: Effort): EntropyBudget {
  const r = RESIDUAL[effort];
  if (r === undefined) throw new RangeError(`unknown effort "${String(effort)}"`);
  return { ...spectrumBudgetFor(effort), residual: r };
}

/** The most Schmidt coefficients an answer lists. */
export const MAX_SCHMIDT = 16;

/**
 * Work in the service's units (families/spectrum/budget.ts spectrumWork): the ground state's search
 * when from terms, then forming ρ (2^n·d) and diagonalising it (d³) for d = 2^min(|A|, |B|).
 */
export function entropyWork(n: number, terms: number, subsystemSize: number): number {
  const d = 2 ** Math.min(subsystemSize, n - subsystemSize);
  const search = terms > 0 ? 300 * 2 ** n * (terms + 4) * 0.25 : 0;
  return search + (2 ** n * d + 4 * d ** 3) * 0.5;
}
