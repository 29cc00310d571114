/**
 * reduce: exact LLL (lll.ts) on the BigInt basis, then the independent exact check (verify.ts)
 * before answering: reduced with the problem's delta, and the same lattice by U and V.
 */
import type { CancelSignal, SolveRequest } from '../../base';
import { Limits } from '../../kernels/model';
import { decimalBytes } from '../precision/problem';
import { lllReduce } from './lll';
import { problemBasis, reduceAnswerText, type ReduceProblem, type ReduceResult } from './problem';
import { checkReduced, checkSameLattice } from './verify';

export function solveReduce(req: SolveRequest<ReduceProblem>, signal?: CancelSignal): ReduceResult {
  const started = performance.now();
  const p = req.problem;
  if (req.command !== 'reduce' || p.kind !== 'reduce') throw new Error('reduce needs a reduce problem');
  const deadlineAt = req.deadlineMs !== undefined && req.deadlineMs > 0 ? started + req.deadlineMs : Infinity;
  const limits = new Limits(signal?.flag ?? null, deadlineAt);
  const b = problemBasis(p);
  let steps = 0;
  const r = lllReduce(b, p.delta, () => (++steps & 63) === 0 && limits.check());
  const same = checkSameLattice(b, r.basis, r.u, r.v, r.rank);
  if (!same.ok) throw new Error(`reduce: the exact check failed: ${same.detail}`);
  if (!r.stopped) {
    const reduced = checkReduced(r.basis, p.delta);
    if (!reduced.ok) throw new Error(`reduce: the exact check failed: ${reduced.detail}`);
  }
  return {
    kind: 'decimal',
    answer: decimalBytes(reduceAnswerText(r.basis, r.u, r.v)),
    exact: !r.stopped,
    objective: 0,
    proof: null,
    stoppedAtDeadline: r.stopped,
    work: { iterations: r.swaps, nodes: r.reductions, restarts: 0 },
    engineMs: performance.now() - started,
  };
}
