/** The independent re-score of quantum-scale: the Ising energy of the generated instance. */
import type { ProblemScore } from '../../base';
import { layoutOf, plantedEnergyOf } from './generate';
import type { PlantedIsingProblem } from './problem';

/** quantum-scale: energy, minimised; every coupling is ±1, so the weight sum is the edge count. */
export const PLANTED_SCORE: ProblemScore<PlantedIsingProblem> = {
  evaluate: (p, x) => plantedEnergyOf(layoutOf(p), x),
  weightSum: (p) => layoutOf(p).edges,
  minimise: true,
};
