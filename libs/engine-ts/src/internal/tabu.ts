/**
 * Iterated 1-flip tabu search on the QUBO model (max-cut goes through the exact reduction of
 * model.ts, so one search serves both commands). This comment is the algorithm's specification;
 * the native engine implements the same steps with the same generator calls in the same order.
 *
 * State: x, energy, delta[i] = energy change of flipping i. Flipping v (s = +1 if x_v became 1,
 * else −1) sets delta[v] = −delta[v] and, for each neighbour u in CSR row order,
 * delta[u] += (x_u = 1 ? −1 : +1)·(W_uv·s) (x_u after the flip of v; u ≠ v). O(deg v) per move.
 *
 * One move, with `moves` = moves made so far (over all phases):
 *   1. r = rng.nextInt(n); aspire = (bestE − eps) − energy.
 *   2. v = the first i in cyclic order r, r+1, …, n−1, 0, …, r−1 with the smallest delta[i] among
 *      the admissible i: tabuUntil[i] <= moves (free), or delta[i] < aspire (aspiration).
 *      If no i is admissible, v = r.
 *   3. Flip v; energy += delta[v] (the old value); update delta as above.
 *   4. moves += 1; tabuUntil[v] = moves + tenureBase + rng.nextInt(tenureSpan).
 *   5. If energy < phaseBest − eps: phaseBest = energy, stall counter = 0, and if also
 *      energy < bestE − eps the current x becomes the global best. Else stall counter += 1.
 * Step 2 is a plain O(n) scan for small n; for large n two MinTrees (free keys, tabu keys) give
 * the identical choice in O(log n) (see `selectByTrees`).
 *
 * Phases (breakout): a phase ends when its stall counter reaches `stall`. The next phase starts
 * from the global best with k distinct random flips (partial Fisher–Yates: for t = 0..k−1,
 * j = t + rng.nextInt(n − t), swap idx[t], idx[j], flip idx[t]); k = perturbMin after a phase
 * that improved the global best, else min(k + perturbStep, perturbMax). Then all tabu is cleared
 * and delta and energy are recomputed from scratch (this also bounds float drift).
 * The search stops after maxMoves moves or maxPhases phases, or when a limit fires.
 *
 * Initial point: the warm start when given, else `greedyStart`.
 * Limits are polled before the first move and whenever moves % 1024 === 0.
 * eps = 1e-12·(1 + Σ|h| + Σ_rows|W|) keeps float noise from counting as progress.
 */
import { Prng, shuffleInPlace } from '../prng';
import { MinTree } from './min-tree';
import { computeDeltas, type Limits, type Model, modelEnergy } from './model';

export interface TabuParams {
  /** Total move budget over all phases (< 2^31 − tenure). */
  readonly maxMoves: number;
  /** Phase budget (the first phase counts). */
  readonly maxPhases: number;
  /** A phase ends after this many moves without improving its own best. */
  readonly stall: number;
  readonly tenureBase: number;
  /** >= 1; the random part of the tenure is nextInt(tenureSpan). */
  readonly tenureSpan: number;
  readonly perturbMin: number;
  readonly perturbMax: number;
  readonly perturbStep: number;
}

export interface TabuResult {
  readonly x: Uint8Array;
  /** Model energy of x (incremental; the caller re-evaluates). */
  readonly energy: number;
  readonly moves: number;
  readonly phases: number;
}

const POLL_MASK = 1023;

