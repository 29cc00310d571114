/**
 * rank (Kemeny): order n items contradicting as few votes as possible. Specification:
 *   1. The majority graph has an edge i → j when more votes say i beats j than the reverse. Its
 *      strongly connected components, in a topological order (sources first), split the problem:
 *      every pair across two components has w_ab ≥ w_ba in that order, so the cross pairs cost
 *      exactly Σ min(w_ab, w_ba) and some optimal order keeps the components in that order
 *      (an exchange argument); each component is then ordered on its own.
 *   2. A component of at most 2 items is ordered by its majority; one of at most 12 by the subset
 *      dynamic program: dp[S ∪ {v}] = min dp[S] + (votes of items outside S ∪ {v} over v), v placed
 *      right after S ('dynamic_program').
 *   3. A larger one: Copeland order (majority wins, Borda to break ties), then local search with
 *      insertion moves to a local optimum, restarts from random perturbations (Prng(seed)). Then the
 *      proof: up to bnbMaxN items, branch and bound from that incumbent (prefix cost plus the
 *      pairwise minimum of the items left; a prefix cut when its last item is strictly cheaper
 *      earlier or its set was reached before as cheaply), 'branch_and_bound' when it finishes
 *      within bnbNodes; if not, the subset DP up to dpMaxN items.
 *   4. Every component of at least 3 items gets a triangle packing (packing.ts; none once a limit
 *      stopped the solve), exported on the result (`triangles`, item indices) for the service's
 *      `cycle_packing` certificate.
 *   5. The answer is certified when every component was, or when it meets the bound; otherwise it
 *      is heuristic with the bound Σ cross minima + Σ per component (its optimum when proven, else
 *      its pairwise minimum plus ⌈Σλ⌉ of its packing).
 * A deadline or cancel keeps the best order found so far (components not yet reached keep the
 * Copeland order).
 */
import type { CancelSignal, SolveRequest, Proof } from '../../base';
import { Limits } from '../../kernels/model';
import { Prng } from '../../prng';
import { rankBudgetFor, type RankBudget } from './budget';
import { evaluateRank, pairwiseMinimum } from './evaluate';
import { packTriangles, PACK_UNIT } from './packing';
import type { PermutationResult, RankProblem } from './problem';

/** Components up to this size go straight to the subset DP (4,096 sets). */
const SMALL_DP = 12;

export interface Work {
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
  // Tarjan completes sinks first; any topological order of the components is optimal, so take
  // the one that keeps unrelated components in item order (the caller's order when nothing decides).
  return topologicalByFirstItem(p, out);
}

