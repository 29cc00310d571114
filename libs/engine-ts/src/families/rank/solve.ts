/**
 * rank (Kemeny): order n items contradicting as few votes as possible. Specification:
 *   1. The majority graph has an edge i → j when more votes say i beats j than the reverse. Its
 *      strongly connected components, in a topological order (sources first), split the problem:
 *      every pair across two components has w_ab ≥ w_ba in that order, so the cross pairs cost
 *      exactly Σ min(w_ab, w_ba) and some optimal order keeps the components in that order
 *      (an exchange argument); each component is then ordered on its own.
 *   2. A component of at most 2 items is ordered by its majority. One of at most dpMaxN items is
 *      ordered exactly by the subset dynamic program: dp[S ∪ {v}] = min dp[S] + (votes of items
 *      outside S ∪ {v} over v), v placed right after S ('dynamic_program').
 *   3. A larger one: Copeland order (majority wins, Borda to break ties), then local search with
 *      insertion moves to a local optimum, restarts from random perturbations (Prng(seed)); up to
 *      bnbMaxN items, branch and bound from that incumbent (prefix cost plus the pairwise minimum of
 *      the items left), 'branch_and_bound' when it finishes within bnbNodes.
 *   4. The answer is certified when every component was; otherwise it is heuristic with the bound
 *      Σ cross minima + Σ per component (its optimum when proven, else its pairwise minimum).
 * A deadline or cancel keeps the best order found so far (components not yet reached keep the
 * Copeland order).
 */
import type { CancelSignal, EngineRequest, Proof } from '../../engine';
import { Limits } from '../../kernels/model';
import { Prng } from '../../prng';
import { rankBudgetFor, type RankBudget } from './budget';
import { evaluateRank, pairwiseMinimum } from './evaluate';
import type { PermutationResult, RankProblem } from './problem';

interface Work {
  iterations: number;
  nodes: number;
  restarts: number;
}

/** Components of the majority graph in topological order (sources first); iterative Tarjan. */
export function majorityComponents(p: RankProblem): number[][] {
  const n = p.n;
  const w = p.wins;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  const out: number[][] = [];
  let counter = 0;
  const next = new Int32Array(n);
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    const call: number[] = [root];
    index[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = 1;
    while (call.length > 0) {
      const v = call[call.length - 1];
      let descended = false;
      while (next[v] < n) {
        const u = next[v]++;
        if (u === v || !(w[v * n + u] > w[u * n + v])) continue;
        if (index[u] === -1) {
          index[u] = low[u] = counter++;
          stack.push(u);
          onStack[u] = 1;
          call.push(u);
          descended = true;
          break;
        }
        if (onStack[u]) low[v] = Math.min(low[v], index[u]);
      }
      if (descended) continue;
      call.pop();
      if (call.length > 0) {
        const parent = call[call.length - 1];
        low[parent] = Math.min(low[parent], low[v]);
      }
      if (low[v] === index[v]) {
        const comp: number[] = [];
        let u: number;
        do {
          u = stack.pop()!;
          onStack[u] = 0;
          comp.push(u);
        } while (u !== v);
        comp.sort((a, b) => a - b);
        out.push(comp);
      }
    }
  }
  // Tarjan completes sinks first.
  return out.reverse();
}

/** The component's own s×s vote matrix. */
function subMatrix(p: RankProblem, items: readonly number[]): Float64Array {
  const s = items.length;
  const m = new Float64Array(s * s);
  for (let a = 0; a < s; a++) for (let b = 0; b < s; b++) if (a !== b) m[a * s + b] = p.wins[items[a] * p.n + items[b]];
  return m;
}

function costOf(w: Float64Array, s: number, order: ArrayLike<number>): number {
  let d = 0;
  for (let x = 0; x < s; x++) for (let y = x + 1; y < s; y++) d += w[order[y] * s + order[x]];
  return d;
}

function pairMin(w: Float64Array, s: number): number {
  let b = 0;
  for (let i = 0; i < s; i++) for (let j = i + 1; j < s; j++) b += Math.min(w[i * s + j], w[j * s + i]);
  return b;
}

