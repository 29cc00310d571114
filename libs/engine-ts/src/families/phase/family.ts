/** The phase family (families/family.ts): its problem kind, re-score, native budget and solvers. */
import type { Family } from '../family';
import type { NumericResult } from '../../base';
import { phaseBudgetFor, phaseWork } from './budget';
import { PHASE_SCORE } from './evaluate';
import type { PhaseProblem } from './problem';
import { solvePhase } from './solve';

export const PHASE_FAMILY: Family<PhaseProblem, NumericResult> = {
  kind: 'phase',
  score: PHASE_SCORE,
  nativeBudget: (_p, req) => ({ family: phaseBudgetFor(req.effort) }),
  solvers: { phase: solvePhase },
  // The lowest levels of each size's chain.
  workModel: (p) => ({ work: phaseWork(p), steps: null }),
};
