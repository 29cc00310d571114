/** The tsp family (families/family.ts): its problem kind, re-score, native budget and solvers. */
import type { Family } from '../family';
import { boundIterations, tspBudgetFor } from './budget';
import type { TspProblem } from './problem';
import type { PermutationResult } from '../rank/problem';
import { TSP_SCORE } from './evaluate';
import { solveTsp } from './solve';

export const TSP_FAMILY: Family<TspProblem, PermutationResult> = {
  kind: 'tsp',
  score: TSP_SCORE,
  nativeBudget: (_p, req) => ({ family: tspBudgetFor(req.effort) }),
  solvers: { tsp: solveTsp },
  // The Held–Karp DP, or candidate lists, 1-tree steps of n² each and the kicks of the iterated
  // search (about n + 200 visits each).
  workModel: (p, plan) => {
    const b = tspBudgetFor(plan.effort);
    const n = p.n;
    if (n <= b.dpMaxN) return { work: 2 ** (n - 1) * (n - 1) ** 2, steps: null };
    const kicks = Math.min(b.maxKicks, b.kicksPerN * n);
    return { work: n * n * (2 + 3 * boundIterations(b, n)) + kicks * (n + 200), steps: null };
  },
};
