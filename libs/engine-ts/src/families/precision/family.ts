/** The precision family (families/family.ts): its problem kind, re-score, native budget and solver. */
import type { Family } from '../family';
import { PRECISION_SCORE } from './evaluate';
import type { DecimalResult, PrecisionProblem } from './problem';
import { solvePrecision } from './solve';

export const PRECISION_FAMILY: Family<PrecisionProblem, DecimalResult> = {
  kind: 'precision',
  score: PRECISION_SCORE,
  // No work budget: the digits fix the work (the C++ records take none: kNoBudget).
  nativeBudget: () => ({}),
  solvers: { precision: solvePrecision },
};
