/**
 * Annealed tabu search with path relinking: the optimize/maxcut heuristic on the QUBO model
 * (max-cut goes through the exact reduction of model.ts, so one search serves both commands).
 * This comment is the algorithm's specification; the native engine (core/kernels/tabu.cc) implements the
 * same steps with the same generator calls in the same order and the same floating-point
 * operations, so with the same seed and budget both engines return the same answer.
 *
 * The search runs in rounds. A round builds a start point, runs one tabu phase from it, and offers
 * the phase's best point to an elite pool (elite-pool.ts). The start point of round r is
 *   - r = 0 with a warm start: the warm start itself;
 *   - while the pool is not full (and always when its capacity is 1): a fresh point, `greedyStart`
 *     followed by `sweeps` annealing sweeps (anneal.ts) from T0 = 1·u to T1 = ¼·u, u = `annealScale`;
 *   - otherwise: path relinking. a = nextInt(size), b = nextInt(size − 1), b += 1 if b >= a; x is
 *     loaded from member a; the guide is member b, or its complement when the model is symmetric
 *     and that is closer (2·hamming(a, b) > n). D = the variables where x and the guide differ.
 *     For step = 1 .. |D| − 1: r = nextInt(n), v = the scan's choice (step 2 below) among D with
 *     aspiration off, flip v, drop v from D, moves += 1. The start point is the first point of the
 *     lowest energy among steps floor(|D|/3) .. floor(2|D|/3) (at least step 1), reached by flipping
 *     the later steps back in reverse order. With |D| < 2 the start is member a itself.
 * The pool: `capacity` distinct members (a symmetric model counts x and 1 − x once); a full pool
 * replaces its worst member (the first on ties) by a better offer (energy < worst − eps). Once it is
 * full, `rebuildAfter` consecutive rounds without an entry shrink it to its best member, and fresh
 * rounds refill it (the diversification of Wang, Lü, Glover & Hao 2012).
 *
 * The tabu phase (1-flip tabu search; it ends after `stall` consecutive moves that do not improve
 * its best by more than eps, or when `maxMoves` moves have been made in total), one move, with
 * `moves` = moves made so far (path relinking included):
 *   1. r = rng.nextInt(n); aspire = (bestE − eps) − energy.
 *   2. v = the first i in cyclic order r, r+1, …, n−1, 0, …, r−1 with the smallest delta[i] among
 *      the admissible i: tabuUntil[i] <= moves (free), or delta[i] < aspire (aspiration).
 *      If no i is admissible, v = r.
 *   3. Flip v (flip-state.ts).
 *   4. moves += 1; tabuUntil[v] = moves + tenureBase + rng.nextInt(tenureSpan).
 *   5. Improvements by more than eps update the phase best and the global best.
 * All tabu is cleared when a phase starts. Step 2 is a plain O(n) scan for small or dense
 * models; for large sparse ones bitset buckets per delta value (bucket-selector.ts, integral
 * models with a small delta range) or two MinTrees (tree-selector.ts) give the identical choice
 * in O(1) or O(log n). Every flip of every kind (annealing, relinking, tabu) that improves the global best by
 * more than eps records it. eps = 1e-12·(1 + Σ|h| + Σ_rows|W|).
 *
 * The search stops after `maxPhases` rounds or `maxMoves` moves, or when a limit fires. Limits
 * are polled before the first round, every 1024 moves and during the annealing sweeps.
 */
import { Prng, shuffleInPlace } from '../prng';
import { Annealer, annealScale, isIntegral } from './anneal';
import { BucketSelector, bucketKeys } from './bucket-selector';
import { ElitePool } from './elite-pool';
import { selectByScan } from './move-scan';
import { BestTracker, FlipState } from './flip-state';
import { type Limits, type Model, modelEnergy } from './model';
import { TreeSelector } from './tree-selector';

/**
 * The search's work budget (families/qubo/budget.ts `budgetFor` fills it; field names are historical).
 */
export interface TabuParams {
  /** Total move budget (tabu and path-relinking moves) over all rounds (< 2^31 − tenure). */
  readonly maxMoves: number;
  /** Round budget. */
  readonly maxPhases: number;
  /** A tabu phase (one per round) ends after this many moves without improving its best. */
  readonly stall: number;
  readonly tenureBase: number;
  /** >= 1; the random part of the tenure is nextInt(tenureSpan). */
  readonly tenureSpan: number;
  /** Annealing sweeps that make a fresh start point. */
  readonly annealSweeps: number;
  /** Rounds without a pool entry (pool full) before the pool shrinks to its best member. */
  readonly shrinkRounds: number;
  /** Elite pool capacity (>= 1; 1 means no path relinking). */
  readonly elitePool: number;
}

