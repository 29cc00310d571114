/**
 * quantum-scale, the TypeScript way: integer annealing on the planted instance's CSR, then
 * descent by single, pair and connected-triple flips, re-annealing from the best state until the
 * planted floor (a proven lower bound) is reached or the work budget is spent. This comment is
 * the algorithm's specification; libs/engine-native/src/core/planted/solve.cc makes the same moves
 * with the same generator calls, so both engines return the same answer for the same request.
 *
 * State: s_i ∈ {−1, +1} (int8), local field h_i = Σ_j J_ij s_j (int8, |h_i| <= 16), energy E
 * (integer). g_i = s_i·h_i; flipping i changes E by −2·g_i and every neighbour's h_j by −2·J_ij·s_i.
 *
 * 1. Start: word k = rng.nextU32() (rng = Prng(seed), one stream for the whole search), s_i = +1
 *    iff bit (i mod 32) of word ⌊i/32⌋.
 * 2. Anneal over S sweeps (S = annealSweeps), β_k = β0 + ((β1 − β0)·k)/(S − 1) (β1 when S = 1).
 *    Per sweep, thr[a] = ⌊expNeg(2a·β)·2^32⌋ for a = 1..16 (expNeg below). Sweep: i = 0..n−1,
 *    g = s_i·h_i; g >= 0: flip; else t = thr[−g]; t > 0 and rng.nextU32() < t: flip.
 * 3. Descend: greedy sweeps (flip every i with g_i > 0, i ascending) until one flips nothing; then
 *    one cluster pass (below); repeat both while the cluster pass moved, at most 8 cluster passes.
 * 4. Keep the best state (strictly lower E). Stop when E equals the planted energy (proof 'planted').
 * 5. Rounds, while the best is above the floor: when the best's excess over the floor is more than
 *    n/256 (frozen domains: re-annealing at β >= 1 cannot undo them) a full anneal over annealSweeps
 *    from β0 continuing from the current state, else a re-anneal over reheatSweeps from betaReheat
 *    starting from the best state (copied back, h and E recomputed, when the current E differs);
 *    then descend and keep. A round starts only if its sweeps fit in maxSweeps (all sweeps so far
 *    included).
 * Limits are polled at every sweep and every 65,536 spins within one. A search stopped by a limit
 * answers at least its constructive answer: one greedy sweep (step 3's, without the poll) from the
 * start of step 1, computed on a copy after the stop, so the search itself is unchanged.
 *
 * Cluster pass: i ascending is an anchor when g_i >= −5 and g_i > −deg(i) (some incident edge
 * unsatisfied). For each CSR neighbour j of an anchor (row order; i re-checked as an anchor first)
 * with g_j >= −5: flip {i, j} when ΔE = −2g_i − 2g_j + 4c_ij < 0 (c_ij = J_ij s_i s_j); else try
 * triples {i, j, k}: first k over the row of j (k ≠ i), then k over the row of i (k ≠ j), each
 * with g_k >= −5, flipping the first with ΔE = −2(g_i + g_j + g_k) + 4(c_ij + c_ak + c_bk) < 0
 * (a = the row k came from, b = the other; c_bk = 0 when b, k are not adjacent). Nothing is lost:
 * flipping S changes E by −2·Σ c over S's boundary, so an improving S has an unsatisfied boundary
 * edge and thus an anchor, and every connected set of at most 3 spins holding i is enumerated;
 * with couplings ±1 and no improving single flip, such a set improves only when every g >= −5.
 */
import type { CancelSignal, SolveRequest, Proof } from '../../base';
import type { PlantedIsingProblem, PlantedResult } from './problem';
import { quantumScaleBudget, type QuantumScaleBudget } from './budget';
import { Prng } from '../../prng';
import { Limits } from '../../kernels/model';
import { buildPlantedGraph, layoutOf, type PlantedGraph } from './generate';

const MAX_A = 16;
const POLL_MASK = 0xffff;
const CLUSTER_G = -5;
const MAX_CLUSTER_PASSES = 8;

