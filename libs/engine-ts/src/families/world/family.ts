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
  // One pass over the op's rows; neighbours build a k-d tree (about n·log₂n node visits) and search
  // it (about (k + 8) leaves' points per query and level), plus the service's re-check (distances
  // and a brute-force sample).
  workModel: (p) => {
    if (p.op !== 'neighbors') return { work: 50 * p.n, steps: null };
    const q = p.queries!.length / p.dim!, lg = Math.log2(p.n + 1);
    return { work: Math.ceil(4 * p.n * lg + q * (p.k! + 8) * (lg + 16) + 64 * p.n * p.dim!), steps: null };
  },
};
