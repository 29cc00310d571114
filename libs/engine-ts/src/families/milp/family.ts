/** The milp family (families/family.ts): its problem kind, re-score, native budget and solvers. */
import type { Family } from '../family';
import { milpBudgetFor } from './budget';
import type { MilpProblem, VectorResult } from './problem';
import { MILP_SCORE } from './evaluate';
import { solveMilp } from './solve';

export const MILP_FAMILY: Family<MilpProblem, VectorResult> = {
  kind: 'milp',
  score: MILP_SCORE,
  nativeBudget: (_p, req) => ({ family: milpBudgetFor(req.effort) }),
  solvers: { milp: solveMilp },
};
