/**
 * The incremental state every heuristic phase works on: x, its energy, and delta[i] = the energy
 * change of flipping x_i. Flipping v (s = +1 when x_v becomes 1, else −1) sets delta[v] = −delta[v]
 * and, for each neighbour u in CSR row order, delta[u] += sign[u]·(W_uv·s) with sign[u] = 1 − 2x_u
 * (after the flip of v). O(deg v) per flip; the native engine performs the same operations in the
 * same order, so both engines see bit-identical deltas and energies.
 */
import { computeDeltas, type Model, modelEnergy } from './model';

export class FlipState {
  readonly n: number;
  readonly x: Uint8Array;
  readonly delta: Float64Array;
  /** sign[i] = 1 − 2x_i as a double: a multiply instead of an unpredictable branch. */
  readonly sign: Float64Array;
  energy = 0;

  constructor(readonly model: Model) {
    this.n = model.n;
    this.x = new Uint8Array(model.n);
    this.delta = new Float64Array(model.n);
    this.sign = new Float64Array(model.n);
  }

  /** x := from; delta and energy recomputed from scratch (this also ends any float drift). */
  load(from: Uint8Array): void {
    this.x.set(from);
    this.resync();
  }

  /** delta, energy and sign recomputed from the current x (ends any float drift). */
  resync(): void {
    computeDeltas(this.model, this.x, this.delta);
    this.energy = modelEnergy(this.model, this.x);
    const { x, sign } = this;
    for (let i = 0; i < this.n; i++) sign[i] = x[i] !== 0 ? -1 : 1;
  }

  /** Flip v and update the deltas of its neighbours. */
  flip(v: number): void {
    const { x, delta, sign } = this;
    const { offsets, neighbours, weights } = this.model.adj;
    const d = delta[v];
    const s = sign[v];
    x[v] ^= 1;
    sign[v] = -s;
    this.energy += d;
    delta[v] = -d;
    const end = offsets[v + 1];
    for (let q = offsets[v]; q < end; q++) {
      const u = neighbours[q];
      delta[u] += sign[u] * (weights[q] * s);
    }
  }
}

/**
 * A best point kept as "current x minus a trail of flips since it was reached", so a new best
 * costs O(1); after n further flips the best is copied out once (amortised O(1) per flip).
 * Every flip of x must be reported through `moved` while the tracker is in use.
 */
export class BestTracker {
  energy: number;
  private readonly saved: Uint8Array;
  private readonly trail: Int32Array;
  private trailLen = 0;
  /** True while best = current x with the trail undone. */
  private inTrail = false;

  constructor(x: Uint8Array, energy: number) {
    this.energy = energy;
    this.saved = Uint8Array.from(x);
    this.trail = new Int32Array(x.length + 1);
  }

  /** Start over from (x, energy). */
  reset(x: Uint8Array, energy: number): void {
    this.saved.set(x);
    this.energy = energy;
    this.inTrail = false;
    this.trailLen = 0;
  }

  moved(v: number, x: Uint8Array): void {
    if (!this.inTrail) return;
    this.trail[this.trailLen++] = v;
    if (this.trailLen === this.trail.length) this.snapshot(x);
  }

  /** The current x (its last flip already reported) is the new best. */
  improve(energy: number): void {
    this.energy = energy;
    this.inTrail = true;
    this.trailLen = 0;
  }

  /** The best point; call before x changes other than by reported flips. */
  materialize(x: Uint8Array): Uint8Array {
    if (this.inTrail) this.snapshot(x);
    return this.saved;
  }

  private snapshot(x: Uint8Array): void {
    this.saved.set(x);
    for (let t = 0; t < this.trailLen; t++) this.saved[this.trail[t]] ^= 1;
    this.inTrail = false;
    this.trailLen = 0;
  }
}
