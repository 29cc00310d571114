/**
 * optimize (QUBO) and maxcut, the TypeScript way. Dispatch, per request (core/qubo/solve.cc is the
 * native twin, step for step):
 *   - maxcut with `complete: true`: solved by construction in O(n) (first ⌊n/2⌋ nodes on side 0,
 *     the rest on side 1; cut ⌊n/2⌋·⌈n/2⌉ = ⌊n²/4⌋, the proven maximum), proof 'exhaustive';
 *   - maxcut on a balanced signed graph (bipartite with positive weights, trees, even rings…):
 *     every positive edge cut and no negative one (balanced-cut.ts, O(n + m)), the proven bound
 *     Σ max(0, w) attained, proof 'bound_attained', at any effort (exactMethod 'auto' only:
 *     'heuristic' and 'branch_and_bound' ask for one method by name);
 *   - n <= budget.exactMaxN (unless exactMethod is 'branch_and_bound' or 'heuristic'): when n > 20, branch and
 *     bound (bnb.ts, no incumbent) first, proof 'branch_and_bound' when it finishes within
 *     bnbWork (much faster than 2^n states on most inputs); then, unless a limit fired, Gray-code
 *     enumeration (exact.ts), proof 'exhaustive' when it finishes. A search cut short answers
 *     its best state so far as a heuristic with the trivial bound;
 *   - otherwise: iterated tabu search (kernels/tabu.ts) seeded with `new Prng(seed)`; its answer (or the
 *     warm start when that is better) is the incumbent. Unless a limit fired, a proven bound
 *     follows (`provenBound`: roof duality for optimize, which may also fix variables by
 *     persistency; edge-disjoint odd-parity cycles for maxcut). An incumbent that reaches the
 *     bound is optimal: proof 'branch_and_bound' (the root closes). Else branch and bound
 *     (bnb.ts) runs on the model reduced by the persistent variables, from the incumbent, when
 *     that model has at most bnbMaxN variables (up to 4096 with exactMethod 'branch_and_bound',
 *     never with 'heuristic'): proof 'branch_and_bound' when it finishes; otherwise the better
 *     answer is heuristic with the better of the two bounds.
 * A search cut by a limit (deadline or cancel) at any step answers the better of its best state
 * and the constructive answer, one greedy sweep (kernels/tabu.ts `greedySweep`), so a budget that
 * leaves no time never answers the all-zero point. Without a limit nothing changes.
 * The objective is always recomputed by the independent evaluator, and a warm start that
 * re-evaluates strictly better than the search result is returned instead, so the answer is
 * never worse than the warm start.
 */
import type { BinaryResult, CancelSignal, PairList, ProgressListener, SolveRequest, Proof } from '../../base';
import { balancedCut } from './balanced-cut';
import { budgetFor, type ExactBudget, exactBudgetFor, type SearchBudget } from './budget';
import { evaluateMaxcut, evaluateQubo } from './evaluate';
import type { MaxcutProblem, QuboProblem } from './problem';
import { branchAndBound } from '../../kernels/bnb';
import { cutCycleBound } from '../../kernels/cut-bound';
import { exactEnumerate } from './exact';
import { maxcutSdpBound, SDP_MIN_N, sdpBoundMaxN } from './sdp-bound';
import { Limits, type Model, modelEnergy, quboModel } from '../../kernels/model';
import { maxcutModel } from './model';
import { ROOF_DUAL_MAX_ARCS, roofDual, roofDualArcs } from '../../kernels/roof-dual';
import { atLeastGreedy, tabuSearch } from '../../kernels/tabu';
import { Prng } from '../../prng';

/** Forced branch and bound stops here: its variable ordering is O(n²). */
export const BNB_FORCED_MAX_N = 4096;

/** Up to this n the enumeration (2^n cheap steps) goes first; above it, branch and bound. */
const ENUMERATE_FIRST_MAX = 20;

