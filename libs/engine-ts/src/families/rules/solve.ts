/**
 * rules: minimise (violated rules, objective) lexicographically over x ∈ {0,1}^n.
 * This comment is the algorithm's specification; the native engine (core/rules/solve.cc) follows it.
 *
 * Encoding. Every rule is a counting rule over literals (x_v, or 1 − x_v when negated): it holds
 * iff T, the number of true literals, lies in [lo, hi]:
 *   choose_one [1,1] · choose_exactly [k,k] · mutual_exclusion [0,1] · capacity_limit [0,k] ·
 *   force_true [|N|,|N|] · force_false [0,0] · requires a→b: (¬a, b) in [1,2] ·
 *   identical a=b: (a, ¬b) in [1,1] · different a≠b: (a, b) in [1,1].
 * `occ(v)` lists v's (rule, negated) pairs by rule index.
 *
 * Dispatch, searchFirst (model 2026-11-21 on): the tabu search runs its whole budget
 * (tabuMoves) and branch and bound runs from its answer; when it finishes within bbSteps it
 * proves its result ('branch_and_bound'), else its best assignment (never worse than the tabu
 * answer) is kept. A deadline therefore cuts the proof, never the search.
 * Dispatch, not searchFirst (model 2026-11-01): a first tabu run of min(tabuMoves,
 * max(1000, 10·n)) moves gives an incumbent; branch and bound runs from it and, when it finishes
 * within bbSteps, proves it. Otherwise the tabu search resumes from the best assignment so far
 * with the remaining moves (same generator) and the lexicographically better of the two is kept.
 * Violations and energy of the answer are recomputed by the independent evaluator.
 *
 * Penalty tabu search with breakout weights. Rule r costs wt_r·dev_r(T), dev = 0 inside
 * [lo, hi], else 1 + the distance to it (being violated counts, and so does how far).
 * Score S = Σ_r wt_r·dev_r + E(x); every weight starts at P = 1 + max_i (|h_i| + Σ_j |w_ij|)
 * (one unit of violation outweighs any single flip's change of the objective).
 * delta[v] = pen[v] + (x_v ? −f_v : f_v) with f_v = h_v + Σ_j w_vj x_j and pen[v] = Σ over
 * occ(v) of wt_r·cT(T) when v's literal is true, else wt_r·cF(T), where
 * cT(T) = dev(T − 1) − dev(T) and cF(T) = dev(T + 1) − dev(T). Flipping v updates T of its
 * rules; when (cT, cF) of a rule changes every member's pen changes, else only v's.
 * One move (moves = moves made so far in this run):
 *   1. r = nextInt(n); v = select(r): the first i in cyclic order r, r+1, …, n−1, 0, …, r−1
 *      with the smallest delta[i] among i with tabuUntil[i] <= moves or
 *      delta[i] < bestS − S (aspiration; bestS = lowest S since the weights last changed).
 *   2. If some rule is violated and (no i is admissible or delta[v] >= 0): breakout — the
 *      weight of every violated rule grows by P when at most 32 are violated, else that of 32
 *      drawn by vList[nextInt(V)] (the violated list in its swap-remove order); then bestS = S
 *      and v = select(r) again.
 *   3. v = r if still none; flip v; moves += 1; tabuUntil[v] = moves + tenureBase +
 *      nextInt(tenureSpan).
 *   4. The global best is the lexicographically smallest (violations, E − epsE) seen; the phase
 *      improves on the same comparison against its own best.
 * Start: x_i = 1 iff h_i < 0 (or the given start). A phase ends after `stall` moves without
 * improving; the next starts from the global best with k random flips (partial Fisher–Yates
 * over 0..n−1, k = perturbMin after a phase that improved the global best, else
 * min(k + perturbStep, perturbMax)), every weight back to P, tabu cleared, everything
 * recomputed from scratch. A run stops after its moves, or as soon as the best has no violation
 * and E <= Σ min(0, h_i) + Σ min(0, w_ij) + epsE (nothing can beat it).
 * Limits are polled before the first move and whenever moves % 1024 = 0.
 *
 * Branch and bound (DFS over a static order: more occurrences + objective degree first, ties
 * to the lower index; the incumbent's value tried first). V = rules already violated (T > hi
 * or T + unassigned < lo). With the incumbent (V*, E*): a node with V > V* is pruned; at
 * V = V* every rule is hard, so unit propagation runs (T = hi forces the remaining literals
 * false, T + unassigned = lo forces them true; a new violation is a conflict) and the node is
 * pruned when the objective bound is >= E* − epsE. The bound is fixed energy plus, over
 * unassigned i, min(0, eff_i + Σ_{j>i unassigned} min(0, w_ij)) with eff_i = h_i + Σ_{j
 * assigned 1} w_ij. Rules touched while V < V* wait on a stack until the node turns hard.
 * A leaf replaces the incumbent when (V, E) < (V*, E* − epsE). Steps = assignments.
 */
