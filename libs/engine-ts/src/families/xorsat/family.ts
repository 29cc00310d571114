/** The xorsat family (families/family.ts): its problem kind, re-score, native budget and solvers. */
import type { Family } from '../family';
import { xorsatBudgetFor } from './budget';
import { XORSAT_SCORE } from './evaluate';
import type { XorsatProblem, XorsatResult } from './problem';
import { solveXorsat } from './solve';

export const XORSAT_FAMILY: Family<XorsatProblem, XorsatResult> = {
  kind: 'xorsat',
  score: XORSAT_SCORE,
  nativeBudget: (_p, req) => ({ family: xorsatBudgetFor(req.effort) }),
  solvers: { xorsat: (req, signal) => solveXorsat(req, signal) },
};
