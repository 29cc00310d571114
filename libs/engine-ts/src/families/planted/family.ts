/** The planted family (families/family.ts): its problem kind, re-score, native budget and solvers. */
import type { Family } from '../family';
import { quantumScaleBudget } from './budget';
import { checkPlantedArgs } from './generate';
import type { PlantedIsingProblem, PlantedResult } from './problem';
import { PLANTED_SCORE } from './evaluate';
import { solvePlantedIsing } from './solve';

export const PLANTED_FAMILY: Family<PlantedIsingProblem, PlantedResult> = {
  kind: 'planted-ising',
  score: PLANTED_SCORE,
  nativeBudget: (p, req) => {
    checkPlantedArgs(p.n, p.degree, p.instanceSeed);
    return { family: quantumScaleBudget(req.effort, p.n) };
  },
  solvers: { 'quantum-scale': solvePlantedIsing },
};
