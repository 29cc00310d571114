/**
 * Exhaustive Gray-code enumeration of the model over its first `free` variables (the rest stay
 * 0). Specification (the native engine follows it step for step): the walk of gray-walk.ts
 * (flips, incremental energy, resync every 65536 states, limits polled every 4096 states), and
 *   best = state 0 (energy 0); at each state t >= 1: if energy < bestE (strict) bestE = energy,
 *   bestCode = t; best x = bits of g(bestCode).
 * O(2^free · average degree). Max-cut enumerates n − 1 variables with node n − 1 fixed at 0:
 * a cut and its mirror image have the same value, so this loses nothing.
 */
import { bitsOfCode, GrayWalk, grayCode } from '../../kernels/gray-walk';
import type { Limits, Model } from '../../kernels/model';

export interface ExactResult {
  readonly x: Uint8Array;
  /** Model energy of x as tracked during the enumeration (the caller re-evaluates). */
  readonly energy: number;
  /** True when every one of the 2^free states was visited. */
  readonly complete: boolean;
  /** Gray-code steps taken (states visited − 1). */
  readonly steps: number;
}

export function exactEnumerate(model: Model, free: number, limits: Limits): ExactResult {
  const walk = new GrayWalk(model, free, limits);
  let bestE = 0;
  let bestCode = 0;
  while (walk.step()) {
    if (walk.energy < bestE) {
      bestE = walk.energy;
      bestCode = walk.t;
    }
  }
  return { x: bitsOfCode(grayCode(bestCode), model.n, free), energy: bestE, complete: walk.complete, steps: walk.t };
}