export function tabuSearch(
  model: Model,
  params: TabuParams,
  rng: Prng,
  limits: Limits,
  warm: Uint8Array | null,
  /** Step 2 by MinTrees instead of the scan: the same moves, faster on large sparse inputs. */
  useTrees: boolean,
): TabuResult {
  const n = model.n;
  const { offsets, neighbours, weights } = model.adj;
  const x = warm !== null ? Uint8Array.from(warm) : greedyStart(model, rng);
  const delta = new Float64Array(n);
  computeDeltas(model, x, delta);
  let energy = modelEnergy(model, x);
  // sign[i] = 1 − 2x_i as a double: a multiply instead of an unpredictable branch.
  const sign = new Float64Array(n);
  for (let i = 0; i < n; i++) sign[i] = x[i] !== 0 ? -1 : 1;
  const eps = epsilonFor(model);
  const tabuUntil = new Int32Array(n);
  const best = new BestTracker(x, energy);
  const sel = useTrees ? new TreeSelector(n, params.tenureBase + params.tenureSpan + 1) : null;
  sel?.reset(delta);

  let moves = 0;
  let phases = 0;
  let k = params.perturbMin;
  if (limits.check()) return { x: best.materialize(x), energy: best.energy, moves, phases };

  while (phases < params.maxPhases && moves < params.maxMoves) {
    phases++;
    let phaseBest = energy;
    let sinceImprove = 0;
    let improvedGlobal = false;
    while (sinceImprove < params.stall && moves < params.maxMoves) {
      if ((moves & POLL_MASK) === 0 && moves > 0 && limits.check()) break;
      const r = rng.nextInt(n);
      const aspire = best.energy - eps - energy;
      let v: number;
      if (sel !== null) {
        sel.expire(moves, delta);
        v = sel.select(r, aspire, n);
      } else {
        v = selectByScan(delta, tabuUntil, r, moves, aspire);
      }
      if (v < 0) v = r;
      const d = delta[v];
      // Apply the flip.
      // sign[v] = 1 − 2x_v before the flip: s = +1 exactly when x_v becomes 1.
      const s = sign[v];
      x[v] ^= 1;
      sign[v] = -s;
      energy += d;
      delta[v] = -d;
      const end = offsets[v + 1];
      if (sel === null) {
        for (let q = offsets[v]; q < end; q++) {
          const u = neighbours[q];
          delta[u] += sign[u] * (weights[q] * s);
        }
      } else {
        for (let q = offsets[v]; q < end; q++) {
          const u = neighbours[q];
          delta[u] += sign[u] * (weights[q] * s);
          sel.update(u, delta[u]);
        }
      }
      moves++;
      tabuUntil[v] = moves + params.tenureBase + rng.nextInt(params.tenureSpan);
      if (sel !== null) sel.makeTabu(v, tabuUntil[v], delta[v]);
      best.moved(v, x);
      if (energy < phaseBest - eps) {
        phaseBest = energy;
        sinceImprove = 0;
        if (energy < best.energy - eps) {
          best.improve(energy);
          improvedGlobal = true;
        }
      } else {
        sinceImprove++;
      }
    }
    if (limits.stopped !== null || moves >= params.maxMoves || phases >= params.maxPhases) break;
    // Breakout: restart from the global best with k random flips.
    k = improvedGlobal ? params.perturbMin : Math.min(k + params.perturbStep, params.perturbMax);
    x.set(best.materialize(x));
    perturb(x, k, rng);
    computeDeltas(model, x, delta);
    energy = modelEnergy(model, x);
    for (let i = 0; i < n; i++) sign[i] = x[i] !== 0 ? -1 : 1;
    tabuUntil.fill(0);
    sel?.reset(delta);
  }
  return { x: best.materialize(x), energy: best.energy, moves, phases };
}

/** Step 2 as a scan. Returns −1 when nothing is admissible. */
function selectByScan(delta: Float64Array, tabuUntil: Int32Array, r: number, moves: number, aspire: number): number {
  const n = delta.length;
  let v = -1;
  let bestD = Infinity;
  for (let i = r; i < n; i++) {
    const d = delta[i];
    if (d < bestD && (tabuUntil[i] <= moves || d < aspire)) {
      bestD = d;
      v = i;
    }
  }
  for (let i = 0; i < r; i++) {
    const d = delta[i];
    if (d < bestD && (tabuUntil[i] <= moves || d < aspire)) {
      bestD = d;
      v = i;
    }
  }
  return v;
}

/**
 * Step 2 with two MinTrees: `free` holds delta of free variables, `tabu` of tabu ones (+∞
 * elsewhere). The cyclic-first minimum of a tree is its leftmost minimum at index >= r if one
 * exists, else its leftmost minimum overall. Tabu variables expire through a ring of
 * doubly-linked buckets indexed by tabuUntil mod ring.
 */
class TreeSelector {
  private readonly free: MinTree;
  private readonly tabu: MinTree;
  private readonly isTabu: Uint8Array;
  private readonly head: Int32Array;
  private readonly next: Int32Array;
  private readonly prev: Int32Array;
  private readonly bucketOf: Int32Array;

  constructor(n: number, private readonly ring: number) {
    this.free = new MinTree(n);
    this.tabu = new MinTree(n);
    this.isTabu = new Uint8Array(n);
    this.head = new Int32Array(ring);
    this.next = new Int32Array(n);
    this.prev = new Int32Array(n);
    this.bucketOf = new Int32Array(n);
  }

  /** Everything free, keys = delta. */
  reset(delta: Float64Array): void {
    this.isTabu.fill(0);
    this.head.fill(-1);
    this.bucketOf.fill(-1);
    this.free.setAll((i) => delta[i]);
    this.tabu.setAll(() => Infinity);
  }

  /** Free every variable whose tabuUntil equals `moves`. */
  expire(moves: number, delta: Float64Array): void {
    const b = moves % this.ring;
    let v = this.head[b];
    while (v >= 0) {
      const nx = this.next[v];
      this.isTabu[v] = 0;
      this.bucketOf[v] = -1;
      this.tabu.set(v, Infinity);
      this.free.set(v, delta[v]);
      v = nx;
    }
    this.head[b] = -1;
  }

