/** The qap family (families/family.ts): its problem kind, re-score, native budget and solvers. */
import type { Family } from '../family';
import { qapBudgetFor } from './budget';
import type { QapProblem } from './problem';
import type { PermutationResult } from '../rank/problem';
import { QAP_SCORE } from './evaluate';
import { solveQap } from './solve';

export const QAP_FAMILY: Family<QapProblem, PermutationResult> = {
  kind: 'qap',
  score: QAP_SCORE,
  nativeBudget: (_p, req) => ({ family: qapBudgetFor(req.effort) }),
  solvers: { qap: solveQap },
};