/** Exact order by the subset DP, or null when a limit stopped it. */
function subsetDp(w: Float64Array, s: number, limits: Limits, work: Work): Int32Array | null {
  const size = 1 << s;
  const dp = new Float64Array(size).fill(Infinity);
  const last = new Int8Array(size);
  const against = new Float64Array(s);
  for (let v = 0; v < s; v++) for (let u = 0; u < s; u++) if (u !== v) against[v] += w[u * s + v];
  dp[0] = 0;
  for (let S = 0; S < size; S++) {
    if ((S & 4095) === 0 && limits.check()) return null;
    const base = dp[S];
    for (let v = 0; v < s; v++) {
      const bit = 1 << v;
      if (S & bit) continue;
      // Votes of items placed after v (outside S ∪ {v}) over v.
      let inS = 0;
      for (let u = 0; u < s; u++) if (S & (1 << u)) inS += w[u * s + v];
      const c = base + against[v] - inS;
      const T = S | bit;
      if (c < dp[T]) {
        dp[T] = c;
        last[T] = v;
      }
    }
  }
  work.nodes += size;
  const order = new Int32Array(s);
  let S = size - 1;
  for (let k = s - 1; k >= 0; k--) {
    const v = last[S];
    order[k] = v;
    S &= ~(1 << v);
  }
  return order;
}

/** Copeland order (majority wins, half for ties), Borda margin then index to break ties. */
function copeland(w: Float64Array, s: number): Int32Array {
  const score = new Float64Array(s);
  const margin = new Float64Array(s);
  for (let i = 0; i < s; i++) {
    for (let j = 0; j < s; j++) {
      if (i === j) continue;
      const a = w[i * s + j];
      const b = w[j * s + i];
      score[i] += a > b ? 1 : a === b ? 0.5 : 0;
      margin[i] += a - b;
    }
  }
  return Int32Array.from(Array.from({ length: s }, (_, i) => i).sort((x, y) => score[y] - score[x] || margin[y] - margin[x] || x - y));
}

/** Insertion moves (each item to its best place) until none improves; returns the moves made. */
function insertionDescent(w: Float64Array, s: number, order: Int32Array, limits: Limits): number {
  let moves = 0;
  for (let improved = true; improved; ) {
    improved = false;
    for (let i = 0; i < s; i++) {
      if ((moves & 1023) === 0 && limits.check()) return moves;
      const v = order[i];
      let acc = 0;
      let best = 0;
      let bestJ = i;
      for (let j = i + 1; j < s; j++) {
        const o = order[j];
        acc += w[v * s + o] - w[o * s + v];
        if (acc < best) {
          best = acc;
          bestJ = j;
        }
      }
      acc = 0;
      for (let j = i - 1; j >= 0; j--) {
        const o = order[j];
        acc += w[o * s + v] - w[v * s + o];
        if (acc < best) {
          best = acc;
          bestJ = j;
        }
      }
      if (bestJ === i) continue;
      if (bestJ > i) order.copyWithin(i, i + 1, bestJ + 1);
      else order.copyWithin(bestJ + 1, bestJ, i);
      order[bestJ] = v;
      moves++;
      improved = true;
    }
  }
  return moves;
}

/** Local search with restarts from perturbations of the best order. */
function localSearch(w: Float64Array, s: number, start: Int32Array, b: RankBudget, rng: Prng, limits: Limits, work: Work): Int32Array {
  let best = Int32Array.from(start);
  work.iterations += insertionDescent(w, s, best, limits);
  let bestCost = costOf(w, s, best);
  for (let r = 0; r < b.restarts && !limits.check(); r++) {
    const cur = Int32Array.from(best);
    const swaps = 1 + rng.nextInt(Math.max(1, Math.floor(s / 4)));
    for (let k = 0; k < swaps; k++) {
      const x = rng.nextInt(s);
      const y = rng.nextInt(s);
      const t = cur[x];
      cur[x] = cur[y];
      cur[y] = t;
    }
    work.iterations += insertionDescent(w, s, cur, limits);
    work.restarts++;
    const c = costOf(w, s, cur);
    if (c < bestCost) {
      best = cur;
      bestCost = c;
    }
  }
  return best;
}

