/** The planted family (families/family.ts): its problem kind, re-score, native budget and solvers. */
import type { Family } from '../family';
import { quantumScaleBudget } from './budget';
import { checkPlantedArgs, plantedLayout } from './generate';
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
  // Worst case of quantumScaleBudget: every allowed sweep visits n spins and both ends of every coupling.
  workModel: (p, plan) => {
    const sweeps = quantumScaleBudget(plan.effort, p.n).maxSweeps;
    const edges = plantedLayout(p.n, p.degree, p.instanceSeed).edges;
    return { work: sweeps * (p.n + 2 * edges), steps: sweeps * p.n };
  },
};
