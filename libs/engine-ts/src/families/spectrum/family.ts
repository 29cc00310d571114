/** The spectrum family (families/family.ts): its problem kind, re-score, native budget and solvers. */
import type { Family } from '../family';
import type { NumericResult } from '../../base';
import { spectrumBudgetFor, spectrumWork } from './budget';
import { SPECTRUM_SCORE } from './evaluate';
import type { SpectrumProblem } from './problem';
import { solveSpectrum } from './solve';

export const SPECTRUM_FAMILY: Family<SpectrumProblem, NumericResult> = {
  kind: 'spectrum',
  score: SPECTRUM_SCORE,
  nativeBudget: (_p, req) => ({ family: spectrumBudgetFor(req.effort) }),
  solvers: { spectrum: solveSpectrum },
  // Products H·v over 2^n amplitudes, each a sum over the terms.
  workModel: (p) => ({ work: spectrumWork(p.n, p.coeff.length, p.k), steps: null }),
};
