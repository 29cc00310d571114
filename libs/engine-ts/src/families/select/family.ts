/** The select family (families/family.ts): its problem kind, re-score, native budget and solvers. */
import type { Family } from '../family';
import { selectBudgetFor } from './budget';
import type { SelectProblem } from './problem';
import type { BinaryResult } from '../../base';
import { SELECT_SCORE } from './evaluate';
import { solveSelect } from './solve';

export const SELECT_FAMILY: Family<SelectProblem, BinaryResult> = {
  kind: 'select',
  score: SELECT_SCORE,
  nativeBudget: (p, req) => ({ family: selectBudgetFor(req.effort, p.n, p.k) }),
  solvers: { select: solveSelect },
};
