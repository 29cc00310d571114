/** The cover family (families/family.ts): its problem kind, re-score, native budget and solvers. */
import type { Family } from '../family';
import { coverBudgetFor } from './budget';
import type { CoverProblem } from './problem';
import type { BinaryResult } from '../../base';
import { COVER_SCORE } from './evaluate';
import { solveCover } from './solve';

export const COVER_FAMILY: Family<CoverProblem, BinaryResult> = {
  kind: 'cover',
  score: COVER_SCORE,
  nativeBudget: (_p, req) => ({ family: coverBudgetFor(req.effort) }),
  solvers: { cover: solveCover },
  // Every subgradient step reads each free set; the engine stops at `work`.
  workModel: (p, plan) => {
    const b = coverBudgetFor(plan.effort);
    const entries = p.elems.length + p.n;
    return { work: Math.min(b.work, entries * (b.rootIters * (1 + b.passes / 2) + b.bnbNodes * b.nodeIters)), steps: null };
  },
};
