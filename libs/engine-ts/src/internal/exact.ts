/**
 * Exhaustive Gray-code enumeration of the model over its first `free` variables (the rest stay
 * 0). Specification (the native engine follows it step for step):
 *
 *   x = 0, energy = 0, delta[i] = h_i, best = 0 at code 0.
 *   for t = 1 .. 2^free − 1:
 *     b = ctz(t)                       (the Gray code g(t) = t ^ (t >> 1) differs from g(t−1) in bit b)
 *     flip x_b: energy += delta[b]; delta[b] = −delta[b]; neighbours u of b (CSR order):
 *               delta[u] += (x_u = 1 ? −1 : +1)·(W_bu·s), s = +1 if x_b became 1 else −1
 *     if energy < bestE (strict): bestE = energy, bestCode = t
 *     if t % 65536 === 0: recompute delta and energy from x (bounds float drift)
 *     if t % 4096 === 0: poll limits; stop early if one fired
 *   best x = bits of g(bestCode).
 * O(2^free · average degree). Max-cut enumerates n − 1 variables with node n − 1 fixed at 0:
 * a cut and its mirror image have the same value, so this loses nothing.
 */
import { computeDeltas, type Limits, type Model, modelEnergy } from './model';

export interface ExactResult {
  readonly x: Uint8Array;
  /** Model energy of x as tracked during the enumeration (the caller re-evaluates). */
  readonly energy: number;
  /** True when every one of the 2^free states was visited. */
  readonly complete: boolean;
  /** Gray-code steps taken (states visited − 1). */
  readonly steps: number;
}

const POLL_MASK = 4095;
const RESYNC_MASK = 65535;

export function exactEnumerate(model: Model, free: number, limits: Limits): ExactResult {
  if (free < 0 || free > 30) throw new Error(`exact enumeration over ${free} variables is not supported`);
  const n = model.n;
  const { offsets, neighbours, weights } = model.adj;
  const x = new Uint8Array(n);
  // sign[i] = 1 − 2x_i as a double: a multiply instead of an unpredictable branch.
  const sign = new Float64Array(n).fill(1);
  const delta = new Float64Array(n);
  delta.set(model.h);
  let energy = 0;
  let bestE = 0;
  let bestCode = 0;
  const total = 2 ** free;
  let t = 1;
  let complete = true;
  if (total > 1 && limits.check()) complete = false;
  else {
    for (; t < total; t++) {
      const b = 31 - Math.clz32(t & -t);
      const d = delta[b];
      // sign[b] was 1 − 2x_b before the flip, so s = +1 exactly when x_b becomes 1.
      const s = sign[b];
      x[b] ^= 1;
      sign[b] = -s;
      energy += d;
      delta[b] = -d;
      for (let q = offsets[b]; q < offsets[b + 1]; q++) {
        const u = neighbours[q];
        delta[u] += sign[u] * (weights[q] * s);
      }
      if (energy < bestE) {
        bestE = energy;
        bestCode = t;
      }
      if ((t & POLL_MASK) === 0) {
        if ((t & RESYNC_MASK) === 0) {
          computeDeltas(model, x, delta);
          energy = modelEnergy(model, x);
        }
        if (limits.check()) {
          complete = t + 1 >= total;
          t++;
          break;
        }
      }
    }
  }
  const best = new Uint8Array(n);
  const g = (bestCode ^ (bestCode >>> 1)) >>> 0;
  for (let i = 0; i < free; i++) best[i] = (g >>> i) & 1;
  return { x: best, energy: bestE, complete, steps: t - 1 };
}
