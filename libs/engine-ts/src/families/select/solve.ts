/**
 * select: choose exactly k of m items maximising V(S) = Σ_{i∈S} a_i − Σ_{i<j∈S} R_ij.
 * This comment is the algorithm's specification; the native engine (core/select/solve.cc) follows it.
 *
 * Dispatch:
 *   1. k = m: every item (certified, 'exhaustive').
 *   2. R = null (no pair is penalised): the k largest affinities, ties to the lower index
 *      (certified by construction, 'exhaustive'), any m.
 *   3. C(m, k) <= enumerateMax: every k-subset in lexicographic order, the first strictly best
 *      kept ('exhaustive' when it finishes).
 *   4. Otherwise the swap tabu search below, then, when m <= bbMaxM, branch and bound seeded
 *      with its answer ('branch_and_bound' when it finishes within bbWork).
 * A deadline or cancel keeps the best k-subset so far (always exactly k distinct items).
 *
 * Gains: g[i] = a_i − Σ_{j∈S, j≠i} R_ij (R has a zero diagonal). For i ∉ S it is the gain of
 * adding i; for i ∈ S the loss of removing it. Swapping u ∈ S out and v ∉ S in changes V by
 * Δ(u, v) = g[v] − g[u] + R_uv, and then every g[j] += R_uj − R_vj (rows u and v, O(m)).
 *
 * Tabu search (moves counted over all phases; `mem` and `out` are the member and outsider
 * lists, swapped in place: mem[pos] = v, out[pos'] = u):
 *   start: greedy — k times add the outsider with the largest g (ties: lower index).
 *   move: if k·(m−k) <= fullScanPairs, every pair (u in mem order, v in out order) is scanned;
 *     a pair is admissible when tabuUntil[u] <= moves and tabuUntil[v] <= moves, or when
 *     V + Δ > bestV + eps (aspiration); the first strictly largest admissible Δ wins, and when
 *     none is admissible the first strictly largest Δ overall. Else candidate lists: the
 *     `candidates` non-tabu members with the smallest g and the `candidates` non-tabu
 *     outsiders with the largest g (ties: lower index; a list ignores tabu when it would be
 *     empty), all their pairs scanned in list order, first strictly largest Δ.
 *   after a swap: moves += 1; tabuUntil[u] = moves + tenureInBase + nextInt(tenureInSpan)
 *     (u may not re-enter), then tabuUntil[v] = moves + tenureOutBase + nextInt(tenureOutSpan).
 *   A phase ends after `stall` moves without beating its own best by eps; the next phase
 *   restarts from the global best (gains recomputed from scratch), applies p random swaps
 *   (u = mem[nextInt(k)], v = out[nextInt(m−k)]), clears tabu; p = perturbMin after a phase
 *   that improved the global best, else min(p + perturbStep, perturbMax).
 *   Limits are polled every 64 moves. eps = 1e-12·(1 + Σ|a| + Σ_{i<j}|R_ij|).
 *
 * Branch and bound: items are undecided, in or out. At a node with s items in, value V and
 * t = k − s still to choose, every undecided i has the optimistic contribution
 * ub_i = g[i] − ½·P_i(t − 1), where P_i(r) is the sum of the r smallest R_ij over all j ≠ i
 * (the pairs among the t future items cost at least ½ Σ_i P_i(t − 1)). The bound is V plus the
 * t largest ub_i (summed from the largest down); a node whose bound is <= best + eps is pruned.
 * Branch on the undecided item with the largest ub (ties: lower index): in first, then out.
 * When exactly t items are undecided they are all taken. Work += undecided items per node.
 */
import type { BinaryResult, CancelSignal, SolveRequest, Proof } from '../../base';
import type { SelectProblem } from './problem';
import { evaluateSelect } from './evaluate';
import { Prng } from '../../prng';
import { selectBudgetFor, type SelectBudget } from './budget';
import { Limits } from '../../kernels/model';

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

