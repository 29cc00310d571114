/** The rank family (families/family.ts): its problem kind, re-score, native budget and solvers. */
import type { Family } from '../family';
import { rankBudgetFor } from './budget';
import type { PermutationResult, RankProblem } from './problem';
import { RANK_SCORE } from './evaluate';
import { solveRank } from './solve';

export const RANK_FAMILY: Family<RankProblem, PermutationResult> = {
  kind: 'rank',
  score: RANK_SCORE,
  nativeBudget: (_p, req) => ({ family: rankBudgetFor(req.effort) }),
  solvers: { rank: solveRank },
};
