/** The frequency family (families/family.ts): its problem kind, re-score, native budget and solvers. */
import type { Family } from '../family';
import type { NumericResult } from '../../base';
import { frequencyBudgetFor } from './budget';
import { FREQUENCY_SCORE } from './evaluate';
import type { FrequencyProblem } from './problem';
import { solveFrequency } from './solve';

export const FREQUENCY_FAMILY: Family<FrequencyProblem, NumericResult> = {
  kind: 'frequency',
  score: FREQUENCY_SCORE,
  nativeBudget: (_p, req) => ({ family: frequencyBudgetFor(req.effort) }),
  solvers: { frequency: solveFrequency },
  // Per peak one FFT (about N·log₂N) and some ten least-squares passes of about 6 units a sample,
  // plus the service's re-check (a few more passes and one FFT).
  workModel: (p) => ({ work: Math.ceil((p.top + 1) * p.n * (Math.log2(p.n) + 60)), steps: null }),
};
