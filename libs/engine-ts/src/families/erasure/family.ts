/** The erasure family (families/family.ts): protect and recover, one operation on one problem kind. */
import type { Family } from '../family';
import { ERASURE_SCORE } from './evaluate';
import type { BytesResult, ErasureProblem } from './problem';
import { solveErasure } from './solve';

export const ERASURE_FAMILY: Family<ErasureProblem, BytesResult> = {
  kind: 'erasure',
  score: ERASURE_SCORE,
  // No work budget: one pass over the data whatever the effort.
  nativeBudget: () => ({}),
  solvers: { protect: solveErasure, recover: solveErasure },
};
