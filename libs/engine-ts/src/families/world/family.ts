/** The world family (families/family.ts): its problem kind, re-score, native budget and solvers. */
import type { Family } from '../family';
import type { NumericResult } from '../../base';
import { worldBudgetFor } from './budget';
import { WORLD_SCORE } from './evaluate';
import type { WorldProblem } from './problem';
import { solveWorld } from './solve';

export const WORLD_FAMILY: Family<WorldProblem, NumericResult> = {
  kind: 'world',
  score: WORLD_SCORE,
  nativeBudget: (_p, req) => ({ family: worldBudgetFor(req.effort) }),
  solvers: { world: solveWorld },
};
