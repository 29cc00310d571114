/**
 * The heuristic half of `sample`: an elite walk around the best known state that keeps the k
 * lowest-energy distinct states it visits, with visit counts. Specification (the native
 * engine's core/qubo/sample_walk.cc follows it step for step):
 *
 *   Setup: x = start; delta and energy from scratch; eps = 1e-12·(1 + Σ|h| + Σ_rows|W|).
 *   Zobrist keys: for i = 0..n−1: z1[i] = rng.nextU32(), z2[i] = rng.nextU32(); the state key
 *   (h1, h2) is the XOR of (z1[i], z2[i]) over x_i = 1, updated on every flip.
 *   visit(): the current state counts once. Known (kept) state → count += 1. New state: below k
 *   kept states it is kept; else it replaces the worst kept state (sample-order.ts order, on the
 *   tracked energy) when it comes strictly before it, otherwise it is dropped. Because the
 *   worst kept state only improves, a dropped or evicted state can never come back, so every
 *   kept state's count is its exact number of visits.
 *   descent(queue): FIFO of candidate variables (each at most once in the queue): pop v; if
 *   delta[v] < −eps flip v, visit(), push v's neighbours (CSR order) not in the queue. It ends
 *   in a 1-flip local minimum for every variable whose delta changed since the last minimum.
 *   Start: visit(); descent(all of 0..n−1 in order); baseE = energy.
 *   Round r = 0..rounds−1 (limits polled when r % 8 == 0; stop if one fired):
 *     p = 1 + r % maxFlips; for t = 0..p−1: j = t + rng.nextInt(n − t), swap idx[t], idx[j]
 *     (idx starts as the identity and persists), flip idx[t], visit().
 *     descent(queue = for t = 0..p−1: idx[t], then its neighbours (CSR order), each once).
 *     If energy < baseE − eps the new local minimum becomes the base (baseE = energy);
 *     otherwise every flip of the round is undone in reverse order (no visits).
 *     After the round, when (r + 1) % 64 == 0: delta and energy from scratch (bounds drift).
 *
 * Work O(rounds · flips · degree) plus O(n) per distinct kept state copied and per known state
 * compared; memory O(n + m + k·n).
 */
import type { Prng } from '../../prng';
import { FlipState } from '../../kernels/flip-state';
import type { Limits, Model } from '../../kernels/model';
import { before, compareStates } from './sample-order';

export interface WalkState {
  readonly x: Uint8Array;
  /** Model energy tracked when it was first visited. */
  readonly energy: number;
  /** Visits (>= 1). */
  count: number;
}

export interface WalkResult {
  readonly states: WalkState[];
  readonly rounds: number;
  readonly flips: number;
}

interface Kept extends WalkState {
  readonly key: number;
}

const RESYNC_ROUNDS = 64;

