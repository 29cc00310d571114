/** The tsp family (families/family.ts): its problem kind, re-score, native budget and solvers. */
import type { Family } from '../family';
import { tspBudgetFor } from './budget';
import type { TspProblem } from './problem';
import type { PermutationResult } from '../rank/problem';
import { TSP_SCORE } from './evaluate';
import { solveTsp } from './solve';

export const TSP_FAMILY: Family<TspProblem, PermutationResult> = {
  kind: 'tsp',
  score: TSP_SCORE,
  nativeBudget: (_p, req) => ({ family: tspBudgetFor(req.effort) }),
  solvers: { tsp: solveTsp },
};
