import { SvcError } from '@svc/errors';
import { type EngineResult } from '@svc/engine-ts';
import { canonicalSelect, type SelectProblem } from '@svc/engine-ts/families/select';
import type { SelectInput } from '@svc/contracts';
import { assertAgrees, rescoreTolerance } from '../../internal/rescore';
import { rescoreSelect, selectIndicesOf, type SelectTerms } from './rescore';
import type { CommandAdapter, FinishedSolve } from '../adapter';
import { canonicalOrInvalid } from '../shared/qubo-family';

/** select: choose exactly k of m items maximising Σ affinity − Σ redundancy over chosen pairs. */
export const selectAdapter: CommandAdapter = {
  command: 'select',
  prepare(v) {
    const input = v.input as SelectInput;
    const terms: SelectTerms = { m: input.m, k: input.k, affinity: input.affinity, redundancy: input.redundancy };
    const problem = canonicalOrInvalid(() => canonicalSelect(input.m, input.k, input.affinity, input.redundancy));
    return {
      problem,
      terms: nonZeroPairs(problem),
      receiptProblem: selectReceiptProblem(problem),
      finish: (r, ctx) => finishSelect(terms, r, ctx.deadlineFired),
    };
  },
};

/**
 * The receipt form (commands.md "Receipt"): `n` = m, k, affinity, and the redundancy as its
 * strict upper triangle by rows (row i holds R[i][i+1..m−1]); the diagonal is ignored and the
 * matrix symmetric, so this is all of it. Omitted when no pair is penalised (the same problem
 * as an all-zero or absent matrix).
 */
export function selectReceiptProblem(p: SelectProblem): Record<string, unknown> {
  const m = p.n;
  const out: Record<string, unknown> = { n: m, m, k: p.k, affinity: p.affinity };
  const R = p.redundancy;
  if (R !== null) {
    const rows: Float64Array[] = [];
    for (let i = 0; i + 1 < m; i++) rows.push(R.subarray(i * m + i + 1, (i + 1) * m));
    out.redundancy = rows;
  }
  return out;
}

function nonZeroPairs(p: SelectProblem): number {
  const R = p.redundancy;
  if (R === null) return 0;
  const m = p.n;
  let count = 0;
  for (let i = 0; i < m; i++) for (let j = i + 1; j < m; j++) if (R[i * m + j] !== 0) count++;
  return count;
}

/** The independent check of an engine result and the answer fields {answer, value, count}. */
export function finishSelect(terms: SelectTerms, r: EngineResult, deadlineFired: boolean): FinishedSolve {
  const chosen = selectIndicesOf(r.answer, terms.m, terms.k);
  const rescored = rescoreSelect(terms, chosen);
  assertAgrees('value', r.objective, rescored);
  const tol = rescoreTolerance(rescored.weightSum);
  const stoppedAtDeadline = r.stoppedAtDeadline || (deadlineFired && r.proof === null);
  // A search cut short is never a proof, whatever the engine says.
  const proof = stoppedAtDeadline ? null : r.proof;
  const fields = { answer: chosen, value: r.objective, count: chosen.length };
  if (proof !== null || r.bound === undefined || !Number.isFinite(r.bound)) return { fields, proof, stoppedAtDeadline };
  if (r.bound < r.objective - tol) {
    throw new SvcError('SVC_ENGINE_FAILURE', `engine bound ${r.bound} is below its own answer's value ${r.objective}`);
  }
  const gap = Math.abs(r.bound - r.objective) / Math.max(1, Math.abs(r.objective));
  return { fields, proof, stoppedAtDeadline, bound: r.bound, gap };
}