import type { CancelSignal, SolveRequest } from '../../base';
import type { RulesProblem, RulesResult } from './problem';
import { toCsr, type Csr } from '../../csr';
import { RULE_CODE } from './canonical';
import { evaluateRules } from './evaluate';
import { Prng } from '../../prng';
import { rulesBudgetFor, rulesSizeOf, type RulesBudget } from './budget';
import { BestTracker } from '../../kernels/flip-state';
import { Limits } from '../../kernels/model';
import { selectByScan } from '../../kernels/move-scan';
import { TreeSelector } from '../../kernels/tree-selector';

/** The counting-rule form shared by both searches. */
export interface RulesEncoding {
  readonly n: number;
  readonly rules: number;
  readonly lo: Int32Array;
  readonly hi: Int32Array;
  /** Literal lists: rule r owns litVar/litNeg[litStart[r] .. litStart[r+1]). */
  readonly litStart: Int32Array;
  readonly litVar: Int32Array;
  readonly litNeg: Uint8Array;
  /** Occurrences: v owns occRule/occNeg[occStart[v] .. occStart[v+1]), by rule index. */
  readonly occStart: Int32Array;
  readonly occRule: Int32Array;
  readonly occNeg: Uint8Array;
  readonly h: Float64Array;
  readonly adj: Csr;
}

/** Solves a rules request synchronously. */
export function solveRules(req: SolveRequest<RulesProblem>, signal?: CancelSignal): RulesResult {
  const started = performance.now();
  const p = req.problem;
  if (req.command !== 'rules' || p.kind !== 'rules') throw new Error('rules needs a rules problem');
  const deadlineAt = req.deadlineMs !== undefined && req.deadlineMs > 0 ? started + req.deadlineMs : Infinity;
  const limits = new Limits(signal?.flag ?? null, deadlineAt);
  const enc = encodeRules(p);
  const budget = rulesBudgetFor(req.effort, rulesSizeOf(p), req.model);
  const epsE = epsilonFor(enc);

  // A short tabu run gives the incumbent, branch and bound tries to prove it, and when it cannot
  // the tabu search resumes from the best assignment with the rest of its moves.
  const rng = new Prng(req.seed);
  const firstMoves = budget.searchFirst ? budget.tabuMoves : Math.min(budget.tabuMoves, Math.max(1000, 10 * p.n));
  const a = rulesTabu(enc, budget, firstMoves, rng, limits, epsE, null);
  let x = a.x;
  const work = { iterations: a.moves, nodes: 0, restarts: Math.max(0, a.phases - 1) };
  let complete = false;
  if (limits.stopped === null) {
    const s = evaluateRules(p, x);
    const b = rulesBranchAndBound(enc, x, s.violations, s.energy, budget.bbSteps, limits, epsE);
    x = b.x;
    complete = b.complete;
    work.nodes = b.steps;
    const rest = budget.tabuMoves - a.moves;
    if (!budget.searchFirst && !complete && limits.stopped === null && rest > 0) {
      const c = rulesTabu(enc, budget, rest, rng, limits, epsE, x);
      work.iterations += c.moves;
      work.restarts += c.phases;
      const sc = evaluateRules(p, c.x);
      const sx = evaluateRules(p, x);
      if (sc.violations < sx.violations || (sc.violations === sx.violations && sc.energy < sx.energy)) x = c.x;
    }
  }
  const score = evaluateRules(p, x);
  return {
    kind: 'rules',
    answer: x,
    objective: score.energy,
    violations: score.violations,
    proof: complete ? 'branch_and_bound' : null,
    stoppedAtDeadline: limits.stopped !== null,
    work,
    engineMs: performance.now() - started,
  };
}

