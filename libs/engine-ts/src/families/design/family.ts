/** The design family (families/family.ts): its problem kind, re-score, native budget and solvers. */
import type { Family } from '../family';
import { designBudgetFor } from './budget';
import type { DesignProblem, LabelResult } from './problem';
import { DESIGN_SCORE } from './evaluate';
import { solveDesign } from './solve';

export const DESIGN_FAMILY: Family<DesignProblem, LabelResult> = {
  kind: 'design',
  score: DESIGN_SCORE,
  nativeBudget: (_p, req) => ({ family: designBudgetFor(req.effort) }),
  solvers: { design: solveDesign },
};