/** Solves an optimize or maxcut request synchronously. */
export function solveQuboFamily(req: SolveRequest<QuboProblem | MaxcutProblem>, signal?: CancelSignal, onProgress?: ProgressListener): BinaryResult {
  const started = performance.now();
  const p = req.problem;
  if (req.command === 'optimize') {
    if (p.kind !== 'qubo') throw new Error('optimize needs a QUBO problem');
  } else if (req.command === 'maxcut') {
    if (p.kind !== 'maxcut') throw new Error('maxcut needs a max-cut problem');
  } else {
    throw new Error(`solveQuboFamily cannot solve "${req.command}"`);
  }
  const warm = req.warmStart ?? null;
  if (warm !== null) checkWarm(warm, p.n);
  const method = req.exactMethod ?? 'auto';
  if (method !== 'auto' && method !== 'branch_and_bound' && method !== 'heuristic') throw new Error(`unknown exactMethod "${String(method)}"`);
  const deadlineAt = req.deadlineMs !== undefined && req.deadlineMs > 0 ? started + req.deadlineMs : Infinity;
  const limits = new Limits(signal?.flag ?? null, deadlineAt, onProgress);

  if (p.kind === 'maxcut' && p.complete) return constructed(p, completeSplit(p.n), 'exhaustive', started);
  if (p.kind === 'maxcut' && p.edges === null) throw new Error('maxcut problem has neither edges nor complete');
  if (p.kind === 'maxcut' && method === 'auto') {
    const side = balancedCut(p.n, p.edges as PairList);
    // Every positive edge cut and no negative one attains cutUpperBound.
    if (side !== null) return constructed(p, side, 'bound_attained', started);
  }

  const m = p.kind === 'qubo' ? p.pairs.w.length : (p.edges as NonNullable<MaxcutProblem['edges']>).w.length;
  const budget = budgetFor(req.command, req.effort, p.n, m, req.model);
  const exact = exactBudgetFor(req.command, req.effort, p.n);
  const forceBnb = method === 'branch_and_bound';
  const exactFor = method === 'heuristic' ? { ...exact, bnbMaxN: -1 } : exact;
  const model: Model = p.kind === 'qubo' ? quboModel(p) : maxcutModel(p);

  // maxcut: proven bounds at medium and high (sdpBoundMaxN > 0) for n >= SDP_MIN_N
  // (core/qubo/maxcut.cc, step for step). With a deadline they run before the search and share at
  // most a third of the time left: first the cycle bound (otherwise it runs only after a search
  // that a deadline may never let finish), then the SDP bound (sdp-bound.ts, n <= sdpBoundMaxN),
  // skipped when n³/3 flops at 4 GFlop/s would not fit what is left of the share. Without a
  // deadline the SDP bound runs after the search, when it ended with no proof and no limit fired.
  let early = Infinity;
  // The proven SDP bound's dual point, kept while it is the least bound (BinaryResult.sdpDual).
  let sdpDual: { y: Float64Array; mu: number; bound: number } | null = null;
  // The triangles of the least cycle bound and that bound (BinaryResult.triangles).
  let cycleTriangles: { bound: number; triangles: Int32Array } | null = null;
  const sdpMaxN = sdpBoundMaxN(exact.boundWork);
  const sdpSize = p.kind === 'maxcut' && p.n >= SDP_MIN_N && sdpMaxN > 0;
  const timed = deadlineAt !== Infinity;
  if (sdpSize && timed) {
    const now = performance.now();
    const phaseEnd = now + Math.max(0, (deadlineAt - now) / 3);
    const phase = new Limits(signal?.flag ?? null, phaseEnd);
    const cycle = cutCycleBound(model.n, model.adj, 0.5, exact.boundWork, phase);
    early = cycle.bound;
    cycleTriangles = { bound: cycle.bound, triangles: cycle.triangles };
    const flops = (p.n * p.n * p.n) / 3;
    if (p.n <= sdpMaxN && flops <= Math.max(0, phaseEnd - performance.now()) * 4e6) {
      const sdp = maxcutSdpBound(p.n, p.edges as PairList, req.seed, phase);
      if (sdp.proven) {
        early = Math.min(early, sdp.bound);
        sdpDual = { y: sdp.y!, mu: sdp.mu!, bound: sdp.bound };
      }
    }
    if (early !== Infinity) limits.mapped(-1, 0, () => limits.progress?.flush(Infinity, -early, 0));
  }

  let x: Uint8Array;
  let proof: Proof = null;
  let modelBound = -Infinity;
  let work = { iterations: 0, nodes: 0, restarts: 0 };
  if (p.n <= budget.exactMaxN && method === 'auto') {
    let bnbNodes = 0;
    let found: Uint8Array | null = null;
    if (p.n > ENUMERATE_FIRST_MAX) {
      const r = branchAndBound(model, { symmetric: p.kind === 'maxcut', workLimit: exact.bnbWork, incumbent: null }, limits);
      bnbNodes = r.nodes;
      found = r.x;
      if (r.complete) proof = 'branch_and_bound';
    }
    if (proof === null && limits.stopped === null) {
      const free = p.kind === 'qubo' ? p.n : p.n - 1;
      const r = exactEnumerate(model, free, limits);
      found = r.x;
      if (r.complete) proof = 'exhaustive';
      work = { iterations: r.steps, nodes: r.steps + 1, restarts: 0 };
    }
    x = found ?? new Uint8Array(p.n);
    work.nodes += bnbNodes;
  } else {
    // The model's energy is the QUBO's objective, and minus the cut (model.ts).
    x = limits.mapped(p.kind === 'qubo' ? 1 : -1, 0, () => {
      const r = tabuSearch(model, tabuParams(budget), new Prng(req.seed), limits, warm, budget.useTrees);
      work = { iterations: r.moves, nodes: 0, restarts: Math.max(0, r.phases - 1) };
      let y = r.x;
      limits.progress?.flush(r.energy, NaN, r.moves);
      if (warm !== null && modelEnergy(model, warm) < modelEnergy(model, y)) y = warm;
      if (limits.stopped === null) {
        const proved = prove(model, p.kind === 'maxcut', y, exactFor, forceBnb, limits);
        y = proved.x;
        proof = proved.optimal ? 'branch_and_bound' : null;
        modelBound = proved.bound;
        if (proved.triangles !== undefined && proved.triangles.length > 0 && (cycleTriangles === null || -proved.bound <= cycleTriangles.bound)) cycleTriangles = { bound: -proved.bound, triangles: proved.triangles };
        work.nodes = proved.nodes;
        const e = limits.progress !== null ? modelEnergy(model, y) : NaN;
        limits.progress?.flush(e, proved.optimal ? e : proved.bound, r.moves + proved.nodes);
      }
      return y;
    });
  }

  // A search cut by a limit answers at least the constructive answer (docs/contract.md "Latency budget").
  if (limits.stopped !== null) x = atLeastGreedy(model, x);
  let answer = Uint8Array.from(x);
  let objective = evaluateQuboFamily(p, answer);
  if (warm !== null) {
    const w = evaluateQuboFamily(p, warm);
    if (p.kind === 'qubo' ? w < objective : w > objective) {
      answer = Uint8Array.from(warm);
      objective = w;
    }
  }
  if (sdpSize && !timed && p.n <= sdpMaxN && proof === null && !limits.check()) {
    const sdp = maxcutSdpBound(p.n, p.edges as PairList, req.seed, limits);
    if (sdp.proven) {
      early = Math.min(early, sdp.bound);
      sdpDual = { y: sdp.y!, mu: sdp.mu!, bound: sdp.bound };
      limits.mapped(-1, 0, () => limits.progress?.flush(-objective, -early, work.iterations));
    }
  }
  let bound: number | undefined;
  if (proof === null) {
    const trivial = p.kind === 'qubo' ? quboLowerBound(p) : cutUpperBound(p);
    bound = p.kind === 'qubo' ? Math.max(trivial, modelBound) : Math.min(trivial, -modelBound);
    bound = Math.min(bound, early);
  }
  const result: BinaryResult = {
    kind: 'binary',
    answer,
    objective,
    proof,
    ...(bound !== undefined ? { bound } : {}),
    ...(bound !== undefined && sdpDual !== null && sdpDual.bound === bound ? { sdpDual: { y: sdpDual.y, mu: sdpDual.mu } } : {}),
    ...(bound !== undefined && cycleTriangles !== null && cycleTriangles.bound === bound && cycleTriangles.triangles.length > 0 ? { triangles: cycleTriangles.triangles } : {}),
    stoppedAtDeadline: limits.stopped !== null,
    work,
    engineMs: performance.now() - started,
  };
  return result;
}

