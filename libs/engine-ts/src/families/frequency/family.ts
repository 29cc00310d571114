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
};
