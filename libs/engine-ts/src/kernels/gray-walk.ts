/**
 * The Gray-code walk shared by exact.ts and k-best.ts: every state of the model over its first
 * `free` variables (the rest stay 0), one flip per step. Specification (the native engine's
 * port follows it step for step):
 *
 *   state 0: x = 0, energy = 0, delta[i] = h_i; state t has the Gray code g(t) = t ^ (t >> 1).
 *   step to state t (t = 1 .. 2^free − 1): b = ctz(t) (g(t) differs from g(t−1) in bit b);
 *     flip x_b: energy += delta[b]; delta[b] = −delta[b]; neighbours u of b (CSR order):
 *     delta[u] += (x_u = 1 ? −1 : +1)·(W_bu·s), s = +1 if x_b became 1 else −1.
 *   After the caller has seen state t, when t % 4096 = 0 and t + 1 < 2^free: if t > 0 and
 *   t % 65536 = 0, delta and energy are recomputed from x (bounds float drift); then the limits
 *   are polled, and if one fired the walk stops there (incomplete).
 * Usage: `const w = new GrayWalk(model, free, limits); see state 0; while (w.step()) see w.t`.
 * At the end `t` is the steps taken (the last state seen) and `complete` whether every state was.
 */
import { computeDeltas, type Limits, type Model, modelEnergy } from './model';

const POLL_MASK = 4095;
const RESYNC_MASK = 65535;

export class GrayWalk {
  readonly x: Uint8Array;
  readonly delta: Float64Array;
  /** sign[i] = 1 − 2x_i as a double: a multiply instead of an unpredictable branch. */
  private readonly sign: Float64Array;
  /** Energy of the current state (incremental between resyncs). */
  energy = 0;
  /** Index of the current state: its Gray code is t ^ (t >> 1). */
  t = 0;
  /** False once a limit stopped the walk before its last state. */
  complete = true;
  /** 2^free, the number of states. */
  readonly total: number;
  private readonly offsets: Int32Array;
  private readonly neighbours: Int32Array;
  private readonly weights: Float64Array;

  constructor(
    private readonly model: Model,
    free: number,
    private readonly limits: Limits,
  ) {
    if (free < 0 || free > 30) throw new Error(`exact enumeration over ${free} variables is not supported`);
    const n = model.n;
    this.x = new Uint8Array(n);
    this.sign = new Float64Array(n).fill(1);
    this.delta = Float64Array.from(model.h);
    this.total = 2 ** free;
    this.offsets = model.adj.offsets;
    this.neighbours = model.adj.neighbours;
    this.weights = model.adj.weights;
  }

  /** Moves to state t + 1; false (staying at t) when t was the last state or a limit fired. */
  step(): boolean {
    let t = this.t;
    if ((t & POLL_MASK) === 0 && !this.poll()) return false;
    t++;
    if (t >= this.total) return false;
    this.t = t;
    const b = 31 - Math.clz32(t & -t);
    const { delta, sign } = this;
    const d = delta[b];
    // sign[b] was 1 − 2x_b before the flip, so s = +1 exactly when x_b becomes 1.
    const s = sign[b];
    this.x[b] ^= 1;
    sign[b] = -s;
    this.energy += d;
    delta[b] = -d;
    const { neighbours, weights } = this;
    const end = this.offsets[b + 1];
    for (let q = this.offsets[b]; q < end; q++) {
      const u = neighbours[q];
      delta[u] += sign[u] * (weights[q] * s);
    }
    return true;
  }

  /** The poll at state t (t % 4096 = 0); false when the walk must stop there. */
  private poll(): boolean {
    const t = this.t;
    if (t + 1 >= this.total) return true;
    if (t > 0 && (t & RESYNC_MASK) === 0) {
      computeDeltas(this.model, this.x, this.delta);
      this.energy = modelEnergy(this.model, this.x);
    }
    if (!this.limits.check()) return true;
    this.complete = false;
    return false;
  }
}

/** The Gray code of state t. */
export function grayCode(t: number): number {
  return (t ^ (t >>> 1)) >>> 0;
}

/** The assignment (length n) of Gray code g over the first `free` variables. */
export function bitsOfCode(g: number, n: number, free: number): Uint8Array {
  const x = new Uint8Array(n);
  for (let i = 0; i < free; i++) x[i] = (g >>> i) & 1;
  return x;
}