/** What `prove` established about the model minimum. */
export interface ProofOutcome {
  /** The best assignment known (never worse in model energy than the incumbent given). */
  readonly x: Uint8Array;
  /** True when x is a proven minimiser. */
  readonly optimal: boolean;
  /** A proven lower bound on the model minimum (−Infinity when none beyond the trivial one). */
  readonly bound: number;
  /** Branch-and-bound nodes visited. */
  readonly nodes: number;
  /** max-cut: the triangles of the cycle bound behind `bound` (kernels/cut-bound.ts). */
  readonly triangles?: Int32Array;
}

/**
 * The proof stage of the dispatch for an incumbent x: proven bound, root-closing test, then
 * branch and bound (see the file comment). `symmetric` marks a max-cut model; `force` ignores
 * bnbMaxN.
 */
export function prove(
  model: Model,
  symmetric: boolean,
  incumbent: Uint8Array,
  exact: ExactBudget,
  force: boolean,
  limits: Limits,
): ProofOutcome {
  let x = incumbent;
  const eps = closeTolerance(model);
  let bound = -Infinity;
  let fixed: Int8Array | null = null;
  let triangles: Int32Array | undefined;
  if (symmetric) {
    const cycle = cutCycleBound(model.n, model.adj, 0.5, exact.boundWork, limits);
    bound = -cycle.bound;
    triangles = cycle.triangles;
  } else if (roofDualArcs(model) <= ROOF_DUAL_MAX_ARCS) {
    const rd = roofDual(model, exact.boundWork, limits);
    bound = rd.bound;
    if (rd.complete) fixed = rd.fixed;
  }
  if (fixed !== null) {
    // Persistency: setting the fixed variables never raises the energy of any assignment.
    const y = Uint8Array.from(x);
    for (let i = 0; i < model.n; i++) if (fixed[i] >= 0) y[i] = fixed[i];
    if (modelEnergy(model, y) <= modelEnergy(model, x)) x = y;
  }
  const ex = modelEnergy(model, x);
  if (ex <= bound + eps) return { x, optimal: true, bound, nodes: 0, triangles };
  const red = fixed !== null ? reduceModel(model, fixed) : { model, free: null, constant: 0 };
  if (red.model.n > (force ? BNB_FORCED_MAX_N : exact.bnbMaxN)) return { x, optimal: false, bound, nodes: 0, triangles };
  let inc = x;
  if (red.free !== null) {
    inc = new Uint8Array(red.model.n);
    for (let k = 0; k < red.free.length; k++) inc[k] = x[red.free[k]];
  }
  const r = branchAndBound(red.model, { symmetric, workLimit: exact.bnbWork, incumbent: inc }, limits);
  let y: Uint8Array | null = r.x;
  if (y !== null && red.free !== null) {
    const full = new Uint8Array(model.n);
    for (let i = 0; i < model.n; i++) full[i] = fixed !== null && fixed[i] >= 0 ? fixed[i] : 0;
    for (let k = 0; k < red.free.length; k++) full[red.free[k]] = y[k];
    y = full;
  }
  if (y !== null && (r.complete || modelEnergy(model, y) < ex)) x = y;
  const bnbBound = r.bound + red.constant;
  return { x, optimal: r.complete, bound: Math.max(bound, bnbBound), nodes: r.nodes, ...(bnbBound <= bound ? { triangles } : {}) };
}