/** Lexicographic enumeration of every k-subset; the first strictly best one is kept. */
function enumerateSubsets(p: SelectProblem, limits: Limits): { chosen: Uint8Array; complete: boolean; leaves: number } {
  const m = p.n;
  const k = p.k;
  const a = p.affinity;
  const R = p.redundancy as Float64Array;
  const c = new Int32Array(k);
  const bestC = new Int32Array(k);
  let best = -Infinity;
  let leaves = 0;
  let stopped = false;
  const dfs = (from: number, depth: number, value: number): void => {
    if (depth === k) {
      leaves++;
      if (value > best) {
        best = value;
        bestC.set(c);
      }
      if ((leaves & 4095) === 0 && limits.check()) stopped = true;
      return;
    }
    const last = m - (k - depth);
    for (let i = from; i <= last && !stopped; i++) {
      let add = a[i];
      for (let t = 0; t < depth; t++) add -= R[c[t] * m + i];
      c[depth] = i;
      dfs(i + 1, depth + 1, value + add);
    }
  };
  if (limits.check()) stopped = true;
  if (stopped) {
    // Stopped before the first subset: the first k items.
    for (let t = 0; t < k; t++) bestC[t] = t;
  } else {
    dfs(0, 0, 0);
  }
  const chosen = new Uint8Array(m);
  for (let t = 0; t < k; t++) chosen[bestC[t]] = 1;
  return { chosen, complete: !stopped, leaves };
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

// ---------------------------------------------------------------------------------------------
// Tabu search

interface TabuOutcome {
  readonly chosen: Uint8Array;
  readonly moves: number;
  readonly phases: number;
}

function selectTabu(p: SelectProblem, b: SelectBudget, rng: Prng, limits: Limits, eps: number): TabuOutcome {
  const m = p.n;
  const k = p.k;
  const a = p.affinity;
  const R = p.redundancy as Float64Array;
  const outN = m - k;
  const g = new Float64Array(m);
  const inS = new Uint8Array(m);
  const mem = new Int32Array(k);
  const out = new Int32Array(outN);
  const pos = new Int32Array(m);
  let V = 0;

  // Greedy start.
  g.set(a);
  for (let t = 0; t < k; t++) {
    let v = -1;
    let bv = -Infinity;
    for (let i = 0; i < m; i++) if (inS[i] === 0 && g[i] > bv) { bv = g[i]; v = i; }
    if (v < 0) for (let i = 0; i < m; i++) if (inS[i] === 0) { v = i; break; }
    V += g[v];
    inS[v] = 1;
    const row = v * m;
    for (let j = 0; j < m; j++) g[j] -= R[row + j];
  }
  const rebuildLists = (): void => {
    let s = 0;
    let o = 0;
    for (let i = 0; i < m; i++) {
      if (inS[i] !== 0) { pos[i] = s; mem[s++] = i; } else { pos[i] = o; out[o++] = i; }
    }
  };
  rebuildLists();

  const swap = (u: number, v: number, delta: number): void => {
    V += delta;
    const ru = u * m;
    const rv = v * m;
    for (let j = 0; j < m; j++) g[j] += R[ru + j] - R[rv + j];
    inS[u] = 0;
    inS[v] = 1;
    const pu = pos[u];
    const pv = pos[v];
    mem[pu] = v;
    pos[v] = pu;
    out[pv] = u;
    pos[u] = pv;
  };

  const best = new Uint8Array(inS);
  let bestV = V;
  const tabuUntil = new Int32Array(m);
  const L = b.candidates;
  const full = k * outN <= b.fullScanPairs;
  const candOut = new Int32Array(L);
  const candIn = new Int32Array(L);
  let moves = 0;
  let phases = 0;
  let strength = b.perturbMin;
  if (limits.check()) return { chosen: best, moves, phases };

  while (moves < b.tabuMoves) {
    phases++;
    let phaseBest = V;
    let since = 0;
    let improvedGlobal = false;
    while (since < b.stall && moves < b.tabuMoves) {
      if ((moves & 63) === 0 && moves > 0 && limits.check()) break;
      let bu = -1;
      let bv = -1;
      let bd = -Infinity;
      if (full) {
        let fu = -1;
        let fv = -1;
        let fd = -Infinity;
        const aspire = bestV + eps - V;
        for (let s = 0; s < k; s++) {
          const u = mem[s];
          const gu = g[u];
          const ru = u * m;
          const uFree = tabuUntil[u] <= moves;
          for (let o = 0; o < outN; o++) {
            const v = out[o];
            const d = g[v] - gu + R[ru + v];
            if (d > fd) { fd = d; fu = u; fv = v; }
            if (d > bd && ((uFree && tabuUntil[v] <= moves) || d > aspire)) { bd = d; bu = u; bv = v; }
          }
        }
        if (bu < 0) { bu = fu; bv = fv; bd = fd; }
      } else {
        let no = pickCandidates(mem, g, tabuUntil, moves, L, candOut, true, false);
        if (no === 0) no = pickCandidates(mem, g, tabuUntil, moves, L, candOut, true, true);
        let ni = pickCandidates(out, g, tabuUntil, moves, L, candIn, false, false);
        if (ni === 0) ni = pickCandidates(out, g, tabuUntil, moves, L, candIn, false, true);
        for (let s = 0; s < no; s++) {
          const u = candOut[s];
          const gu = g[u];
          const ru = u * m;
          for (let o = 0; o < ni; o++) {
            const v = candIn[o];
            const d = g[v] - gu + R[ru + v];
            if (d > bd) { bd = d; bu = u; bv = v; }
          }
        }
      }
      swap(bu, bv, bd);
      moves++;
      tabuUntil[bu] = moves + b.tenureInBase + rng.nextInt(b.tenureInSpan);
      tabuUntil[bv] = moves + b.tenureOutBase + rng.nextInt(b.tenureOutSpan);
      if (V > phaseBest + eps) {
        phaseBest = V;
        since = 0;
        if (V > bestV + eps) {
          bestV = V;
          best.set(inS);
          improvedGlobal = true;
        }
      } else {
        since++;
      }
    }
    if (limits.stopped !== null || moves >= b.tabuMoves) break;
    strength = improvedGlobal ? b.perturbMin : Math.min(strength + b.perturbStep, b.perturbMax);
    // Restart from the global best, gains from scratch (this also bounds float drift).
    inS.set(best);
    g.set(a);
    for (let i = 0; i < m; i++) {
      if (inS[i] === 0) continue;
      const row = i * m;
      for (let j = 0; j < m; j++) g[j] -= R[row + j];
    }
    V = 0;
    for (let i = 0; i < m; i++) if (inS[i] !== 0) V += a[i] + g[i];
    V *= 0.5;
    rebuildLists();
    for (let t = 0; t < strength; t++) {
      const u = mem[rng.nextInt(k)];
      const v = out[rng.nextInt(outN)];
      swap(u, v, g[v] - g[u] + R[u * m + v]);
    }
    tabuUntil.fill(0);
  }
  return { chosen: best, moves, phases };
}

/**
 * Up to L non-tabu entries of `list` (all when `ignoreTabu`) with the smallest g (`smallest`)
 * or the largest, ties to the lower index, written sorted into `into`; returns the count.
 */
function pickCandidates(
  list: Int32Array, g: Float64Array, tabuUntil: Int32Array, moves: number, L: number,
  into: Int32Array, smallest: boolean, ignoreTabu: boolean,
): number {
  let cnt = 0;
  for (let s = 0; s < list.length; s++) {
    const i = list[s];
    if (!ignoreTabu && tabuUntil[i] > moves) continue;
    const key = smallest ? g[i] : -g[i];
    // Insertion into the sorted prefix (key, then index); drop past L.
    let q = cnt < L ? cnt : L - 1;
    if (cnt === L) {
      const last = into[L - 1];
      const lk = smallest ? g[last] : -g[last];
      if (key > lk || (key === lk && i > last)) continue;
    } else {
      cnt++;
    }
    while (q > 0) {
      const prev = into[q - 1];
      const pk = smallest ? g[prev] : -g[prev];
      if (pk < key || (pk === key && prev < i)) break;
      into[q] = prev;
      q--;
    }
    into[q] = i;
  }
  return cnt;
}

// ---------------------------------------------------------------------------------------------
// Branch and bound

interface BnbOutcome {
  readonly chosen: Uint8Array;
  readonly complete: boolean;
  readonly nodes: number;
  readonly rootBound: number;
}

function selectBranchAndBound(
  p: SelectProblem, incumbent: Uint8Array, incumbentValue: number, workCap: number, limits: Limits, eps: number,
): BnbOutcome {
  const m = p.n;
  const k = p.k;
  const a = p.affinity;
  const R = p.redundancy as Float64Array;
  // P[i·k + r] = sum of the r smallest R_ij over j ≠ i, r = 0..k−1.
  const P = new Float64Array(m * k);
  const row = new Float64Array(m - 1);
  for (let i = 0; i < m; i++) {
    let q = 0;
    for (let j = 0; j < m; j++) if (j !== i) row[q++] = R[i * m + j];
    row.sort();
    let s = 0;
    P[i * k] = 0;
    for (let r = 1; r < k; r++) {
      s += row[r - 1];
      P[i * k + r] = s;
    }
  }
  const status = new Uint8Array(m); // 0 undecided, 1 in, 2 out
  const g = new Float64Array(a);
  const scratch = new Float64Array(m);
  const best = Uint8Array.from(incumbent);
  let bestV = incumbentValue;
  let work = 0;
  let nodes = 0;
  let aborted = false;
  let rootBound = Infinity;

  const node = (V: number, s: number, undecided: number): void => {
    nodes++;
    work += undecided;
    if (work > workCap) { aborted = true; return; }
    if ((nodes & 1023) === 0 && limits.check()) { aborted = true; return; }
    const t = k - s;
    if (t === 0) {
      if (V > bestV + eps) record(V);
      return;
    }
    if (undecided < t) return;
    if (undecided === t) {
      // Take every undecided item: the exact value of that completion.
      let v = V;
      for (let i = 0; i < m; i++) {
        if (status[i] !== 0) continue;
        v += g[i];
        for (let j = i + 1; j < m; j++) if (status[j] === 0) v -= R[i * m + j];
      }
      if (v > bestV + eps) {
        for (let i = 0; i < m; i++) if (status[i] === 0) status[i] = 3;
        record(v);
        for (let i = 0; i < m; i++) if (status[i] === 3) status[i] = 0;
      }
      return;
    }
    let u = 0;
    let b = -1;
    let bu = -Infinity;
    const off = t - 1;
    for (let i = 0; i < m; i++) {
      if (status[i] !== 0) continue;
      const x = g[i] - 0.5 * P[i * k + off];
      scratch[u++] = x;
      if (x > bu) { bu = x; b = i; }
    }
    const part = scratch.subarray(0, u);
    part.sort();
    let bound = V;
    for (let q = u - 1; q >= u - t; q--) bound += part[q];
    if (nodes === 1) rootBound = bound;
    if (bound <= bestV + eps) return;
    // In.
    const gb = g[b];
    status[b] = 1;
    const rb = b * m;
    for (let j = 0; j < m; j++) if (status[j] === 0) g[j] -= R[rb + j];
    node(V + gb, s + 1, undecided - 1);
    for (let j = 0; j < m; j++) if (status[j] === 0) g[j] += R[rb + j];
    if (aborted) { status[b] = 0; return; }
    // Out.
    status[b] = 2;
    node(V, s, undecided - 1);
    status[b] = 0;
  };
  const record = (v: number): void => {
    bestV = v;
    for (let i = 0; i < m; i++) best[i] = status[i] === 1 || status[i] === 3 ? 1 : 0;
  };
  node(0, 0, m);
  if (rootBound === Infinity) rootBound = bestV;
  return { chosen: best, complete: !aborted, nodes, rootBound };
}
