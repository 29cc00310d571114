/**
 * select: choose exactly k of m items maximising V(S) = Σ_{i∈S} a_i − Σ_{i<j∈S} R_ij.
 * These comments are the algorithm's specification; the native engine (core/select/solve.cc and its
 * twins of the same names) follows them. This file is the dispatch and the direct answers; the
 * methods are enumerate.ts, tabu.ts and branch-bound.ts.
 *
 * Dispatch:
 *   1. k = m: every item (certified, 'exhaustive').
 *   2. R = null (no pair is penalised): the k largest affinities, ties to the lower index
 *      (certified by construction, 'exhaustive'), any m.
 *   3. C(m, k) <= enumerateMax: every k-subset in lexicographic order, the first strictly best
 *      kept ('exhaustive' when it finishes).
 *   4. Otherwise the swap tabu search (tabu.ts), then, when m <= bbMaxM, branch and bound seeded
 *      with its answer ('branch_and_bound' when it finishes within bbWork).
 * A deadline or cancel keeps the best k-subset so far (always exactly k distinct items).
 *
 * Gains: g[i] = a_i − Σ_{j∈S, j≠i} R_ij (R has a zero diagonal). For i ∉ S it is the gain of
 * adding i; for i ∈ S the loss of removing it. Swapping u ∈ S out and v ∉ S in changes V by
 * Δ(u, v) = g[v] − g[u] + R_uv, and then every g[j] += R_uj − R_vj (rows u and v, O(m)).
 */
import type { BinaryResult, CancelSignal, SolveRequest, Proof } from '../../base';
import type { SelectProblem } from './problem';
import { evaluateSelect } from './evaluate';
import { Prng } from '../../prng';
import { selectBudgetFor } from './budget';
import { Limits } from '../../kernels/model';
import { enumerateSubsets } from './enumerate';
import { selectGreedy, selectTabu } from './tabu';
import { selectBranchAndBound } from './branch-bound';

/** Solves a select request synchronously. */
export function solveSelect(req: SolveRequest<SelectProblem>, signal?: CancelSignal): BinaryResult {
  const started = performance.now();
  const p = req.problem;
  if (req.command !== 'select' || p.kind !== 'select') throw new Error('select needs a select problem');
  checkProblem(p);
  const deadlineAt = req.deadlineMs !== undefined && req.deadlineMs > 0 ? started + req.deadlineMs : Infinity;
  const limits = new Limits(signal?.flag ?? null, deadlineAt);
  const m = p.n;
  const k = p.k;
  const budget = selectBudgetFor(req.effort, m, k);

  let chosen: Uint8Array;
  let proof: Proof = null;
  let bound: number | undefined;
  const work = { iterations: 0, nodes: 0, restarts: 0 };
  if (k === m) {
    chosen = new Uint8Array(m).fill(1);
    proof = 'exhaustive';
  } else if (p.redundancy === null) {
    chosen = topK(p.affinity, k);
    proof = 'exhaustive';
  } else if (binomialAtMost(m, k, budget.enumerateMax)) {
    const r = enumerateSubsets(p, limits);
    chosen = r.chosen;
    work.nodes = r.leaves;
    if (r.complete) proof = 'exhaustive';
    else chosen = atLeastGreedy(p, chosen);
  } else {
    const eps = epsilonFor(p);
    const t = selectTabu(p, budget, new Prng(req.seed), limits, eps);
    chosen = t.chosen;
    work.iterations = t.moves;
    work.restarts = Math.max(0, t.phases - 1);
    if (m <= budget.bbMaxM && limits.stopped === null) {
      const b = selectBranchAndBound(p, chosen, evaluateSelect(p, chosen), budget.bbWork, limits, eps);
      chosen = b.chosen;
      work.nodes = b.nodes;
      if (b.complete) proof = 'branch_and_bound';
      else bound = b.rootBound;
    } else {
      bound = simpleUpperBound(p);
    }
  }
  const objective = evaluateSelect(p, chosen);
  return {
    kind: 'binary',
    answer: chosen,
    objective,
    proof,
    ...(proof === null && bound !== undefined ? { bound: Math.max(bound, objective) } : {}),
    stoppedAtDeadline: limits.stopped !== null,
    work,
    engineMs: performance.now() - started,
  };
}

function checkProblem(p: SelectProblem): void {
  const m = p.n;
  if (!Number.isInteger(m) || m < 1) throw new Error(`select m must be a positive integer, got ${m}`);
  if (!Number.isInteger(p.k) || p.k < 1 || p.k > m) throw new Error(`select k must be in 1..${m}, got ${p.k}`);
  if (p.affinity.length !== m) throw new Error('affinity must have m entries');
  if (p.redundancy !== null && p.redundancy.length !== m * m) throw new Error('redundancy must have m·m entries');
}

/** A cut enumeration answers at least the greedy start (docs/contract.md "Latency budget"). */
function atLeastGreedy(p: SelectProblem, chosen: Uint8Array): Uint8Array {
  const greedy = new Uint8Array(p.n);
  selectGreedy(p, new Float64Array(p.n), greedy);
  return evaluateSelect(p, greedy) > evaluateSelect(p, chosen) ? greedy : chosen;
}

/** The k largest affinities (ties: lower index) as a membership vector. */
function topK(a: Float64Array, k: number): Uint8Array {
  const m = a.length;
  const order = new Int32Array(m);
  for (let i = 0; i < m; i++) order[i] = i;
  order.sort((x, y) => (a[y] - a[x]) || (x - y));
  const chosen = new Uint8Array(m);
  for (let t = 0; t < k; t++) chosen[order[t]] = 1;
  return chosen;
}

/** Whether C(m, k) <= cap (exact integer steps; stops as soon as the product passes cap). */
export function binomialAtMost(m: number, k: number, cap: number): boolean {
  const r = Math.min(k, m - k);
  let c = 1;
  for (let t = 1; t <= r; t++) {
    // c·(m − r + t) / t stays an integer at every step.
    c = (c * (m - r + t)) / t;
    if (c > cap) return false;
  }
  return true;
}

function epsilonFor(p: SelectProblem): number {
  let s = 0;
  const m = p.n;
  for (let i = 0; i < m; i++) s += Math.abs(p.affinity[i]);
  const r = p.redundancy;
  if (r !== null) for (let i = 0; i < m; i++) for (let j = i + 1; j < m; j++) s += Math.abs(r[i * m + j]);
  return 1e-12 * (1 + s);
}

/** Σ top-k of a_i − ½(k−1)·min_{j≠i} R_ij: a proven upper bound on the optimum, O(m²). */
function simpleUpperBound(p: SelectProblem): number {
  const m = p.n;
  const k = p.k;
  const R = p.redundancy as Float64Array;
  const ub = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    let lo = Infinity;
    const base = i * m;
    for (let j = 0; j < m; j++) if (j !== i && R[base + j] < lo) lo = R[base + j];
    ub[i] = p.affinity[i] - 0.5 * (k - 1) * (lo === Infinity ? 0 : lo);
  }
  ub.sort();
  let s = 0;
  for (let t = m - 1; t >= m - k; t--) s += ub[t];
  return s;
}