/** The model on the variables with fixed[i] < 0: E(x) = E_red(x_free) + constant when x agrees with fixed. */
export function reduceModel(model: Model, fixed: Int8Array): { model: Model; free: Int32Array; constant: number } {
  const n = model.n;
  const { offsets, neighbours, weights } = model.adj;
  const index = new Int32Array(n).fill(-1);
  let nf = 0;
  for (let i = 0; i < n; i++) if (fixed[i] < 0) index[i] = nf++;
  const free = new Int32Array(nf);
  for (let i = 0; i < n; i++) if (index[i] >= 0) free[index[i]] = i;
  const h = new Float64Array(nf);
  const off = new Int32Array(nf + 1);
  let constant = 0;
  for (let i = 0; i < n; i++) {
    if (fixed[i] === 1) {
      constant += model.h[i];
      for (let q = offsets[i]; q < offsets[i + 1]; q++) if (neighbours[q] > i && fixed[neighbours[q]] === 1) constant += weights[q];
    }
  }
  for (let k = 0; k < nf; k++) {
    const i = free[k];
    let f = model.h[i];
    let deg = 0;
    for (let q = offsets[i]; q < offsets[i + 1]; q++) {
      const j = neighbours[q];
      if (fixed[j] === 1) f += weights[q];
      else if (fixed[j] < 0) deg++;
    }
    h[k] = f;
    off[k + 1] = off[k] + deg;
  }
  const nb = new Int32Array(off[nf]);
  const wt = new Float64Array(off[nf]);
  for (let k = 0; k < nf; k++) {
    const i = free[k];
    let at = off[k];
    for (let q = offsets[i]; q < offsets[i + 1]; q++) {
      const j = neighbours[q];
      if (fixed[j] < 0) {
        nb[at] = index[j];
        wt[at++] = weights[q];
      }
    }
  }
  return { model: { n: nf, h, adj: { offsets: off, neighbours: nb, weights: wt } }, free, constant };
}

