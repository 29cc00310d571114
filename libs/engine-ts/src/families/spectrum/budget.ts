/**
 * The deterministic WORK budget of `spectrum` per effort (never time):
 *   tolerance    target error bound of every eigenvalue, relative to Σ|coeff|
 *   maxMatvecs   H·v products over the whole solve
 *   denseMaxDim  sectors up to this dimension are diagonalised densely
 *   basisBytes   memory of one sector's Krylov vectors (sets the basis size; the contract caps k by it)
 */
import type { Effort } from '../../base';

export interface SpectrumBudget {
  readonly tolerance: number;
  readonly maxMatvecs: number;
  readonly denseMaxDim: number;
  readonly basisBytes: number;
}

/** 1.5 GiB of Krylov vectors: 11 vectors of the largest space (n = 24 real, 2^24 doubles). */
export const SPECTRUM_BASIS_BYTES = 1.5 * 2 ** 30;

const LEVELS: Record<Effort, SpectrumBudget> = {
  flash: { tolerance: 1e-8, maxMatvecs: 4_000, denseMaxDim: 256, basisBytes: SPECTRUM_BASIS_BYTES },
  medium: { tolerance: 1e-12, maxMatvecs: 40_000, denseMaxDim: 1_024, basisBytes: SPECTRUM_BASIS_BYTES },
  high: { tolerance: 1e-13, maxMatvecs: 200_000, denseMaxDim: 1_024, basisBytes: SPECTRUM_BASIS_BYTES },
};

export function spectrumBudgetFor(effort: Effort): SpectrumBudget {
  const b = LEVELS[effort];
  if (b === undefined) throw new RangeError(`unknown effort "${String(effort)}"`);
  return b;
}

/**
 * The work a solve is expected to do, in the service's units (work-model.ts: about 3 ns native
 * each): about 100·(k + 1) products H·v over 2^n amplitudes, each amplitude a sum over the terms,
 * at a quarter unit per amplitude and term (measured: 0.36 ns per amplitude and group native).
 */
export function spectrumWork(n: number, terms: number, k: number): number {
  return 100 * (Math.min(k, 2 ** n) + 1) * 2 ** n * (terms + 4) * 0.25;
}
