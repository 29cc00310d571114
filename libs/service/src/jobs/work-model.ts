import { spectrumWork } from '@svc/engine-ts/families/spectrum';
import { entropyWork } from '@svc/engine-ts/families/entropy';
import { phaseWork } from '@svc/engine-ts/families/phase';
import { relationWork } from '@svc/engine-ts/families/relation';
import { budgetFor, coverBudgetFor, exactBudgetFor, SDP_MIN_N, sdpBoundMaxN, designBudgetFor, designShape, plantedLayout, qapBudgetFor, qapTabuIterations, quantumScaleBudget, tspBoundIterations, tspBudgetFor, type CanonicalProblem, type Command, type Effort } from '@svc/engine-ts';

/** Work units charged per compute unit for commands without an engine work model. */
export const WORK_PER_UNIT_FALLBACK = 10_000_000;

/**
 * Engine milliseconds per work unit assumed when a latency budget bounds a solve (measured on the
 * machine of docs/benchmarks.md: about 12 ns per unit on the ts engine, 3 ns native). Fixed, so the
 * queueing decision is deterministic and analyze reports the same one.
 */
export const MS_PER_WORK: Readonly<Record<'native' | 'ts', number>> = Object.freeze({ ts: 12e-6, native: 3e-6 });

/** What the engine is expected to do for one solve. */
export interface WorkEstimate {
  /**
   * Estimated engine work in "edge visits" (the unit of the engines' own work caps): for local
   * search, moves × modelled cost of one move; for exact enumeration, 2^free × (deg/2 + 6); for
   * quantum-scale annealing, the sweep cap × (n + 2 × couplings). Commands without a model count
   * `WORK_PER_UNIT_FALLBACK` per compute unit.
   */
  readonly work: number;
  /**
   * The engine's `work.iterations` when it runs to completion (Gray-code steps, tabu moves, or
   * the cap on sweeps × n, which quantum-scale may stop short of at the planted floor),
   * or null when the command has no model: the share of work done is then `iterations / steps`.
   */
  readonly steps: number | null;
  /** Where the figure comes from. */
  readonly basis: 'engine_budget' | 'compute_units';
}

/** Deterministic work estimate of a plan (the same figure analyze reports and the queue threshold uses). */
export function estimateWork(plan: { command: Command; problem: CanonicalProblem; effort: Effort; units: number; maxLatencyMs?: number; engine?: 'native' | 'ts'; version?: string }): WorkEstimate {
  const e = estimateUnbounded(plan);
  if (!plan.maxLatencyMs) return e;
  // A latency budget stops the engine: no more work than fits in it.
  const fits = plan.maxLatencyMs / MS_PER_WORK[plan.engine ?? 'ts'];
  return fits < e.work ? { ...e, work: Math.ceil(fits) } : e;
}

