import type { EngineResult } from '@svc/engine-ts';
import { canonicalPhase, phaseVerdict, type PhaseProblem } from '@svc/engine-ts/families/phase';
import { CERTAINTY, type InputOf } from '@svc/contracts';
import { SvcError } from '@svc/errors';
import type { CommandAdapter, FinishedSolve } from '../adapter';
import { canonicalOrInvalid } from '../shared/qubo-family';
import { numericCertainty } from '../spectrum/adapter';
import { recheckPhase } from './rescore';

/** phase: a spin chain's phase from finite-size evidence (the label rule: engine-ts families/phase/label.ts). */
export const phaseAdapter: CommandAdapter = {
  command: 'phase',
  recheckInWorker: true,
  prepare(v) {
    const input = v.input as InputOf<'phase'>;
    const problem = canonicalOrInvalid(() => canonicalPhase({ ...input, n: v.n }));
    return {
      problem,
      terms: 3 * problem.n,
      receiptProblem: { n: problem.n, model: problem.model, J: problem.J, ...(problem.model === 'tfim' ? { h: problem.h } : {}), ...(problem.model === 'xxz' ? { delta: problem.delta } : {}), boundary: problem.boundary },
      finish: (r, ctx) => finishPhase(problem, r, ctx.deadlineFired),
    };
  },
};

export function finishPhase(p: PhaseProblem, r: EngineResult, deadlineFired: boolean): FinishedSolve {
  if (r.kind !== 'numeric') throw new SvcError('SVC_ENGINE_FAILURE', `engine returned a ${r.kind} result for phase`);
  const count = r.extras.sizes;
  if (!(Number.isInteger(count) && count >= 1)) throw new SvcError('SVC_ENGINE_FAILURE', 'the engine stopped before it solved any size');
  recheckPhase(p, r.answer, count);
  const stoppedAtDeadline = r.stoppedAtDeadline || deadlineFired;
  const converged = r.extras.converged === 1 && !stoppedAtDeadline;
  const v = phaseVerdict(p, r.answer, count, converged);
  const fields = {
    answer: v.label,
    order_parameter: v.orderParameter,
    gap: v.gap,
    evidence: v.evidence,
    near_transition: v.nearTransition,
    tolerance: v.tolerance,
    converged,
  };
  return { fields, proof: null, stoppedAtDeadline, certainty: v.certain ? numericCertainty(v.tolerance) : CERTAINTY.heuristic };
}