  select(r: number, aspire: number, n: number): number {
    const fMin = this.free.minValue();
    const tMin = this.tabu.minValue();
    const a = fMin < Infinity ? cyclicFirst(this.free, r, fMin) : -1;
    const b = tMin < aspire ? cyclicFirst(this.tabu, r, tMin) : -1;
    if (a < 0) return b;
    if (b < 0) return a;
    if (fMin !== tMin) return fMin < tMin ? a : b;
    // Equal keys: the one met first from r.
    return (a - r + n) % n < (b - r + n) % n ? a : b;
  }

  update(u: number, d: number): void {
    if (this.isTabu[u] !== 0) this.tabu.set(u, d);
    else this.free.set(u, d);
  }

  makeTabu(v: number, until: number, d: number): void {
    if (this.isTabu[v] !== 0) this.unlink(v);
    else {
      this.isTabu[v] = 1;
      this.free.set(v, Infinity);
    }
    this.tabu.set(v, d);
    const b = until % this.ring;
    const h = this.head[b];
    this.next[v] = h;
    this.prev[v] = -1;
    if (h >= 0) this.prev[h] = v;
    this.head[b] = v;
    this.bucketOf[v] = b;
  }

  private unlink(v: number): void {
    const p = this.prev[v];
    const nx = this.next[v];
    if (p >= 0) this.next[p] = nx;
    else this.head[this.bucketOf[v]] = nx;
    if (nx >= 0) this.prev[nx] = p;
  }
}

function cyclicFirst(t: MinTree, r: number, min: number): number {
  const i = t.firstAtMost(r, min);
  return i >= 0 ? i : t.minIndex();
}

/**
 * The global best as "current x minus a trail of flips since the best was reached", so a new
 * best costs O(1); after n further flips the best is copied out once (amortised O(1) per move).
 */
class BestTracker {
  energy: number;
  private readonly saved: Uint8Array;
  private trail: Int32Array;
  private trailLen = 0;
  /** True while best = current x with the trail undone; false while `saved` holds it. */
  private inTrail = false;

  constructor(x: Uint8Array, energy: number) {
    this.energy = energy;
    this.saved = Uint8Array.from(x);
    this.trail = new Int32Array(x.length + 1);
  }

  moved(v: number, x: Uint8Array): void {
    if (!this.inTrail) return;
    this.trail[this.trailLen++] = v;
    if (this.trailLen === this.trail.length) this.snapshot(x);
  }

  /** Current x (after its last flip was recorded) is the new best. */
  improve(energy: number): void {
    this.energy = energy;
    this.inTrail = true;
    this.trailLen = 0;
  }

  /** The best assignment (a fresh or the saved array; do not mutate). */
  materialize(x: Uint8Array): Uint8Array {
    if (this.inTrail) this.snapshot(x);
    return this.saved;
  }

  /** x with the trail undone → saved. The current move (already applied to x) is in the trail. */
  private snapshot(x: Uint8Array): void {
    this.saved.set(x);
    for (let t = 0; t < this.trailLen; t++) this.saved[this.trail[t]] ^= 1;
    this.inTrail = false;
    this.trailLen = 0;
  }
}

/** Flip k distinct variables chosen by a partial Fisher–Yates over 0..n−1. */
function perturb(x: Uint8Array, k: number, rng: Prng): void {
  const n = x.length;
  const kk = Math.min(k, n);
  const idx = new Int32Array(n);
  for (let i = 0; i < n; i++) idx[i] = i;
  for (let t = 0; t < kk; t++) {
    const j = t + rng.nextInt(n - t);
    const tmp = idx[t];
    idx[t] = idx[j];
    idx[j] = tmp;
    x[idx[t]] ^= 1;
  }
}

/**
 * Randomised greedy construction: every variable starts at the fractional value ½, so
 * field[i] = h_i + Σ_j ½·W_ij; variables are fixed in a random order (Fisher–Yates over 0..n−1,
 * see `shuffleInPlace`) to x_v = 1 iff field[v] < 0, and each neighbour's field then moves by
 * (x_v − ½)·W_uv. For max-cut this is the classic greedy that puts each node opposite the
 * heavier side of its already placed neighbours.
 */
export function greedyStart(model: Model, rng: Prng): Uint8Array {
  const n = model.n;
  const { offsets, neighbours, weights } = model.adj;
  const field = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let f = model.h[i];
    for (let q = offsets[i]; q < offsets[i + 1]; q++) f += 0.5 * weights[q];
    field[i] = f;
  }
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  shuffleInPlace(order, rng);
  const x = new Uint8Array(n);
  for (let t = 0; t < n; t++) {
    const v = order[t];
    const one = field[v] < 0;
    x[v] = one ? 1 : 0;
    const half = one ? 0.5 : -0.5;
    for (let q = offsets[v]; q < offsets[v + 1]; q++) field[neighbours[q]] += half * weights[q];
  }
  return x;
}

function epsilonFor(model: Model): number {
  let s = 0;
  for (let i = 0; i < model.n; i++) s += Math.abs(model.h[i]);
  const w = model.adj.weights;
  for (let q = 0; q < w.length; q++) s += Math.abs(w[q]);
  return 1e-12 * (1 + s);
}