/** Counting-rule encoding of a canonical rules problem, O(n + Σ|nodes| + pairs). */
export function encodeRules(p: RulesProblem): RulesEncoding {
  const n = p.n;
  const { type, k, start, nodes } = p.rules;
  const R = type.length;
  if (start.length !== R + 1 || k.length !== R || start[R] !== nodes.length) throw new Error('malformed rule list');
  const lo = new Int32Array(R);
  const hi = new Int32Array(R);
  const litNeg = new Uint8Array(nodes.length);
  for (let r = 0; r < R; r++) {
    const size = start[r + 1] - start[r];
    const s = start[r];
    switch (type[r]) {
      case RULE_CODE.choose_one: lo[r] = 1; hi[r] = 1; break;
      case RULE_CODE.choose_exactly: lo[r] = k[r]; hi[r] = k[r]; break;
      case RULE_CODE.mutual_exclusion: lo[r] = 0; hi[r] = 1; break;
      case RULE_CODE.capacity_limit: lo[r] = 0; hi[r] = k[r]; break;
      case RULE_CODE.force_true: lo[r] = size; hi[r] = size; break;
      case RULE_CODE.force_false: lo[r] = 0; hi[r] = 0; break;
      case RULE_CODE.requires: lo[r] = 1; hi[r] = 2; litNeg[s] = 1; break;
      case RULE_CODE.identical: lo[r] = 1; hi[r] = 1; litNeg[s + 1] = 1; break;
      case RULE_CODE.different: lo[r] = 1; hi[r] = 1; break;
      default: throw new Error(`unknown rule type code ${type[r]}`);
    }
    if ((type[r] === RULE_CODE.requires || type[r] === RULE_CODE.identical || type[r] === RULE_CODE.different) && size !== 2) {
      throw new Error(`rule ${r} needs exactly 2 nodes`);
    }
  }
  const occStart = new Int32Array(n + 1);
  for (let q = 0; q < nodes.length; q++) {
    const v = nodes[q];
    if (!(v >= 0 && v < n)) throw new Error(`rule node ${v} is outside 0..${n - 1}`);
    occStart[v + 1]++;
  }
  for (let v = 0; v < n; v++) occStart[v + 1] += occStart[v];
  const fill = occStart.slice(0, n);
  const occRule = new Int32Array(nodes.length);
  const occNeg = new Uint8Array(nodes.length);
  for (let r = 0; r < R; r++) {
    for (let q = start[r]; q < start[r + 1]; q++) {
      const at = fill[nodes[q]]++;
      occRule[at] = r;
      occNeg[at] = litNeg[q];
    }
  }
  return {
    n, rules: R, lo, hi, litStart: start, litVar: nodes, litNeg, occStart, occRule, occNeg,
    h: p.linear, adj: toCsr(n, p.pairs),
  };
}

function epsilonFor(enc: RulesEncoding): number {
  let s = 0;
  for (let i = 0; i < enc.n; i++) s += Math.abs(enc.h[i]);
  for (let q = 0; q < enc.adj.weights.length; q++) s += Math.abs(enc.adj.weights[q]) / 2;
  return 1e-12 * (1 + s);
}

// ---------------------------------------------------------------------------------------------
// Penalty tabu search

/** Most rules a breakout step reweighs (it costs Σ their sizes). */
const BUMP_MAX = 32;

interface TabuOutcome {
  readonly x: Uint8Array;
  readonly moves: number;
  readonly phases: number;
}

