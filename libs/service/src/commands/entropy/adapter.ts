import type { EngineResult } from '@svc/engine-ts';
import { canonicalEntropy, stateArray, type EntropyProblem } from '@svc/engine-ts/families/entropy';
import { CERTAINTY, type InputOf } from '@svc/contracts';
import { SvcError } from '@svc/errors';
import type { CommandAdapter, FinishedSolve } from '../adapter';
import { canonicalOrInvalid } from '../shared/qubo-family';
import { canonicalTermsJson, numericCertainty } from '../spectrum/adapter';
import { RECHECK_MAX_N, recheckEntropy } from './rescore';

/** entropy: the entanglement entropy of a state, or of a ground state, across a subsystem. */
export const entropyAdapter: CommandAdapter = {
  command: 'entropy',
  recheckInWorker: true,
  prepare(v) {
    const input = v.input as InputOf<'entropy'>;
    const subsystem = [...input.subsystem].sort((a, b) => a - b);
    const source = input.state !== undefined ? { state: input.state as [number, number][] } : { terms: input.terms! };
    const problem = canonicalOrInvalid(() => canonicalEntropy(v.n, subsystem, source, v.n <= RECHECK_MAX_N));
    const receiptSource = problem.state !== null ? { state: input.state } : { terms: canonicalTermsJson({ n: v.n, x: problem.x, z: problem.z, coeff: problem.coeff }) };
    return {
      problem,
      terms: problem.state !== null ? 2 ** v.n : problem.coeff.length,
      receiptProblem: { n: v.n, subsystem, ...receiptSource },
      finish: (r, ctx) => finishEntropy(problem, subsystem, input, r, ctx.deadlineFired),
    };
  },
};

/** Unpacks the engine's numbers (families/entropy/problem.ts layout), re-checks them and builds the answer fields. */
export function finishEntropy(p: EntropyProblem, subsystem: readonly number[], input: InputOf<'entropy'>, r: EngineResult, deadlineFired: boolean): FinishedSolve {
  if (r.kind !== 'numeric') throw new SvcError('SVC_ENGINE_FAILURE', `engine returned a ${r.kind} result for entropy`);
  const m = r.extras.schmidt;
  const fromTerms = p.state === null;
  const vecLen = r.extras.vectors === 1 ? 2 * 2 ** p.n : 0;
  if (r.answer.length === 0) throw new SvcError('SVC_ENGINE_FAILURE', 'the engine stopped before it had a state');
  if (!(Number.isInteger(m) && m >= 1) || r.answer.length !== 5 + m + vecLen) throw new SvcError('SVC_ENGINE_FAILURE', `the engine's entropy result has ${r.answer.length} numbers for ${m} Schmidt coefficients`);
  if (fromTerms && p.vectors === 1 && vecLen === 0) throw new SvcError('SVC_ENGINE_FAILURE', 'the engine left out the ground state the re-check needs');
  const a = r.answer;
  const claim = {
    entropy: a[0], renyi2: a[1], errors: { entropy: a[2], renyi2: a[3], schmidt: a[4] },
    schmidt: Array.from(a.subarray(5, 5 + m)), dim: r.extras.dim,
    groundState: vecLen > 0 ? a.subarray(5 + m) : null, groundEnergy: r.extras.groundEnergy, stateT: r.extras.stateT,
  };
  recheckEntropy(p.n, subsystem, fromTerms ? { terms: input.terms! } : { state: stateArray(input.state as [number, number][]) }, claim);
  const degenerate = fromTerms && r.extras.degenerate === 1;
  const converged = r.extras.converged === 1;
  const stoppedAtDeadline = r.stoppedAtDeadline || deadlineFired;
  const sure = converged && !degenerate && !stoppedAtDeadline;
  const fields = {
    answer: claim.entropy,
    entropy: claim.entropy,
    renyi2: claim.renyi2,
    schmidt: claim.schmidt,
    rank: Math.max(1, r.extras.rank),
    errors: claim.errors,
    tolerance: claim.errors.entropy,
    source: fromTerms ? 'ground_state' : 'state',
    ...(fromTerms ? { ground_energy: r.extras.groundEnergy, gap: r.extras.gap, degenerate } : {}),
    converged: converged && !stoppedAtDeadline,
  };
  return { fields, proof: null, stoppedAtDeadline, certainty: sure ? numericCertainty(claim.errors.entropy) : CERTAINTY.heuristic };
}
