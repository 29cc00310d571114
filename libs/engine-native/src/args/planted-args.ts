/**
 * The addon arguments of `quantum-scale`: the instance's three numbers and the work budget
 * engine-ts would use (`quantumScaleBudget`; read by src/binding/planted_args.cc), so both engines
 * do the same work. The instance
 * itself is generated in C++ (core/planted/generate.cc), never copied across.
 */
import { checkPlantedArgs, quantumScaleBudget, type Effort, type PlantedIsingProblem } from '@svc/engine-ts';

/** The `planted` part of a problem handed to the addon. */
export interface NativePlantedArgs {
  readonly degree: number;
  readonly instanceSeed: number;
  readonly annealSweeps: number;
  readonly reheatSweeps: number;
  readonly maxSweeps: number;
  readonly betaStart: number;
  readonly betaEnd: number;
  readonly betaReheat: number;
}

/** Checks the instance (throws a RangeError naming the bad field) and flattens it with its budget. */
export function plantedArgs(p: PlantedIsingProblem, effort: Effort): NativePlantedArgs {
  checkPlantedArgs(p.n, p.degree, p.instanceSeed);
  return { degree: p.degree, instanceSeed: p.instanceSeed, ...quantumScaleBudget(effort, p.n) };
}