/** Float noise allowed when an incumbent is compared with a bound: 1e-12·(1 + Σ|h| + Σ|W|). */
function closeTolerance(model: Model): number {
  let s = 0;
  for (let i = 0; i < model.n; i++) s += Math.abs(model.h[i]);
  const w = model.adj.weights;
  for (let q = 0; q < w.length; q++) s += Math.abs(w[q]);
  return 1e-12 * (1 + s);
}

function tabuParams(b: SearchBudget) {
  return {
    maxMoves: b.tabuIterations,
    maxPhases: b.restarts,
    stall: b.stall,
    tenureBase: b.tenureBase,
    tenureSpan: b.tenureSpan,
    annealSweeps: b.annealSweeps,
    shrinkRounds: b.shrinkRounds,
    elitePool: b.elitePool,
  };
}

/** The complete graph K_n with unit weights: a balanced split is optimal (proof by construction). */
function completeSplit(n: number): Uint8Array {
  const answer = new Uint8Array(n);
  answer.fill(1, Math.floor(n / 2));
  return answer;
}

/** An answer known optimal without search (K_n's split, a balanced signed graph's), as a result. */
function constructed(p: MaxcutProblem, answer: Uint8Array, proof: 'exhaustive' | 'bound_attained', started: number): BinaryResult {
  return {
    kind: 'binary',
    answer,
    objective: evaluateQuboFamily(p, answer),
    proof,
    stoppedAtDeadline: false,
    work: { iterations: 0, nodes: 0, restarts: 0 },
    engineMs: performance.now() - started,
  };
}

/** Σ min(0, h_i) + Σ min(0, w_ij): every term at its most negative. */
export function quboLowerBound(p: QuboProblem): number {
  let b = 0;
  for (let i = 0; i < p.n; i++) if (p.linear[i] < 0) b += p.linear[i];
  const w = p.pairs.w;
  for (let k = 0; k < w.length; k++) if (w[k] < 0) b += w[k];
  return b;
}

/** Σ max(0, w): every positive edge cut, no negative one. */
export function cutUpperBound(p: MaxcutProblem): number {
  if (p.edges === null) return Math.floor(p.n / 2) * Math.ceil(p.n / 2);
  let b = 0;
  const w = p.edges.w;
  for (let k = 0; k < w.length; k++) if (w[k] > 0) b += w[k];
  return b;
}

function checkWarm(warm: Uint8Array, n: number): void {
  if (warm.length !== n) throw new Error(`warm start has length ${warm.length}, expected ${n}`);
  for (let i = 0; i < n; i++) if (warm[i] > 1) throw new Error(`warm start[${i}] is not 0 or 1`);
}

/** The independent objective of a QUBO or max-cut answer (energy or cut). */
function evaluateQuboFamily(p: QuboProblem | MaxcutProblem, x: ArrayLike<number>): number {
  return p.kind === 'qubo' ? evaluateQubo(p, x) : evaluateMaxcut(p, x);
}
