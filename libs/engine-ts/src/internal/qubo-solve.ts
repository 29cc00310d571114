/**
 * optimize (QUBO) and maxcut, the TypeScript way. Dispatch, per request:
 *   - maxcut with `complete: true`: solved by construction in O(n) (first ⌊n/2⌋ nodes on side 0,
 *     the rest on side 1; cut ⌊n/2⌋·⌈n/2⌉ = ⌊n²/4⌋, the proven maximum), proof 'exhaustive';
 *   - n <= budget.exactMaxN: Gray-code enumeration (exact.ts), proof 'exhaustive' when it
 *     finishes, else the best state so far as a heuristic answer;
 *   - otherwise: iterated tabu search (tabu.ts) seeded with `new Prng(seed)`, with a proven
 *     `bound` (maxcut: Σ max(0, w); optimize: Σ min(0, h_i) + Σ min(0, w_ij)).
 * The objective is always recomputed by the independent evaluator, and a warm start that
 * re-evaluates strictly better than the search result is returned instead, so the answer is
 * never worse than the warm start.
 */
import type { CancelSignal, EngineRequest, EngineResult, MaxcutProblem, Proof, QuboProblem } from '../engine';
import { budgetFor, type SearchBudget } from '../effort';
import { evaluate } from '../evaluate';
import { exactEnumerate } from './exact';
import { Limits, maxcutModel, type Model, quboModel } from './model';
import { tabuSearch } from './tabu';
import { Prng } from '../prng';

/** Solves an optimize or maxcut request synchronously. */
export function solveQuboFamily(req: EngineRequest, signal?: CancelSignal): EngineResult {
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
  const deadlineAt = req.deadlineMs !== undefined && req.deadlineMs > 0 ? started + req.deadlineMs : Infinity;
  const limits = new Limits(signal?.flag ?? null, deadlineAt);

  if (p.kind === 'maxcut' && p.complete) return solveComplete(p, started);
  if (p.kind === 'maxcut' && p.edges === null) throw new Error('maxcut problem has neither edges nor complete');

  const m = p.kind === 'qubo' ? p.pairs.w.length : (p.edges as NonNullable<MaxcutProblem['edges']>).w.length;
  const budget = budgetFor(req.command, req.effort, p.n, m);
  const model: Model = p.kind === 'qubo' ? quboModel(p) : maxcutModel(p);

  let x: Uint8Array;
  let proof: Proof = null;
  let work = { iterations: 0, nodes: 0, restarts: 0 };
  if (p.n <= budget.exactMaxN) {
    const free = p.kind === 'qubo' ? p.n : p.n - 1;
    const r = exactEnumerate(model, free, limits);
    x = r.x;
    if (r.complete) proof = 'exhaustive';
    work = { iterations: r.steps, nodes: r.steps + 1, restarts: 0 };
  } else {
    const r = tabuSearch(model, tabuParams(budget), new Prng(req.seed), limits, warm, budget.useTrees);
    x = r.x;
    work = { iterations: r.moves, nodes: 0, restarts: Math.max(0, r.phases - 1) };
  }

  let answer = Uint8Array.from(x);
  let objective = evaluate(p, answer);
  if (warm !== null) {
    const w = evaluate(p, warm);
    if (p.kind === 'qubo' ? w < objective : w > objective) {
      answer = Uint8Array.from(warm);
      objective = w;
    }
  }
  const result: EngineResult = {
    answer,
    objective,
    proof,
    ...(proof === null ? { bound: p.kind === 'qubo' ? quboLowerBound(p) : cutUpperBound(p) } : {}),
    stoppedAtDeadline: limits.stopped !== null,
    work,
    engineMs: performance.now() - started,
  };
  return result;
}

function tabuParams(b: SearchBudget) {
  return {
    maxMoves: b.tabuIterations,
    maxPhases: b.restarts,
    stall: b.stall,
    tenureBase: b.tenureBase,
    tenureSpan: b.tenureSpan,
    perturbMin: b.perturbMin,
    perturbMax: b.perturbMax,
    perturbStep: b.perturbStep,
  };
}

/** The complete graph K_n with unit weights: a balanced split is optimal (proof by construction). */
function solveComplete(p: MaxcutProblem, started: number): EngineResult {
  const answer = new Uint8Array(p.n);
  answer.fill(1, Math.floor(p.n / 2));
  return {
    answer,
    objective: evaluate(p, answer),
    proof: 'exhaustive',
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
