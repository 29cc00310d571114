/** The design family (families/family.ts): its problem kind, re-score, native budget and solvers. */
import type { Family } from '../family';
import { designBudgetFor } from './budget';
import type { DesignProblem, LabelResult } from './problem';
import { DESIGN_SCORE } from './evaluate';
import { designShape, solveDesign } from './solve';

export const DESIGN_FAMILY: Family<DesignProblem, LabelResult> = {
  kind: 'design',
  score: DESIGN_SCORE,
  nativeBudget: (_p, req) => ({ family: designBudgetFor(req.effort) }),
  solvers: { design: solveDesign },
  // The tree DP (sites·K² each) and the tabu search's value evaluations.
  workModel: (p, plan) => {
    const b = designBudgetFor(plan.effort);
    const { treeWork, hardSites } = designShape(p);
    const tabu = hardSites === 0 ? 0 : Math.min(b.tabuWork, b.tabuIters * hardSites * p.K);
    return { work: p.L + Math.min(treeWork, b.dpWork) + tabu, steps: null };
  },
};