/**
 * e^(−x) for x >= 0 from + − × ÷ only (Taylor series of e^(−x/64), then six squarings), so the
 * C++ port gets the same double; relative error below 1e-13.
 */
export function expNeg(x: number): number {
  if (x > 40) return 0;
  const y = x / 64;
  let r = 1;
  for (let k = 18; k >= 1; k--) r = 1 - (y / k) * r;
  for (let q = 0; q < 6; q++) r = r * r;
  return r;
}

/** Acceptance thresholds of one β: thr[a] = ⌊e^(−2aβ)·2^32⌋ (a flip that costs 2a). */
export function acceptThresholds(beta: number, thr: Float64Array): void {
  thr[0] = 4294967295;
  for (let a = 1; a <= MAX_A; a++) {
    const t = Math.floor(expNeg(2 * a * beta) * 4294967296);
    thr[a] = t > 4294967295 ? 4294967295 : t;
  }
}

/**
 * The generator of prng.ts (xoshiro128**, seeded by splitmix32 through `Prng`) stepped on a
 * Uint32Array: the same numbers, but V8 keeps the four words unboxed, which makes the annealing
 * sweep several times faster than calling `Prng.nextU32` (measured).
 */
export class WordStream {
  private readonly s: Uint32Array;

  constructor(seed: number) {
    this.s = Uint32Array.from(new Prng(seed).state());
  }

