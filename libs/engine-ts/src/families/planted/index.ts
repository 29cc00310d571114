/** The planted family's entry, `@svc/engine-ts/families/planted`: its problem, builders, evaluator and budget. */
export type { PlantedIsingProblem, PlantedResult } from './problem';
export { quantumScaleBudget, type QuantumScaleBudget } from './budget';
export {
  checkPlantedArgs,
  forEachPlantedCoupling,
  PLANTED_MAX_DEGREE,
  PLANTED_MAX_N,
  PLANTED_MIN_DEGREE,
  plantedEnergyOf,
  plantedLayout,
  type CouplingSink,
  type PlantedLayout,
} from './generate';