function estimateUnbounded(plan: { command: Command; problem: CanonicalProblem; effort: Effort; units: number; version?: string }): WorkEstimate {
  const p = plan.problem;
  const fallback: WorkEstimate = { work: plan.units * WORK_PER_UNIT_FALLBACK, steps: null, basis: 'compute_units' };
  if (plan.command === 'quantum-scale' && p.kind === 'planted-ising') {
    // Worst case of quantumScaleBudget: every allowed sweep visits n spins and both ends of every coupling.
    const sweeps = quantumScaleBudget(plan.effort, p.n).maxSweeps;
    const edges = plantedLayout(p.n, p.degree, p.instanceSeed).edges;
    return { work: sweeps * (p.n + 2 * edges), steps: sweeps * p.n, basis: 'engine_budget' };
  }
  if (plan.command === 'tsp' && p.kind === 'tsp') {
    // The engines' tsp budget (families/tsp/budget.ts): the Held–Karp DP, or candidate lists,
    // 1-tree steps of n² each and the kicks of the iterated search (about n + 200 visits each).
    const b = tspBudgetFor(plan.effort);
    const n = p.n;
    if (n <= b.dpMaxN) return { work: 2 ** (n - 1) * (n - 1) ** 2, steps: null, basis: 'engine_budget' };
    const kicks = Math.min(b.maxKicks, b.kicksPerN * n);
    return { work: n * n * (2 + 3 * tspBoundIterations(b, n)) + kicks * (n + 200), steps: null, basis: 'engine_budget' };
  }
  if (plan.command === 'qap' && p.kind === 'qap') {
    // families/qap/budget.ts: tabu iterations of n² each; branch and bound nodes of about n³ each.
    const b = qapBudgetFor(plan.effort);
    const n = p.n;
    const nodes = n <= b.bnbMaxN ? Math.min(b.bnbNodes, 1e6) * n ** 3 : 0;
    return { work: qapTabuIterations(b, n) * n * n + nodes, steps: null, basis: 'engine_budget' };
  }
  if (plan.command === 'design' && p.kind === 'design') {
    // families/design/budget.ts: the tree DP (sites·K² each) and the tabu search's value evaluations.
    const b = designBudgetFor(plan.effort);
    const { treeWork, hardSites } = designShape(p);
    const tabu = hardSites === 0 ? 0 : Math.min(b.tabuWork, b.tabuIters * hardSites * p.K);
    return { work: p.L + Math.min(treeWork, b.dpWork) + tabu, steps: null, basis: 'engine_budget' };
  }
  if (plan.command === 'cover' && p.kind === 'cover') {
    // families/cover/budget.ts: every subgradient step reads each free set; the engine stops at `work`.
    const b = coverBudgetFor(plan.effort);
    const entries = p.elems.length + p.n;
    return { work: Math.min(b.work, entries * (b.rootIters * (1 + b.passes / 2) + b.bnbNodes * b.nodeIters)), steps: null, basis: 'engine_budget' };
  }
  if (p.kind === 'erasure') {
    // protect, recover (families/erasure/solve.ts): one pass, each absent shard a dot product over k
    // present ones (about 24 byte-products per unit on engine-ts), plus the service's decode, hash
    // and re-check of every byte (about one unit each).
    const absent = p.n - p.present.reduce((s, x) => s + x, 0);
    return { work: Math.ceil((p.k * absent * p.shardSize) / 24) + p.n * p.shardSize, steps: null, basis: 'engine_budget' };
  }
  if (p.kind === 'frequency') {
    // families/frequency/solve.ts: per peak one FFT (about N·log₂N) and some ten least-squares passes
    // of about 6 units a sample, plus the service's re-check (a few more passes and one FFT).
    return { work: Math.ceil((p.top + 1) * p.n * (Math.log2(p.n) + 60)), steps: null, basis: 'engine_budget' };
  }
  if (p.kind === 'world') {
    // families/world/solve.ts: one pass over the op's rows; neighbours build a k-d tree (about
    // n·log₂n node visits) and search it (about (k + 8) leaves' points per query and level), plus the
    // service's re-check (distances and a brute-force sample).
    if (p.op !== 'neighbors') return { work: 50 * p.n, steps: null, basis: 'engine_budget' };
    const q = p.queries!.length / p.dim!, lg = Math.log2(p.n + 1);
    return { work: Math.ceil(4 * p.n * lg + q * (p.k! + 8) * (lg + 16) + 64 * p.n * p.dim!), steps: null, basis: 'engine_budget' };
  }
  if (plan.command === 'spectrum' && p.kind === 'spectrum') {
    // families/spectrum/budget.ts: products H·v over 2^n amplitudes, each a sum over the terms.
    return { work: spectrumWork(p.n, p.coeff.length, p.k), steps: null, basis: 'engine_budget' };
  }
  if (plan.command === 'entropy' && p.kind === 'entropy') {
    // families/entropy/budget.ts: the ground state's search (terms), then the reduced state and its eigenvalues.
    let size = 0;
    for (const b of p.subsystem) size += b;
    return { work: entropyWork(p.n, p.coeff.length, size), steps: null, basis: 'engine_budget' };
  }
  if (p.kind === 'reduce') {
    // families/reduce: LLL of rows × cols entries, about rows² · cols big-integer products per pass
    // of the Gram–Schmidt data, each growing with the digits of the entries, plus the exact check.
    const digits = p.text.length / (p.rows * p.cols);
    return { work: Math.ceil(p.rows * p.rows * p.cols * (2 + digits / 4)), steps: null, basis: 'engine_budget' };
  }
  if (p.kind === 'relation') {
    // families/relation/budget.ts: the PSLQ runs (one, or one per degree) and their big-integer operations.
    return { work: relationWork(p), steps: null, basis: 'engine_budget' };
  }
  if (plan.command === 'phase' && p.kind === 'phase') {
    // families/phase/budget.ts: the lowest levels of each size's chain.
    return { work: phaseWork(p), steps: null, basis: 'engine_budget' };
  }
  if (plan.command !== 'optimize' && plan.command !== 'maxcut') return fallback;
  if (p.kind === 'maxcut' && p.complete) return { work: p.n, steps: 0, basis: 'engine_budget' };
  let m: number;
  if (p.kind === 'qubo') m = p.pairs.i.length;
  else if (p.kind === 'maxcut' && p.edges) m = p.edges.i.length;
  else return fallback;
  const n = p.n;
  const b = budgetFor(plan.command, plan.effort, n, m, plan.version);
  const deg = Math.floor((2 * m + n - 1) / n);
  if (n <= b.exactMaxN) {
    const free = p.kind === 'qubo' ? n : n - 1;
    return { work: 2 ** free * (deg / 2 + 6), steps: 2 ** free - 1, basis: 'engine_budget' };
  }
  let lg = 0;
  while (2 ** lg < n) lg++;
  // The move-cost model of budgetFor (libs/engine-ts/src/families/qubo/budget.ts).
  const cost = (b.useTrees ? 2 * deg * lg + 6 * lg : n) + deg + 16;
  // maxcut's SDP bound before the search at medium/high (families/qubo/sdp-bound.ts): its dense
  // Cholesky is n³/3 flops. Measured on G22 (n = 2000): +0.28 s native, about 29 flops per 3 ns
  // visit with the mixing sweeps and Lanczos included; counted at 12 (n³/36 visits) to leave room
  // for engine-ts's slower loops.
  const sdp = p.kind === 'maxcut' ? sdpBoundWork(plan.effort, n) : 0;
  return { work: b.tabuIterations * cost + sdp, steps: b.tabuIterations, basis: 'engine_budget' };
}

/** The visits counted for maxcut's SDP bound at this effort and size (0 where the engines skip it). */
export function sdpBoundWork(effort: Effort, n: number): number {
  return n >= SDP_MIN_N && n <= sdpBoundMaxN(exactBudgetFor('maxcut', effort, n).boundWork) ? Math.ceil(n ** 3 / 36) : 0;
}
