/** The canonical problem of `quantum-scale` (C++ core/planted/problem.h). */

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
