/** The entropy family (families/family.ts): its problem kind, re-score, native budget and solvers. */
import type { Family } from '../family';
import type { NumericResult } from '../../base';
import { entropyBudgetFor, entropyWork } from './budget';
import { ENTROPY_SCORE } from './evaluate';
import type { EntropyProblem } from './problem';
import { solveEntropy } from './solve';

export const ENTROPY_FAMILY: Family<EntropyProblem, NumericResult> = {
  kind: 'entropy',
  score: ENTROPY_SCORE,
  nativeBudget: (_p, req) => ({ family: entropyBudgetFor(req.effort) }),
  solvers: { entropy: solveEntropy },
  // The ground state's search (terms), then the reduced state and its eigenvalues.
  workModel: (p) => {
    let size = 0;
    for (const b of p.subsystem) size += b;
    return { work: entropyWork(p.n, p.coeff.length, size), steps: null };
  },
};