/** The penalty tabu search: at most `maxMoves` moves from `start` (null: x_i = 1 iff h_i < 0). */
export function rulesTabu(
  enc: RulesEncoding, b: RulesBudget, maxMoves: number, rng: Prng, limits: Limits, epsE: number, start: Uint8Array | null,
): TabuOutcome {
  const { n, lo, hi, litStart, litVar, litNeg, occStart, occRule, occNeg, h } = enc;
  const R = enc.rules;
  const { offsets, neighbours, weights } = enc.adj;
  let P = 0;
  let lowest = 0;
  for (let i = 0; i < n; i++) {
    let s = Math.abs(h[i]);
    if (h[i] < 0) lowest += h[i];
    for (let q = offsets[i]; q < offsets[i + 1]; q++) {
      s += Math.abs(weights[q]);
      if (neighbours[q] > i && weights[q] < 0) lowest += weights[q];
    }
    if (s > P) P = s;
  }
  P += 1;

  const x = new Uint8Array(n);
  if (start !== null) x.set(start);
  else for (let i = 0; i < n; i++) x[i] = h[i] < 0 ? 1 : 0;
  const T = new Int32Array(R);
  const wt = new Float64Array(R).fill(P);
  const pen = new Float64Array(n);
  const f = new Float64Array(n);
  const delta = new Float64Array(n);
  // The violated rules as an unordered list with positions (O(1) insert and delete).
  const vList = new Int32Array(R);
  const vPos = new Int32Array(R).fill(-1);
  let V = 0;
  let E = 0;
  let S = 0;
  // Penalty of rule r at count t, in units of its weight: 1 for being violated plus the distance.
  const dev = (t: number, r: number): number => (t < lo[r] ? 1 + lo[r] - t : t > hi[r] ? 1 + t - hi[r] : 0);
  const cT = (t: number, r: number): number => dev(t - 1, r) - dev(t, r);
  const cF = (t: number, r: number): number => dev(t + 1, r) - dev(t, r);
  const setBad = (r: number, isBad: boolean): void => {
    if (isBad === (vPos[r] >= 0)) return;
    if (isBad) {
      vPos[r] = V;
      vList[V++] = r;
    } else {
      const at = vPos[r];
      const last = vList[--V];
      vList[at] = last;
      vPos[last] = at;
      vPos[r] = -1;
    }
  };

  const sel = b.useTrees ? new TreeSelector(n, b.tenureBase + b.tenureSpan + 1) : null;
  const refresh = (u: number): void => {
    const d = pen[u] + (x[u] !== 0 ? -f[u] : f[u]);
    delta[u] = d;
    sel?.update(u, d);
  };
  const recompute = (): void => {
    for (let q = 0; q < V; q++) vPos[vList[q]] = -1;
    V = 0;
    S = 0;
    for (let r = 0; r < R; r++) {
      let t = 0;
      for (let q = litStart[r]; q < litStart[r + 1]; q++) t += x[litVar[q]] ^ litNeg[q];
      T[r] = t;
      setBad(r, t < lo[r] || t > hi[r]);
      S += wt[r] * dev(t, r);
    }
    E = 0;
    for (let i = 0; i < n; i++) {
      let fi = h[i];
      for (let q = offsets[i]; q < offsets[i + 1]; q++) if (x[neighbours[q]] !== 0) fi += weights[q];
      f[i] = fi;
      let pi = 0;
      for (let q = occStart[i]; q < occStart[i + 1]; q++) {
        const r = occRule[q];
        pi += wt[r] * ((x[i] ^ occNeg[q]) !== 0 ? cT(T[r], r) : cF(T[r], r));
      }
      pen[i] = pi;
      delta[i] = pi + (x[i] !== 0 ? -fi : fi);
    }
    // E = Σ h_i x_i + Σ_{i<j} w_ij x_i x_j = Σ_{x_i=1} (h_i + f_i) / 2.
    for (let i = 0; i < n; i++) if (x[i] !== 0) E += (h[i] + f[i]) / 2;
    S += E;
  };
  const flip = (v: number): void => {
    S += delta[v];
    const oldX = x[v];
    x[v] = oldX ^ 1;
    E += oldX !== 0 ? -f[v] : f[v];
    for (let q = occStart[v]; q < occStart[v + 1]; q++) {
      const r = occRule[q];
      const wasTrue = (oldX ^ occNeg[q]) !== 0;
      const told = T[r];
      const tnew = wasTrue ? told - 1 : told + 1;
      T[r] = tnew;
      setBad(r, tnew < lo[r] || tnew > hi[r]);
      const ctO = cT(told, r);
      const cfO = cF(told, r);
      const ctN = cT(tnew, r);
      const cfN = cF(tnew, r);
      const w = wt[r];
      pen[v] += w * ((wasTrue ? cfN : ctN) - (wasTrue ? ctO : cfO));
      if (ctO !== ctN || cfO !== cfN) {
        for (let s = litStart[r]; s < litStart[r + 1]; s++) {
          const u = litVar[s];
          if (u === v) continue;
          pen[u] += w * ((x[u] ^ litNeg[s]) !== 0 ? ctN - ctO : cfN - cfO);
          refresh(u);
        }
      }
    }
    refresh(v);
    const sgn = oldX !== 0 ? -1 : 1;
    for (let q = offsets[v]; q < offsets[v + 1]; q++) {
      const u = neighbours[q];
      f[u] += sgn * weights[q];
      refresh(u);
    }
  };
  // Breakout: violated rules weigh P more (their members' penalties follow) — all of them when
  // at most BUMP_MAX are violated, else BUMP_MAX drawn at random (repeats allowed).
  const bump = (): void => {
    const all = V <= BUMP_MAX;
    const count = all ? V : BUMP_MAX;
    for (let q = 0; q < count; q++) {
      const r = all ? vList[q] : vList[rng.nextInt(V)];
      wt[r] += P;
      const t = T[r];
      S += P * dev(t, r);
      const ct = P * cT(t, r);
      const cf = P * cF(t, r);
      for (let s = litStart[r]; s < litStart[r + 1]; s++) {
        const u = litVar[s];
        pen[u] += (x[u] ^ litNeg[s]) !== 0 ? ct : cf;
        refresh(u);
      }
    }
  };
  const select = (r: number, aspire: number, moves: number, tabuUntil: Int32Array): number => {
    if (sel !== null) {
      sel.expire(moves, delta);
      return sel.select(r, aspire);
    }
    return selectByScan(delta, tabuUntil, r, moves, aspire);
  };

  recompute();
  const tabuUntil = new Int32Array(n);
  sel?.reset(delta);
  // best.energy is the objective E of the best assignment.
  const best = new BestTracker(x, E);
  let bestV = V;
  // Aspiration threshold: the lowest score since the weights last changed.
  let bestS = S;
  let moves = 0;
  let phases = 0;
  let k = b.perturbMin;
  const done = (): boolean => bestV === 0 && best.energy <= lowest + epsE;
  if (limits.check() || done()) return { x: best.materialize(x), moves, phases };

  while (moves < maxMoves) {
    phases++;
    let phaseV = V;
    let phaseE = E;
    let since = 0;
    let improvedGlobal = false;
    while (since < b.stall && moves < maxMoves) {
      if ((moves & 1023) === 0 && moves > 0 && limits.check()) break;
      const r = rng.nextInt(n);
      let v = select(r, bestS - S, moves, tabuUntil);
      if (V > 0 && (v < 0 || delta[v] >= 0)) {
        bump();
        bestS = S;
        v = select(r, bestS - S, moves, tabuUntil);
      }
      if (v < 0) v = r;
      flip(v);
      best.moved(v, x);
      moves++;
      tabuUntil[v] = moves + b.tenureBase + rng.nextInt(b.tenureSpan);
      sel?.makeTabu(v, tabuUntil[v], delta[v]);
      if (S < bestS) bestS = S;
      if (V < bestV || (V === bestV && E < best.energy - epsE)) {
        bestV = V;
        best.improve(E);
        improvedGlobal = true;
        if (done()) break;
      }
      if (V < phaseV || (V === phaseV && E < phaseE - epsE)) {
        phaseV = V;
        phaseE = E;
        since = 0;
      } else {
        since++;
      }
    }
    if (limits.stopped !== null || moves >= maxMoves || done()) break;
    k = improvedGlobal ? b.perturbMin : Math.min(k + b.perturbStep, b.perturbMax);
    x.set(best.materialize(x));
    perturb(x, k, rng);
    // Every phase starts from uniform weights, so the objective matters again.
    wt.fill(P);
    recompute();
    bestS = S;
    tabuUntil.fill(0);
    sel?.reset(delta);
  }
  return { x: Uint8Array.from(best.materialize(x)), moves, phases };
}