export interface TabuResult {
  readonly x: Uint8Array;
  /** Model energy of x (incremental; the caller re-evaluates). */
  readonly energy: number;
  /** Tabu and path-relinking moves. */
  readonly moves: number;
  /** Accepted annealing flips (not counted in `moves`). */
  readonly flips: number;
  /** Rounds started. */
  readonly phases: number;
}

const POLL_MASK = 1023;
/** tabuUntil of a variable outside the relinking set: never admissible. */
const EXCLUDED = 0x7fffffff;
const T0_FACTOR = 1;
const T1_FACTOR = 0.25;

export function tabuSearch(
  model: Model,
  params: TabuParams,
  rng: Prng,
  limits: Limits,
  warm: Uint8Array | null,
  /** Step 2 by buckets or MinTrees instead of the scan: the same moves, faster on large sparse inputs. */
  useTrees: boolean,
): TabuResult {
  const n = model.n;
  const st = new FlipState(model);
  const { x, delta } = st;
  const eps = epsilonFor(model);
  const scale = annealScale(model);
  const beta0 = 1 / (T0_FACTOR * scale);
  const beta1 = 1 / (T1_FACTOR * scale);
  const annealer = new Annealer(isIntegral(model));
  const symmetric = isSymmetric(model);
  const pool = new ElitePool(n, Math.max(1, params.elitePool), symmetric);
  const stall = Math.max(1, params.stall);
  const ring = params.tenureBase + params.tenureSpan + 1;
  const keys = useTrees ? bucketKeys(n, model.h, model.adj.offsets, model.adj.weights) : 0;
  const sel: TreeSelector | BucketSelector | null = !useTrees ? null : keys > 0 ? new BucketSelector(n, ring, keys) : new TreeSelector(n, ring);
  const tabuUntil = new Int32Array(n);
  const mask = new Uint8Array(n);
  const path = new Int32Array(n);

  st.load(warm !== null ? warm : new Uint8Array(n));
  const best = new BestTracker(x, st.energy);
  const phaseBest = new BestTracker(x, st.energy);
  let moves = 0;
  let rounds = 0;
  let stagnant = 0;
  if (limits.check()) return { x: Uint8Array.from(best.materialize(x)), energy: best.energy, moves: 0, flips: 0, phases: 0 };

  /** One flip with the selector kept current (tabu phase and relinking). */
  const flipTracked = (v: number): void => {
    st.flip(v);
    if (sel !== null) {
      const { offsets, neighbours } = model.adj;
      const end = offsets[v + 1];
      for (let q = offsets[v]; q < end; q++) sel.update(neighbours[q], delta[neighbours[q]]);
    }
    best.moved(v, x);
    if (st.energy < best.energy - eps) best.improve(st.energy);
  };

  while (rounds < params.maxPhases && moves < params.maxMoves) {
    rounds++;
    // 1. The start point.
    if (rounds === 1 && warm !== null) {
      // Start from the warm start as loaded.
    } else if (pool.size < pool.capacity || pool.capacity < 2) {
      best.materialize(x);
      st.load(greedyStart(model, rng));
      if (!annealer.run(st, params.annealSweeps, beta0, beta1, rng, best, eps, limits)) break;
    } else {
      best.materialize(x);
      const a = rng.nextInt(pool.size);
      let b = rng.nextInt(pool.size - 1);
      if (b >= a) b++;
      const xa = pool.member(a);
      const xb = pool.member(b);
      st.load(xa);
      let ham = 0;
      for (let i = 0; i < n; i++) if (xa[i] !== xb[i]) ham++;
      const flipGuide = symmetric && 2 * ham > n ? 1 : 0;
      let size = 0;
      for (let i = 0; i < n; i++) {
        const differs = (xa[i] ^ xb[i] ^ flipGuide) !== 0;
        mask[i] = differs ? 1 : 0;
        if (differs) size++;
        tabuUntil[i] = differs ? 0 : EXCLUDED;
      }
      if (size >= 2) {
        if (sel !== null) sel.restrict(delta, mask);
        const lo = Math.max(1, Math.floor(size / 3));
        const hi = Math.max(lo, Math.floor((2 * size) / 3));
        let bestStep = lo;
        let bestPathE = Infinity;
        let steps = 0;
        while (steps < size - 1 && moves < params.maxMoves) {
          if ((moves & POLL_MASK) === 0 && moves > 0) {
            if (limits.check()) break;
            limits.report(best.energy, NaN, moves);
          }
          const r = rng.nextInt(n);
          let v = sel !== null ? sel.select(r, -Infinity) : selectByScan(delta, tabuUntil, r, moves, -Infinity);
          if (v < 0) v = r;
          flipTracked(v);
          if (sel !== null) sel.exclude(v);
          else tabuUntil[v] = EXCLUDED;
          path[steps++] = v;
          moves++;
          if (steps >= lo && steps <= hi && st.energy < bestPathE) {
            bestPathE = st.energy;
            bestStep = steps;
          }
        }
        if (limits.stopped !== null) break;
        for (let t = steps; t > bestStep; t--) {
          st.flip(path[t - 1]);
          best.moved(path[t - 1], x);
        }
      }
    }
    if (limits.stopped !== null) break;

    // 2. The tabu phase.
    tabuUntil.fill(0);
    sel?.reset(delta);
    phaseBest.reset(x, st.energy);
    let sinceImprove = 0;
    while (sinceImprove < stall && moves < params.maxMoves) {
      if ((moves & POLL_MASK) === 0 && moves > 0) {
        if (limits.check()) break;
        limits.report(best.energy, NaN, moves);
      }
      const r = rng.nextInt(n);
      const aspire = best.energy - eps - st.energy;
      let v: number;
      if (sel !== null) {
        sel.expire(moves, delta);
        v = sel.select(r, aspire);
      } else {
        v = selectByScan(delta, tabuUntil, r, moves, aspire);
      }
      if (v < 0) v = r;
      flipTracked(v);
      moves++;
      tabuUntil[v] = moves + params.tenureBase + rng.nextInt(params.tenureSpan);
      if (sel !== null) sel.makeTabu(v, tabuUntil[v], delta[v]);
      phaseBest.moved(v, x);
      if (st.energy < phaseBest.energy - eps) {
        phaseBest.improve(st.energy);
        sinceImprove = 0;
      } else {
        sinceImprove++;
      }
    }
    if (limits.stopped !== null) break;

    // 3. The pool.
    const entered = pool.offer(phaseBest.materialize(x), phaseBest.energy, eps);
    if (pool.size === pool.capacity && pool.capacity >= 2) {
      stagnant = entered ? 0 : stagnant + 1;
      if (stagnant >= params.shrinkRounds) {
        pool.keepBest();
        stagnant = 0;
      }
    }
  }
  return { x: Uint8Array.from(best.materialize(x)), energy: best.energy, moves, flips: annealer.flips, phases: rounds };
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

/**
 * The family's constructive answer, the floor of a search cut by a limit (docs/contract.md
 * "Latency budget"): one greedy sweep from the all-zero point, each variable in order 0..n−1 set
 * to the value that lowers the energy given the others (flipped when its delta is negative),
 * O(n + m), no generator call. For max-cut it puts each node opposite the heavier side of the
 * nodes before it. Its energy is at most that of the all-zero point.
 */
export function greedySweep(model: Model): Uint8Array {
  const st = new FlipState(model);
  st.load(new Uint8Array(model.n));
  for (let i = 0; i < model.n; i++) if (st.delta[i] < 0) st.flip(i);
  return Uint8Array.from(st.x);
}

/** x, or the greedy sweep when that has lower model energy: the answer of a search cut by a limit. */
export function atLeastGreedy(model: Model, x: Uint8Array): Uint8Array {
  const g = greedySweep(model);
  return modelEnergy(model, g) < modelEnergy(model, x) ? g : x;
}

/**
 * True when E(x) = E(1 − x) for every x, i.e. 2h_i + Σ_j W_ij = 0 for every i (row order):
 * exactly what the max-cut reduction produces (h_i = −Σ_j w_ij, W = 2w).
 */
export function isSymmetric(model: Model): boolean {
  const { offsets, weights } = model.adj;
  for (let i = 0; i < model.n; i++) {
    let s = 0;
    for (let q = offsets[i]; q < offsets[i + 1]; q++) s += weights[q];
    if (2 * model.h[i] + s !== 0) return false;
  }
  return true;
}

function epsilonFor(model: Model): number {
  let s = 0;
  for (let i = 0; i < model.n; i++) s += Math.abs(model.h[i]);
  const w = model.adj.weights;
  for (let q = 0; q < w.length; q++) s += Math.abs(w[q]);
  return 1e-12 * (1 + s);
}
