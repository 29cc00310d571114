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
  // LLL of rows × cols entries, about rows² · cols big-integer products per pass of the
  // Gram–Schmidt data, each growing with the digits of the entries, plus the exact check.
  workModel: (p) => {
    const digits = p.text.length / (p.rows * p.cols);
    return { work: Math.ceil(p.rows * p.rows * p.cols * (2 + digits / 4)), steps: null };
  },
};
