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
  // One pass, each absent shard a dot product over k present ones (about 24 byte-products per unit
  // on engine-ts), plus the service's decode, hash and re-check of every byte (about one unit each).
  workModel: (p) => {
    const absent = p.n - p.present.reduce((s, x) => s + x, 0);
    return { work: Math.ceil((p.k * absent * p.shardSize) / 24) + p.n * p.shardSize, steps: null };
  },
};