  nextU32(): number {
    const st = this.s;
    const s1 = st[1];
    const r = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
    const t = s1 << 9;
    st[2] ^= st[0];
    st[3] ^= s1;
    st[1] ^= st[2];
    st[0] ^= st[3];
    st[2] ^= t;
    st[3] = rotl(st[3], 11);
    return r;
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** The search state on a CSR graph. */
class SpinState {
  readonly n: number;
  readonly s: Int8Array;
  readonly h: Int8Array;
  energy = 0;
  sweeps = 0;

  constructor(readonly g: PlantedGraph) {
    this.n = g.layout.n;
    this.s = new Int8Array(this.n);
    this.h = new Int8Array(this.n);
  }

  /** Recomputes every h and E from s. */
  refresh(): void {
    const { offsets, neighbours, couplings } = this.g;
    const { s, h, n } = this;
    let twice = 0;
    for (let i = 0; i < n; i++) {
      let f = 0;
      for (let q = offsets[i]; q < offsets[i + 1]; q++) f += couplings[q] * s[neighbours[q]];
      h[i] = f;
      twice += s[i] * f;
    }
    this.energy = twice / 2;
  }

  flip(i: number): void {
    const { offsets, neighbours, couplings, } = this.g;
    const s = this.s;
    const h = this.h;
    const si = s[i];
    this.energy -= 2 * si * h[i];
    s[i] = -si;
    const twoS = 2 * si;
    for (let q = offsets[i], end = offsets[i + 1]; q < end; q++) h[neighbours[q]] -= couplings[q] * twoS;
  }

  /** One Metropolis sweep at thresholds `thr`; false when a limit stopped it part-way. */
  sweep(thr: Float64Array, rng: WordStream, limits: Limits): boolean {
    const { offsets, neighbours, couplings } = this.g;
    const { s, h, n } = this;
    let e = this.energy;
    for (let i = 0; i < n; i++) {
      if ((i & POLL_MASK) === 0 && i > 0 && limits.check()) {
        this.energy = e;
        return false;
      }
      const si = s[i];
      const g = si * h[i];
      if (g < 0) {
        const t = thr[-g];
        if (t === 0 || rng.nextU32() >= t) continue;
      }
      e -= 2 * g;
      s[i] = -si;
      const twoS = 2 * si;
      for (let q = offsets[i], end = offsets[i + 1]; q < end; q++) h[neighbours[q]] -= couplings[q] * twoS;
    }
    this.energy = e;
    this.sweeps++;
    return true;
  }

  /** One greedy sweep (flip every i with g_i > 0, i ascending) with no limit check. */
  sweepOnce(): void {
    const { s, h, n } = this;
    for (let i = 0; i < n; i++) if (s[i] * h[i] > 0) this.flip(i);
  }

  /** Greedy sweeps until none flips; false when a limit stopped it. */
  greedy(limits: Limits): boolean {
    const { s, h, n } = this;
    for (;;) {
      let moved = false;
      for (let i = 0; i < n; i++) {
        if ((i & POLL_MASK) === 0 && i > 0 && limits.check()) return false;
        if (s[i] * h[i] > 0) {
          this.flip(i);
          moved = true;
        }
      }
      if (!moved) return true;
    }
  }

  /** Coupling·s_b·s_k of the pair (b, k), 0 when not adjacent. */
  private bond(b: number, k: number): number {
    const { offsets, neighbours, couplings } = this.g;
    for (let q = offsets[b]; q < offsets[b + 1]; q++) if (neighbours[q] === k) return couplings[q] * this.s[b] * this.s[k];
    return 0;
  }

  /** Tries triples {a, b, k} with k from the row of a; flips the first improving one. */
  private triple(a: number, b: number, cab: number): boolean {
    const { offsets, neighbours, couplings } = this.g;
    const { s, h } = this;
    const gab = s[a] * h[a] + s[b] * h[b];
    for (let r = offsets[a]; r < offsets[a + 1]; r++) {
      const k = neighbours[r];
      if (k === b) continue;
      const gk = s[k] * h[k];
      if (gk < CLUSTER_G) continue;
      const d = -2 * (gab + gk) + 4 * (cab + couplings[r] * s[a] * s[k] + this.bond(b, k));
      if (d < 0) {
        this.flip(a);
        this.flip(b);
        this.flip(k);
        return true;
      }
    }
    return false;
  }

  /** One cluster pass (pairs, connected triples); whether it moved. */
  clusterPass(limits: Limits): boolean | null {
    const { offsets, neighbours, couplings } = this.g;
    const { s, h, n } = this;
    let moved = false;
    for (let i = 0; i < n; i++) {
      if ((i & POLL_MASK) === 0 && i > 0 && limits.check()) return null;
      const all = offsets[i] - offsets[i + 1];
      const g0 = s[i] * h[i];
      if (g0 < CLUSTER_G || g0 === all) continue;
      for (let q = offsets[i]; q < offsets[i + 1]; q++) {
        const j = neighbours[q];
        const gi = s[i] * h[i];
        if (gi < CLUSTER_G || gi === all) break;
        const gj = s[j] * h[j];
        if (gj < CLUSTER_G) continue;
        const cij = couplings[q] * s[i] * s[j];
        if (-2 * gi - 2 * gj + 4 * cij < 0) {
          this.flip(i);
          this.flip(j);
          moved = true;
          continue;
        }
        if (this.triple(j, i, cij) || this.triple(i, j, cij)) moved = true;
      }
    }
    return moved;
  }

  /** Greedy, then cluster passes, until neither moves; false when a limit stopped it. */
  descend(limits: Limits): boolean {
    for (let pass = 0; pass < MAX_CLUSTER_PASSES; pass++) {
      if (!this.greedy(limits)) return false;
      const moved = this.clusterPass(limits);
      if (moved === null) return false;
      if (!moved) return true;
    }
    return this.greedy(limits);
  }

  /** Anneal over `sweeps` sweeps with β linear from b0 to b1; false when a limit stopped it. */
  anneal(sweeps: number, b0: number, b1: number, rng: WordStream, limits: Limits, thr: Float64Array): boolean {
    for (let k = 0; k < sweeps; k++) {
      if (limits.check()) return false;
      const beta = sweeps === 1 ? b1 : b0 + ((b1 - b0) * k) / (sweeps - 1);
      acceptThresholds(beta, thr);
      if (!this.sweep(thr, rng, limits)) return false;
    }
    return true;
  }
}

export interface PlantedSearchResult {
  /** 0/1 per spin (1 = +1). */
  readonly x: Uint8Array;
  readonly energy: number;
  readonly sweeps: number;
  readonly rounds: number;
  readonly stopped: boolean;
}

/** The search of the header comment on a built graph (exported for tests and the bench). */
export function plantedSearch(g: PlantedGraph, b: QuantumScaleBudget, seed: number, limits: Limits): PlantedSearchResult {
  const n = g.layout.n;
  const rng = new WordStream(seed);
  const floor = g.layout.plantedEnergy;
  const st = new SpinState(g);
  for (let w = 0; w < n; w += 32) {
    const word = rng.nextU32();
    for (let k = 0; k < 32 && w + k < n; k++) st.s[w + k] = ((word >>> k) & 1) !== 0 ? 1 : -1;
  }
  st.refresh();
  const start = Int8Array.from(st.s);
  const thr = new Float64Array(MAX_A + 1);
  const best = Int8Array.from(st.s);
  let bestE = st.energy;
  let rounds = 0;
  let stopped = false;
  const keep = () => {
    if (st.energy < bestE) {
      bestE = st.energy;
      best.set(st.s);
    }
  };

  if (limits.check() || !st.anneal(b.annealSweeps, b.betaStart, b.betaEnd, rng, limits, thr) || !st.descend(limits)) stopped = true;
  keep();
  while (!stopped && bestE > floor) {
    const full = (bestE - floor) * 256 > n;
    const sweeps = full ? b.annealSweeps : b.reheatSweeps;
    if (sweeps < 1 || st.sweeps + sweeps > b.maxSweeps) break;
    rounds++;
    if (!full && st.energy !== bestE) {
      st.s.set(best);
      st.refresh();
    }
    const b0 = full ? b.betaStart : b.betaReheat;
    if (!st.anneal(sweeps, b0, b.betaEnd, rng, limits, thr) || !st.descend(limits)) stopped = true;
    keep();
  }
  if (stopped) {
    // The constructive floor of a cut search: one greedy sweep from the start.
    const c = new SpinState(g);
    c.s.set(start);
    c.refresh();
    c.sweepOnce();
    if (c.energy < bestE) {
      bestE = c.energy;
      best.set(c.s);
    }
  }
  const x = new Uint8Array(n);
  for (let i = 0; i < n; i++) x[i] = best[i] > 0 ? 1 : 0;
  return { x, energy: bestE, sweeps: st.sweeps, rounds, stopped };
}

/** Solves a quantum-scale request synchronously. */
export function solvePlantedIsing(req: SolveRequest<PlantedIsingProblem>, signal?: CancelSignal): PlantedResult {
  const started = performance.now();
  const p = req.problem;
  if (req.command !== 'quantum-scale' || p.kind !== 'planted-ising') throw new Error('quantum-scale needs a planted-ising problem');
  if (req.warmStart !== undefined) throw new Error('quantum-scale takes no warm start');
  const deadlineAt = req.deadlineMs !== undefined && req.deadlineMs > 0 ? started + req.deadlineMs : Infinity;
  const limits = new Limits(signal?.flag ?? null, deadlineAt);
  const layout = layoutOf(p);
  const g = buildPlantedGraph(layout);
  const r = plantedSearch(g, quantumScaleBudget(req.effort, p.n), req.seed, limits);
  const proof: Proof = r.energy === layout.plantedEnergy ? 'planted' : null;
  return {
    kind: 'planted',
    answer: r.x,
    objective: r.energy,
    proof,
    ...(proof === null ? { bound: layout.plantedEnergy } : {}),
    // A reached floor is optimal whatever stopped the search (native: FinalStatus).
    stoppedAtDeadline: proof === null && limits.stopped !== null,
    work: { iterations: r.sweeps * p.n, nodes: 0, restarts: r.rounds },
    engineMs: performance.now() - started,
    plantedEnergy: layout.plantedEnergy,
    edges: layout.edges,
  };
}