/** Branch and bound over prefixes from an incumbent; complete = proven optimal. */
function branchAndBound(w: Float64Array, s: number, incumbent: Int32Array, nodeCap: number, limits: Limits, work: Work): { order: Int32Array; complete: boolean } {
  let bestOrder = Int32Array.from(incumbent);
  let bestCost = costOf(w, s, incumbent);
  const placed = new Uint8Array(s);
  const prefix = new Int32Array(s);
  // against[v] over the items still unplaced, kept incrementally.
  const against = new Float64Array(s);
  for (let v = 0; v < s; v++) for (let u = 0; u < s; u++) if (u !== v) against[v] += w[u * s + v];
  let nodes = 0;
  let aborted = false;
  const minPair = (a: number, b: number) => Math.min(w[a * s + b], w[b * s + a]);
  const dfs = (depth: number, cost: number, rest: number): void => {
    if (aborted) return;
    if (depth === s) {
      if (cost < bestCost) {
        bestCost = cost;
        bestOrder = Int32Array.from(prefix);
      }
      return;
    }
    if (++nodes > nodeCap || ((nodes & 4095) === 0 && limits.check())) {
      aborted = true;
      return;
    }
    if (cost + rest >= bestCost) return;
    // Children by the cost they add, cheapest first.
    const cand: number[] = [];
    for (let v = 0; v < s; v++) if (!placed[v]) cand.push(v);
    cand.sort((a, b) => against[a] - against[b] || a - b);
    for (const v of cand) {
      const add = against[v];
      let restV = rest;
      for (const u of cand) if (u !== v) restV -= minPair(u, v);
      if (cost + add + restV >= bestCost) continue;
      placed[v] = 1;
      prefix[depth] = v;
      for (const u of cand) if (u !== v) against[u] -= w[v * s + u];
      dfs(depth + 1, cost + add, restV);
      for (const u of cand) if (u !== v) against[u] += w[v * s + u];
      placed[v] = 0;
      if (aborted) return;
    }
  };
  dfs(0, 0, pairMin(w, s));
  work.nodes += nodes;
  return { order: bestOrder, complete: !aborted };
}

/** Solves a `rank` request synchronously. */
export function solveRank(req: EngineRequest, signal?: CancelSignal): PermutationResult {
  const started = performance.now();
  const p = req.problem;
  if (req.command !== 'rank' || p.kind !== 'rank') throw new Error('rank needs a rank problem');
  const deadlineAt = req.deadlineMs !== undefined && req.deadlineMs > 0 ? started + req.deadlineMs : Infinity;
  const limits = new Limits(signal?.flag ?? null, deadlineAt);
  const b = rankBudgetFor(req.effort);
  const rng = new Prng(req.seed);
  const work: Work = { iterations: 0, nodes: 0, restarts: 0 };
  const comps = majorityComponents(p);
  const answer = new Int32Array(p.n);
  let at = 0;
  let allExact = true;
  let usedBnb = false;
  let componentBounds = 0;
  for (const items of comps) {
    const s = items.length;
    const w = subMatrix(p, items);
    let local: Int32Array;
    let exact = false;
    if (s <= 2) {
      local = s === 2 && w[1 * 2 + 0] > w[0 * 2 + 1] ? Int32Array.from([1, 0]) : Int32Array.from(s === 2 ? [0, 1] : [0]);
      exact = true;
    } else if (s <= b.dpMaxN && limits.stopped === null) {
      const o = subsetDp(w, s, limits, work);
      if (o !== null) {
        local = o;
        exact = true;
      } else local = copeland(w, s);
    } else {
      local = limits.stopped === null ? localSearch(w, s, copeland(w, s), b, rng, limits, work) : copeland(w, s);
      if (s <= b.bnbMaxN && limits.stopped === null) {
        const r = branchAndBound(w, s, local, b.bnbNodes, limits, work);
        local = r.order;
        exact = r.complete;
        if (exact) usedBnb = true;
      }
    }
    componentBounds += exact ? costOf(w, s, local) : pairMin(w, s);
    if (!exact) allExact = false;
    for (let k = 0; k < s; k++) answer[at++] = items[local[k]];
  }
  const objective = evaluateRank(p, answer);
  const proof: Proof = allExact && limits.stopped === null ? (usedBnb ? 'branch_and_bound' : 'dynamic_program') : null;
  // Cross pairs cost exactly their minima in this order; within components the bounds above.
  let bound: number | undefined;
  if (proof === null) {
    let within = 0;
    for (const items of comps) within += pairMin(subMatrix(p, items), items.length);
    bound = Math.max(pairwiseMinimum(p), pairwiseMinimum(p) - within + componentBounds);
  }
  return {
    kind: 'permutation',
    answer,
    objective,
    proof,
    ...(bound !== undefined ? { bound: Math.min(bound, objective) } : {}),
    stoppedAtDeadline: limits.stopped !== null,
    work,
    engineMs: performance.now() - started,
  };
}