/** Kahn's algorithm on the components' majority edges, the ready component with the smallest item first. */
function topologicalByFirstItem(p: RankProblem, comps: number[][]): number[][] {
  const n = p.n;
  const w = p.wins;
  const comp = new Int32Array(n);
  comps.forEach((c, k) => c.forEach((v) => (comp[v] = k)));
  const indeg = new Int32Array(comps.length);
  for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) if (comp[a] !== comp[b] && w[a * n + b] > w[b * n + a]) indeg[comp[b]]++;
  // comps[k] is sorted, so comps[k][0] is its smallest item; ready components by that item.
  const ready = new Uint8Array(n);
  const byFirst = new Int32Array(n).fill(-1);
  comps.forEach((c, k) => (byFirst[c[0]] = k));
  for (let k = 0; k < comps.length; k++) if (indeg[k] === 0) ready[comps[k][0]] = 1;
  const order: number[][] = [];
  let scan = 0;
  while (order.length < comps.length) {
    while (!ready[scan]) scan++;
    const k = byFirst[scan];
    ready[scan] = 0;
    order.push(comps[k]);
    let lowest = n;
    for (const a of comps[k]) {
      for (let b = 0; b < n; b++) {
        if (comp[b] === k || !(w[a * n + b] > w[b * n + a])) continue;
        if (--indeg[comp[b]] === 0) {
          const first = comps[comp[b]][0];
          ready[first] = 1;
          if (first < lowest) lowest = first;
        }
      }
    }
    if (lowest < scan) scan = lowest;
  }
  return order;
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
export function subsetDp(w: Float64Array, s: number, limits: Limits, work: Work): Int32Array | null {
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

/**
 * Best prefix cost seen per set of placed items (open addressing, the set itself stored as its
 * bit words, so a hit is exact, never a hash collision). Full → it stops remembering, which only
 * weakens pruning.
 */
class SetMemo {
  private readonly words: number;
  private readonly mask: number;
  private readonly keys: Uint32Array;
  private readonly costs: Float64Array;
  private readonly used: Uint8Array;
  private count = 0;
  constructor(s: number, capacity: number) {
    this.words = (s + 31) >>> 5;
    this.mask = capacity - 1;
    this.keys = new Uint32Array(capacity * this.words);
    this.costs = new Float64Array(capacity);
    this.used = new Uint8Array(capacity);
  }
  /** True when `set` was reached before at cost ≤ `cost` (prune); otherwise remembers `cost`. */
  seen(set: Uint32Array, hash: number, cost: number): boolean {
    const W = this.words;
    for (let slot = hash & this.mask, probes = 0; probes < 64; slot = (slot + 1) & this.mask, probes++) {
      if (!this.used[slot]) {
        if (this.count * 4 >= (this.mask + 1) * 3) return false;
        this.used[slot] = 1;
        this.count++;
        for (let k = 0; k < W; k++) this.keys[slot * W + k] = set[k];
        this.costs[slot] = cost;
        return false;
      }
      let same = true;
      for (let k = 0; k < W && same; k++) same = this.keys[slot * W + k] === set[k];
      if (!same) continue;
      if (this.costs[slot] <= cost) return true;
      this.costs[slot] = cost;
      return false;
    }
    return false;
  }
}

/**
 * Branch and bound over prefixes from an incumbent; complete = proven optimal. A node is a prefix;
 * its bound is the prefix cost plus the pairwise minimum among the items left (kept per item, so
 * O(1) per child). A prefix whose last item would be strictly cheaper somewhere earlier is cut:
 * the same set placed in a cheaper order has the same completions. For the same reason a prefix
 * whose set was reached before at no greater cost is cut (SetMemo).
 */
export function branchAndBound(w: Float64Array, s: number, incumbent: Int32Array, nodeCap: number, memoCapacity: number, limits: Limits, work: Work): { order: Int32Array; complete: boolean } {
  let bestOrder = Int32Array.from(incumbent);
  let bestCost = costOf(w, s, incumbent);
  const placed = new Uint8Array(s);
  const prefix = new Int32Array(s);
  // against[v]: votes of unplaced items over v (the cost of placing v next);
  // minSum[v]: Σ over unplaced u ≠ v of min(w_uv, w_vu) (what v takes out of the rest bound).
  const against = new Float64Array(s);
  const minSum = new Float64Array(s);
  const mins = new Float64Array(s * s);
  for (let v = 0; v < s; v++) {
    for (let u = 0; u < s; u++) {
      if (u === v) continue;
      against[v] += w[u * s + v];
      const m = Math.min(w[u * s + v], w[v * s + u]);
      mins[u * s + v] = m;
      minSum[v] += m;
    }
  }
  // Children buffers per depth (no allocation inside the search).
  const cand = new Int32Array(s * s);
  const set = new Uint32Array((s + 31) >>> 5);
  const zobrist = Int32Array.from({ length: s }, (_, v) => Math.imul(v + 1, 0x9e3779b1) ^ Math.imul(v + 7, 0x85ebca6b));
  const memo = new SetMemo(s, memoCapacity);
  const keys = new Float64Array(s * s);
  let nodes = 0;
  let aborted = false;
  const dfs = (depth: number, cost: number, rest: number, hash: number): void => {
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
    const base = depth * s;
    let k = 0;
    for (let v = 0; v < s; v++) {
      if (placed[v]) continue;
      const lb = cost + against[v] + rest - minSum[v];
      if (lb >= bestCost) continue;
      // Insertion dominance: moving v before prefix[t..] changes the prefix cost by
      // Σ (w[p][v] − w[v][p]) over those p; strictly negative → this prefix is not optimal for its set.
      let acc = 0;
      let dominated = false;
      for (let t = depth - 1; t >= 0; t--) {
        const q = prefix[t];
        acc += w[q * s + v] - w[v * s + q];
        if (acc < 0) {
          dominated = true;
          break;
        }
      }
      if (dominated) continue;
      // Insert by bound (cheapest first), index to break ties.
      let j = k++;
      while (j > 0 && (keys[base + j - 1] > lb || (keys[base + j - 1] === lb && cand[base + j - 1] > v))) {
        keys[base + j] = keys[base + j - 1];
        cand[base + j] = cand[base + j - 1];
        j--;
      }
      keys[base + j] = lb;
      cand[base + j] = v;
    }
    for (let c = 0; c < k; c++) {
      const v = cand[base + c];
      const add = against[v];
      const restV = rest - minSum[v];
      if (cost + add + restV >= bestCost) continue; // the incumbent may have improved
      set[v >>> 5] |= 1 << (v & 31);
      const h = (hash ^ zobrist[v]) >>> 0;
      if (depth + 1 < s && memo.seen(set, Math.imul(h, 0x27d4eb2d) >>> 7, cost + add)) {
        set[v >>> 5] &= ~(1 << (v & 31));
        continue;
      }
      placed[v] = 1;
      prefix[depth] = v;
      for (let u = 0; u < s; u++) {
        if (placed[u]) continue;
        against[u] -= w[v * s + u];
        minSum[u] -= mins[v * s + u];
      }
      dfs(depth + 1, cost + add, restV, h);
      for (let u = 0; u < s; u++) {
        if (placed[u]) continue;
        against[u] += w[v * s + u];
        minSum[u] += mins[v * s + u];
      }
      placed[v] = 0;
      set[v >>> 5] &= ~(1 << (v & 31));
      if (aborted) return;
    }
  };
  dfs(0, 0, pairMin(w, s), 0);
  work.nodes += nodes;
  return { order: bestOrder, complete: !aborted };
}

/** Solves a `rank` request synchronously. */
export function solveRank(req: SolveRequest<RankProblem>, signal?: CancelSignal): PermutationResult {
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
  let within = 0;
  const triangles: number[] = [];
  for (const items of comps) {
    const s = items.length;
    const w = subMatrix(p, items);
    let local: Int32Array;
    let exact = false;
    if (s <= 2) {
      local = s === 2 && w[1 * 2 + 0] > w[0 * 2 + 1] ? Int32Array.from([1, 0]) : Int32Array.from(s === 2 ? [0, 1] : [0]);
      exact = true;
    } else if (limits.stopped !== null) {
      local = copeland(w, s);
    } else if (s <= SMALL_DP) {
      const o = subsetDp(w, s, limits, work);
      local = o ?? copeland(w, s);
      exact = o !== null;
    } else {
      // Search first (so a deadline keeps a good order), then prove: branch and bound within its
      // node budget, the subset DP when that did not close and the component is small enough.
      local = localSearch(w, s, copeland(w, s), b, rng, limits, work);
      if (s <= b.bnbMaxN && limits.stopped === null) {
        const r = branchAndBound(w, s, local, b.bnbNodes, b.memo, limits, work);
        local = r.order;
        exact = r.complete;
        if (exact) usedBnb = true;
      }
      if (!exact && s <= b.dpMaxN && limits.stopped === null) {
        const o = subsetDp(w, s, limits, work);
        if (o !== null) {
          local = o;
          exact = true;
        }
      }
    }
    const minimum = pairMin(w, s);
    // The component's triangle packing (packing.ts): the certificate of its bound, and the bound
    // itself when the order is not proven.
    // Skipped once a limit stopped the solve (a deadline is not spent packing).
    const packed = limits.stopped === null ? packTriangles(w, s) : { triangles: [], units: 0 };
    for (let t = 0; t < packed.triangles.length; t += 4) {
      const [i, j, k, u] = packed.triangles.slice(t, t + 4);
      triangles.push(items[i], items[j], items[k], u / PACK_UNIT);
    }
    within += minimum;
    componentBounds += exact ? costOf(w, s, local) : minimum + Math.ceil(packed.units / PACK_UNIT);
    if (!exact) allExact = false;
    for (let k = 0; k < s; k++) answer[at++] = items[local[k]];
  }
  const objective = evaluateRank(p, answer);
  let proof: Proof = allExact && limits.stopped === null ? (usedBnb ? 'branch_and_bound' : 'dynamic_program') : null;
  // Cross pairs cost exactly their minima in this order; within components the bounds above.
  let bound: number | undefined;
  if (proof === null) {
    const all = pairwiseMinimum(p);
    bound = Math.max(all, all - within + componentBounds);
    // An order that meets the bound is optimal (integer votes: exact).
    if (bound >= objective && limits.stopped === null) {
      proof = 'branch_and_bound';
      bound = undefined;
    }
  }
  return {
    kind: 'permutation',
    answer,
    objective,
    proof,
    ...(bound !== undefined ? { bound: Math.min(bound, objective) } : {}),
    stoppedAtDeadline: limits.stopped !== null,
    triangles: Float64Array.from(triangles),
    work,
    engineMs: performance.now() - started,
  };
}
