/** Independent evaluation for `phase`: the model's energy of a state on its n sites (families/spectrum/evaluate.ts pauliEnergy). */
import type { ProblemScore } from '../../base';
import { pauliEnergy } from '../spectrum/evaluate';
import { phaseScale, phaseTerms } from './models';
import type { PhaseProblem } from './problem';

export const PHASE_SCORE: ProblemScore<PhaseProblem> = {
  evaluate: (p, x) => pauliEnergy(phaseTerms(p, p.n), x),
  weightSum: (p) => phaseScale(p) * p.n,
  minimise: true,
};
