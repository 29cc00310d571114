/** The xorsat family (families/family.ts): its problem kind, re-score, native budget and solvers. */
import type { Family } from '../family';
import type { BinaryResult } from '../../base';
import { xorsatBudgetFor } from './budget';
import { XORSAT_SCORE } from './evaluate';
import type { XorsatProblem } from './problem';
import { solveXorsat } from './solve';

export const XORSAT_FAMILY: Family<XorsatProblem, BinaryResult> = {
  kind: 'xorsat',
  score: XORSAT_SCORE,
  nativeBudget: (_p, req) => ({ family: xorsatBudgetFor(req.effort) }),
  solvers: { xorsat: solveXorsat },
};
