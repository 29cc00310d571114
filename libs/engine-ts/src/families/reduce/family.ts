/** The reduce family (families/family.ts): its problem kind, re-score, native budget and solver. */
import type { Family } from '../family';
import { REDUCE_SCORE } from './evaluate';
import type { ReduceProblem, ReduceResult } from './problem';
import { solveReduce } from './solve';

export const REDUCE_FAMILY: Family<ReduceProblem, ReduceResult> = {
  kind: 'reduce',
  score: REDUCE_SCORE,
  // No work budget: LLL runs to the end (the C++ records take none: kNoBudget).
  nativeBudget: () => ({}),
  solvers: { reduce: solveReduce },
};
