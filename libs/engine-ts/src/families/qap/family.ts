/** The qap family (families/family.ts): its problem kind, re-score, native budget and solvers. */
import type { Family } from '../family';
import { qapBudgetFor, tabuIterations } from './budget';
import type { QapProblem } from './problem';
import type { PermutationResult } from '../rank/problem';
import { QAP_SCORE } from './evaluate';
import { solveQap } from './solve';

export const QAP_FAMILY: Family<QapProblem, PermutationResult> = {
  kind: 'qap',
  score: QAP_SCORE,
  nativeBudget: (_p, req) => ({ family: qapBudgetFor(req.effort) }),
  solvers: { qap: solveQap },
  // Tabu iterations of n² each; branch and bound nodes of about n³ each.
  workModel: (p, plan) => {
    const b = qapBudgetFor(plan.effort);
    const n = p.n;
    const nodes = n <= b.bnbMaxN ? Math.min(b.bnbNodes, 1e6) * n ** 3 : 0;
    return { work: tabuIterations(b, n) * n * n + nodes, steps: null };
  },
};
