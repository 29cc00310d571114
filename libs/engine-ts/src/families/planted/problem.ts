/** The canonical problem of `quantum-scale` (C++ core/planted/problem.h). */
import type { ResultBase } from '../../base';

/**
 * quantum-scale: the planted Ising instance of (n, degree, instanceSeed), generated inside the
 * engine (generate.ts) so that 10^7 spins never cross a worker boundary.
 */
export interface PlantedIsingProblem {
  readonly kind: 'planted-ising';
  /** 1..10,000,000 spins. */
  readonly n: number;
  /** Maximum degree, 3..16. */
  readonly degree: number;
  /** Unsigned 32-bit seed of the instance (the request seed drives the solver). */
  readonly instanceSeed: number;
}

/** The result of `quantum-scale`: spins as bits, their energy, and the generated instance's facts. */
export interface PlantedResult extends ResultBase {
  readonly kind: 'planted';
  /** 0/1 per spin (1 = +1). */
  readonly answer: Uint8Array;
  /** The Ising energy of `answer`. */
  readonly objective: number;
  /** The proven ground energy of the generated instance. */
  readonly plantedEnergy: number;
  /** Coupled pairs of the generated instance. */
  readonly edges: number;
}
