/** The canonical `phase` problem from the request's model, n, couplings and boundary. */
import { PHASE_BOUNDARIES, PHASE_MODELS, type PhaseBoundary, type PhaseModel, type PhaseProblem } from './problem';

export interface PhaseInput {
  readonly model: PhaseModel;
  readonly n: number;
  readonly J?: number;
  readonly h?: number;
  readonly delta?: number;
  readonly boundary?: PhaseBoundary;
}

/** Defaults: J = 1, boundary periodic; h (tfim) and delta (xxz) are required by the contract, 0 here when absent. */
export function canonicalPhase(i: PhaseInput): PhaseProblem {
  if (!PHASE_MODELS.includes(i.model)) throw new Error(`unknown model "${String(i.model)}"`);
  const boundary = i.boundary ?? 'periodic';
  if (!PHASE_BOUNDARIES.includes(boundary)) throw new Error(`unknown boundary "${String(boundary)}"`);
  if (!(Number.isInteger(i.n) && i.n >= 4 && i.n <= 24)) throw new Error(`n must be an integer in 4..24, got ${i.n}`);
  const J = i.J ?? 1;
  if (!(Number.isFinite(J) && J !== 0)) throw new Error('J must be a non-zero finite number');
  return { kind: 'phase', n: i.n, model: i.model, boundary, J, h: i.model === 'tfim' ? i.h ?? 0 : 0, delta: i.model === 'xxz' ? i.delta ?? 0 : i.model === 'heisenberg' ? 1 : 0 };
}