/** Flip k distinct variables chosen by a partial Fisher–Yates over 0..n−1. */
function perturb(x: Uint8Array, k: number, rng: Prng): void {
  const n = x.length;
  const kk = Math.min(k, n);
  const idx = new Int32Array(n);
  for (let i = 0; i < n; i++) idx[i] = i;
  for (let t = 0; t < kk; t++) {
    const j = t + rng.nextInt(n - t);
    const tmp = idx[t];
    idx[t] = idx[j];
    idx[j] = tmp;
    x[idx[t]] ^= 1;
  }
}

// ---------------------------------------------------------------------------------------------
// Branch and bound

interface BnbOutcome {
  readonly x: Uint8Array;
  readonly complete: boolean;
  readonly steps: number;
}

export function rulesBranchAndBound(
  enc: RulesEncoding, incumbent: Uint8Array, incumbentV: number, incumbentE: number,
  stepCap: number, limits: Limits, epsE: number,
): BnbOutcome {
  const { n, lo, hi, litStart, litVar, litNeg, occStart, occRule, occNeg, h } = enc;
  const R = enc.rules;
  const { offsets, neighbours, weights } = enc.adj;

  // Static order: occurrences + objective degree, descending; ties to the lower index.
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  const act = (i: number): number => occStart[i + 1] - occStart[i] + offsets[i + 1] - offsets[i];
  order.sort((a, b) => act(b) - act(a) || a - b);

  const val = new Int8Array(n).fill(-1);
  const Tt = new Int32Array(R);
  const Ff = new Int32Array(R);
  const eff = new Float64Array(h);
  const nu = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let q = offsets[i]; q < offsets[i + 1]; q++) if (neighbours[q] > i && weights[q] < 0) s += weights[q];
    nu[i] = s;
  }
  let lbSum = 0;
  for (let i = 0; i < n; i++) lbSum += Math.min(0, eff[i] + nu[i]);
  let fixedE = 0;
  let V = 0;
  const size = (r: number): number => litStart[r + 1] - litStart[r];
  const violated = (r: number): number => (Tt[r] > hi[r] || Tt[r] + (size(r) - Tt[r] - Ff[r]) < lo[r] ? 1 : 0);
  for (let r = 0; r < R; r++) V += violated(r);

  // Trails: assigned variables, per-assignment saved (lbSum, fixedE, objective-trail mark).
  const stack = new Int32Array(n);
  const savedLb = new Float64Array(n);
  const savedFixed = new Float64Array(n);
  const objMark = new Int32Array(n);
  let depth = 0;
  const objTrailCap = 2 * weights.length + 1;
  const trU = new Int32Array(objTrailCap);
  const trEff = new Float64Array(objTrailCap);
  const trNu = new Float64Array(objTrailCap);
  let trLen = 0;
  // Rules waiting for propagation: the stack holds at most one push per literal on a path.
  const pend = new Int32Array(litVar.length + R);
  let pendLen = 0;
  let pendDone = 0;
  for (let r = 0; r < R; r++) pend[pendLen++] = r;

  const best = Uint8Array.from(incumbent);
  let bestV = incumbentV;
  let bestE = incumbentE;
  let steps = 0;
  let aborted = false;

  const assign = (v: number, value: number): void => {
    steps++;
    val[v] = value;
    stack[depth] = v;
    savedLb[depth] = lbSum;
    savedFixed[depth] = fixedE;
    objMark[depth] = trLen;
    depth++;
    for (let q = occStart[v]; q < occStart[v + 1]; q++) {
      const r = occRule[q];
      const before = violated(r);
      if ((value ^ occNeg[q]) !== 0) Tt[r]++;
      else Ff[r]++;
      V += violated(r) - before;
      pend[pendLen++] = r;
    }
    lbSum -= Math.min(0, eff[v] + nu[v]);
    if (value === 1) fixedE += eff[v];
    for (let q = offsets[v]; q < offsets[v + 1]; q++) {
      const u = neighbours[q];
      if (val[u] >= 0) continue;
      const w = weights[q];
      const old = Math.min(0, eff[u] + nu[u]);
      trU[trLen] = u;
      trEff[trLen] = eff[u];
      trNu[trLen] = nu[u];
      trLen++;
      if (u < v && w < 0) nu[u] -= w;
      if (value === 1) eff[u] += w;
      lbSum += Math.min(0, eff[u] + nu[u]) - old;
    }
  };
  const unassignTo = (mark: number): void => {
    while (depth > mark) {
      depth--;
      const v = stack[depth];
      const value = val[v];
      while (trLen > objMark[depth]) {
        trLen--;
        const u = trU[trLen];
        eff[u] = trEff[trLen];
        nu[u] = trNu[trLen];
      }
      lbSum = savedLb[depth];
      fixedE = savedFixed[depth];
      for (let q = occStart[v]; q < occStart[v + 1]; q++) {
        const r = occRule[q];
        const before = violated(r);
        if ((value ^ occNeg[q]) !== 0) Tt[r]--;
        else Ff[r]--;
        V += violated(r) - before;
      }
      val[v] = -1;
    }
  };
  // Hard-mode unit propagation; false on a conflict (a new violation).
  const propagate = (): boolean => {
    while (pendDone < pendLen) {
      const r = pend[pendDone++];
      const sz = size(r);
      const un = sz - Tt[r] - Ff[r];
      if (un === 0) continue;
      let want = -1;
      if (Tt[r] === hi[r]) want = 0;
      else if (Tt[r] + un === lo[r]) want = 1;
      if (want < 0) continue;
      for (let s = litStart[r]; s < litStart[r + 1]; s++) {
        const u = litVar[s];
        if (val[u] >= 0) continue;
        const before = V;
        assign(u, want ^ litNeg[s]);
        if (V > before) return false;
      }
    }
    return true;
  };

  // Iterative DFS (n may be 100,000: no recursion). A frame is a node that branched on v.
  const fV = new Int32Array(n);
  const fFirst = new Uint8Array(n);
  const fTried = new Uint8Array(n);
  const fMark = new Int32Array(n);
  const fCursor = new Int32Array(n);
  const fEntryLen = new Int32Array(n);
  const fEntryDone = new Int32Array(n);
  const fPl = new Int32Array(n);
  const fPd = new Int32Array(n);
  let top = 0;
  let cursor = 0;
  let nextPoll = 1024;

  // Enter nodes downwards until one is pruned or is a leaf (its pend pointers restored then).
  const descend = (): void => {
    for (;;) {
      if (steps > stepCap) aborted = true;
      else if (steps >= nextPoll) {
        nextPoll = steps + 1024;
        if (limits.check()) aborted = true;
      }
      if (aborted || V > bestV) return;
      const entryLen = pendLen;
      const entryDone = pendDone;
      if (V === bestV && (!propagate() || fixedE + lbSum >= bestE - epsE)) {
        pendLen = entryLen;
        pendDone = entryDone;
        return;
      }
      let c = cursor;
      while (c < n && val[order[c]] >= 0) c++;
      if (c === n) {
        if (V < bestV || (V === bestV && fixedE < bestE - epsE)) {
          bestV = V;
          bestE = fixedE;
          for (let i = 0; i < n; i++) best[i] = val[i];
        }
        pendLen = entryLen;
        pendDone = entryDone;
        return;
      }
      const v = order[c];
      fV[top] = v;
      fFirst[top] = best[v];
      fTried[top] = 1;
      fMark[top] = depth;
      fCursor[top] = cursor;
      fEntryLen[top] = entryLen;
      fEntryDone[top] = entryDone;
      fPl[top] = pendLen;
      fPd[top] = pendDone;
      top++;
      cursor = c + 1;
      assign(v, best[v]);
    }
  };
  descend();
  while (top > 0) {
    const t = top - 1;
    unassignTo(fMark[t]);
    pendLen = fPl[t];
    pendDone = fPd[t];
    if (fTried[t] === 1 && !aborted) {
      fTried[t] = 2;
      assign(fV[t], fFirst[t] ^ 1);
      descend();
      continue;
    }
    cursor = fCursor[t];
    pendLen = fEntryLen[t];
    pendDone = fEntryDone[t];
    top--;
  }
  // The root's propagated assignments.
  unassignTo(0);
  return { x: best, complete: !aborted, steps };
}
