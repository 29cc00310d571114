/** The relation family (families/family.ts): its problem kind, re-score, native budget and solver. */
import type { NumericResult } from '../../base';
import type { Family } from '../family';
import { RELATION_SCORE } from './evaluate';
import type { RelationProblem } from './problem';
import { solveRelation } from './solve';
import { relationWork } from './budget';

export const RELATION_FAMILY: Family<RelationProblem, NumericResult> = {
  kind: 'relation',
  score: RELATION_SCORE,
  // No work budget: the digits, the size and max_height fix the work (pslqIterationCap; the C++ records take none: kNoBudget).
  nativeBudget: () => ({}),
  solvers: { relation: solveRelation },
  // The PSLQ runs (one, or one per degree) and their big-integer operations.
  workModel: (p) => ({ work: relationWork(p), steps: null }),
};