export function sampleWalk(
  model: Model,
  start: Uint8Array,
  k: number,
  budget: { readonly rounds: number; readonly maxFlips: number },
  rng: Prng,
  limits: Limits,
): WalkResult {
  const n = model.n;
  if (start.length !== n) throw new Error(`start has length ${start.length}, expected ${n}`);
  const { offsets, neighbours, weights } = model.adj;
  const st = new FlipState(model);
  st.load(start);
  const { x, delta } = st;
  let absSum = 0;
  for (let i = 0; i < n; i++) absSum += Math.abs(model.h[i]);
  for (let q = 0; q < weights.length; q++) absSum += Math.abs(weights[q]);
  const eps = 1e-12 * (1 + absSum);

  const z1 = new Uint32Array(n);
  const z2 = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    z1[i] = rng.nextU32();
    z2[i] = rng.nextU32();
  }
  let h1 = 0;
  let h2 = 0;
  for (let i = 0; i < n; i++) {
    if (x[i] !== 0) {
      h1 ^= z1[i];
      h2 ^= z2[i];
    }
  }

  // Kept states: buckets by 53-bit key (collisions resolved by comparing states), and a max-heap.
  const buckets = new Map<number, Kept[]>();
  const heap: Kept[] = [];
  const worse = (a: Kept, b: Kept): boolean => before(b.energy, b.x, a.energy, a.x);
  const siftUp = (i0: number): void => {
    let i = i0;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!worse(heap[i], heap[parent])) break;
      [heap[i], heap[parent]] = [heap[parent], heap[i]];
      i = parent;
    }
  };
  const siftDown = (): void => {
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= heap.length) return;
      const r = l + 1;
      const c = r < heap.length && worse(heap[r], heap[l]) ? r : l;
      if (!worse(heap[c], heap[i])) return;
      [heap[c], heap[i]] = [heap[i], heap[c]];
      i = c;
    }
  };
  const visit = (): void => {
    const key = (h1 >>> 0) * 2097152 + ((h2 >>> 0) & 0x1fffff);
    const bucket = buckets.get(key);
    if (bucket !== undefined) {
      for (const s of bucket) {
        if (compareStates(s.x, x) === 0) {
          s.count++;
          return;
        }
      }
    }
    if (heap.length >= k) {
      const top = heap[0];
      if (!before(st.energy, x, top.energy, top.x)) return;
      const b = buckets.get(top.key) as Kept[];
      b.splice(b.indexOf(top), 1);
      if (b.length === 0) buckets.delete(top.key);
      heap[0] = heap[heap.length - 1];
      heap.pop();
      if (heap.length > 0) siftDown();
    }
    const kept: Kept = { x: Uint8Array.from(x), energy: st.energy, count: 1, key };
    if (bucket !== undefined && buckets.has(key)) bucket.push(kept);
    else buckets.set(key, [kept]);
    heap.push(kept);
    siftUp(heap.length - 1);
  };

  let flips = 0;
  const flip = (v: number): void => {
    st.flip(v);
    h1 ^= z1[v];
    h2 ^= z2[v];
    flips++;
  };

  const queue = new Int32Array(Math.max(1, n));
  const inQueue = new Uint8Array(n);
  let head = 0;
  let len = 0;
  const push = (v: number): void => {
    if (inQueue[v] !== 0) return;
    inQueue[v] = 1;
    let at = head + len;
    if (at >= n) at -= n;
    queue[at] = v;
    len++;
  };
  const log: number[] = [];
  const descent = (): void => {
    while (len > 0) {
      const v = queue[head];
      head = head + 1 === n ? 0 : head + 1;
      len--;
      inQueue[v] = 0;
      if (delta[v] < -eps) {
        flip(v);
        log.push(v);
        visit();
        for (let q = offsets[v]; q < offsets[v + 1]; q++) push(neighbours[q]);
      }
    }
  };

  visit();
  for (let i = 0; i < n; i++) push(i);
  descent();
  let baseE = st.energy;

  const idx = new Int32Array(n);
  for (let i = 0; i < n; i++) idx[i] = i;
  let r = 0;
  for (; r < budget.rounds; r++) {
    if ((r & 7) === 0 && limits.check()) break;
    const p = 1 + (r % budget.maxFlips);
    log.length = 0;
    for (let t = 0; t < p; t++) {
      const j = t + rng.nextInt(n - t);
      const tmp = idx[t];
      idx[t] = idx[j];
      idx[j] = tmp;
      flip(idx[t]);
      log.push(idx[t]);
      visit();
    }
    for (let t = 0; t < p; t++) {
      const v = idx[t];
      push(v);
      for (let q = offsets[v]; q < offsets[v + 1]; q++) push(neighbours[q]);
    }
    descent();
    if (st.energy < baseE - eps) {
      baseE = st.energy;
    } else {
      for (let q = log.length - 1; q >= 0; q--) flip(log[q]);
    }
    if ((r + 1) % RESYNC_ROUNDS === 0) st.resync();
  }
  return { states: heap, rounds: r, flips };
}
