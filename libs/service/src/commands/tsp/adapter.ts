import { type EngineResult } from '@svc/engine-ts';
import { canonicalTsp, type TspProblem } from '@svc/engine-ts/families/tsp';
import type { TspInput } from '@svc/contracts';
import { SvcError } from '@svc/errors';
import type { CommandAdapter, FinishedSolve } from '../adapter';
import { canonicalOrInvalid } from '../shared/qubo-family';
import { permutationOf } from '../../internal/rescore';
import { citiesOf, tourLength, type TspTerms } from './rescore';

/** tsp: the shortest closed tour through every city. */
export const tspAdapter: CommandAdapter = {
  command: 'tsp',
  prepare(v) {
    const input = v.input as TspInput;
    const terms: TspTerms = { matrix: input.matrix, points: input.points, metric: input.metric };
    const problem = canonicalOrInvalid(() => canonicalTsp(terms));
    return {
      problem,
      // Distinct distances: each unordered pair once, or each ordered pair of a one-way matrix.
      terms: problem.matrix !== null ? (problem.n * (problem.n - 1)) / (isSymmetric(problem) ? 2 : 1) : problem.n,
      receiptProblem: tspReceiptProblem(problem),
      finish: (r, ctx) => finishTsp(terms, r, ctx.deadlineFired),
    };
  },
};

/** No d(i, j) ≠ d(j, i) in a matrix problem. */
function isSymmetric(p: TspProblem): boolean {
  const n = p.n;
  const m = p.matrix!;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (m[i * n + j] !== m[j * n + i]) return false;
  return true;
}

/**
 * The receipt form (commands.md "Receipt"): `n` and either the matrix as its strict upper
 * triangle by rows (symmetric, the diagonal ignored: that is all of it), every row in full (an
 * asymmetric matrix, diagonal 0: rows of n entries tell it apart), or the points and the metric
 * (the default spelled out).
 */
export function tspReceiptProblem(p: TspProblem): Record<string, unknown> {
  const n = p.n;
  if (p.matrix !== null) {
    const m = p.matrix;
    const rows: Float64Array[] = [];
    if (!isSymmetric(p)) for (let i = 0; i < n; i++) rows.push(m.subarray(i * n, (i + 1) * n));
    else for (let i = 0; i + 1 < n; i++) rows.push(m.subarray(i * n + i + 1, (i + 1) * n));
    return { n, matrix: rows };
  }
  return { n, points: p.points, metric: p.metric };
}

/** The independent check of an engine result and the answer fields {answer, length}. */
export function finishTsp(terms: TspTerms, r: EngineResult, deadlineFired: boolean): FinishedSolve {
  if (r.kind !== 'permutation') throw new SvcError('SVC_ENGINE_FAILURE', `engine returned a ${r.kind} result for tsp`);
  const tour = permutationOf(r.answer, citiesOf(terms), 'tour', 'city');
  const length = tourLength(terms, tour);
  // Integer distances: the re-score must agree exactly.
  if (r.objective !== length) throw new SvcError('SVC_ENGINE_FAILURE', `engine reported length ${r.objective} but the independent re-score gives ${length}`);
  const stoppedAtDeadline = r.stoppedAtDeadline || (deadlineFired && r.proof === null);
  const proof = stoppedAtDeadline ? null : r.proof;
  const fields = { answer: tour, length };
  if (proof !== null || r.bound === undefined || !Number.isFinite(r.bound)) return { fields, proof, stoppedAtDeadline };
  if (r.bound > length) throw new SvcError('SVC_ENGINE_FAILURE', `engine bound ${r.bound} is above its own tour's length ${length}`);
  return { fields, proof, stoppedAtDeadline, bound: r.bound, gap: (length - r.bound) / Math.max(1, Math.abs(length)) };
}
