/**
 * cover: choose sets covering 0..universe−1 at the least total cost (weighted set cover).
 * Specification (libs/engine-native/src/core/cover/solve.cc follows it step for step, except when
 * built with COIN-OR CLP: then its LP bound and LP branch and bound replace step 5's tree; see
 * docs/cover.md "The LP path" and why engine-ts keeps this method):
 *   1. Reductions: every set of cost ≤ 0 is taken (it never hurts); then, repeatedly, a set that
 *      is the only free one holding an uncovered element is taken. When they leave an element
 *      uncovered, the first bound follows at once, before anything checks a deadline or cancel: the
 *      dual-feasible u of step 2's start, each uncovered element in index order then raising u_i by
 *      the least slack c_j − Σ_{i' ∈ S_j} u_i' of its free sets; its L(u) (rounded up when every cost
 *      is an integer) is a proven lower bound, and the early local search stops when it reaches it.
 *   2. Lagrangian relaxation of the covering rows: multipliers u ≥ 0 per uncovered element, reduced
 *      costs rc_j = c_j − Σ_{i ∈ S_j uncovered} u_i, L(u) = fixed + Σ u + Σ_{rc_j < 0} rc_j, a proven
 *      lower bound (rounded up when every cost is an integer). Subgradient steps
 *      u_i ← max(0, u_i + λ·(UB − L)/‖s‖²·s_i), s_i = 1 − #{j ∋ i: rc_j < 0}, λ halved after 20
 *      steps without a better L; start u_i = min_{j ∋ i} c_j / |S_j|.
 *   3. Every 10 steps a Lagrangian heuristic (Caprara–Fischetti–Toth greedy): sets by the score
 *      rc_j/μ_j (rc_j > 0) or rc_j·μ_j (μ_j = uncovered elements it would cover, ties lowest j), then
 *      redundant sets removed, costliest first. The first incumbent is the plain greedy (u = 0).
 *   4. Refinement passes (two before branch and bound, the others after it when it did not close):
 *      from the root multipliers (perturbed by ±10 % after the first pass), repeatedly fix the 30 % of
 *      the current greedy cover's free sets with the lowest reduced cost and run the subgradient on
 *      what is left, until everything is covered; then undo the fixing.
 *   5. Branch and bound (certified when it closes within bnbNodes nodes): at each node a short
 *      subgradient run from the parent's multipliers bounds the subproblem; branch on the uncovered
 *      element with the fewest free sets: child k takes its k-th set (lowest reduced cost first) and
 *      excludes the sets before it.
 *   6. Local search (local-search.ts, one Prng(seed) for it and the refinement): lsEarlySteps steps
 *      from the plain greedy cover before step 2's relaxation, and lsSteps steps from the best cover
 *      after a tree left open and the remaining passes, stopping at the root bound.
 *   The root bound is the larger of the first bound and step 2's best L(u) (the first bound alone when
 *   it meets the cover, and then step 2 does not run). An answer that meets the root bound is
 *   certified at the root. Every heuristic answer carries the root bound (at most its cost), so a
 *   deadline or cancel, which keeps the best cover so far, keeps a bound too: at least the first.
 */
import type { BinaryResult, CancelSignal, SolveRequest, Proof } from '../../base';
import { Limits } from '../../kernels/model';
import { Prng } from '../../prng';
import { coverBudgetFor } from './budget';
import { coverWeightSum, evaluateCover } from './evaluate';
import { coverLocalSearch } from './local-search';
import type { CoverProblem } from './problem';

/** Steps without a better bound before λ halves. */
const STALL = 20;
/** Share of the greedy cover's free sets fixed per refinement step. */
const FIX_SHARE = 0.3;
/** Refinement passes before branch and bound. */
const EARLY_PASSES = 2;

class Search {
  readonly n: number;
  readonly U: number;
  /** Element → sets (CSR, sets increasing). */
  readonly estart: Int32Array;
  readonly esets: Int32Array;
  /** 0 free, 1 taken, −1 excluded. */
  readonly state: Int8Array;
  /** Taken sets holding each element. */
  readonly cov: Int32Array;
  /** Free sets holding each element. */
  readonly freeCnt: Int32Array;
  readonly u: Float64Array;
  readonly rc: Float64Array;
  fixedCost = 0;
  best: Uint8Array;
  bestCost = Infinity;
  work = 0;
  iterations = 0;
  nodes = 0;
  readonly tol: number;
  readonly integral: boolean;

  constructor(readonly p: CoverProblem, readonly limits: Limits, readonly workCap: number) {
    this.n = p.n;
    this.U = p.universe;
    const U = this.U;
    this.estart = new Int32Array(U + 1);
    for (let k = 0; k < p.elems.length; k++) this.estart[p.elems[k] + 1]++;
    for (let e = 0; e < U; e++) this.estart[e + 1] += this.estart[e];
    const fill = this.estart.slice(0, U);
    this.esets = new Int32Array(p.elems.length);
    for (let j = 0; j < p.n; j++) for (let k = p.start[j]; k < p.start[j + 1]; k++) this.esets[fill[p.elems[k]]++] = j;
    this.state = new Int8Array(p.n);
    this.cov = new Int32Array(U);
    this.freeCnt = new Int32Array(U);
    for (let e = 0; e < U; e++) this.freeCnt[e] = this.estart[e + 1] - this.estart[e];
    this.u = new Float64Array(U);
    this.rc = new Float64Array(p.n);
    this.best = new Uint8Array(p.n);
    this.tol = 1e-9 * (1 + coverWeightSum(p));
    this.integral = p.cost.every((c) => Number.isInteger(c));
  }

  take(j: number): void {
    this.state[j] = 1;
    this.fixedCost += this.p.cost[j];
    for (let k = this.p.start[j]; k < this.p.start[j + 1]; k++) {
      this.cov[this.p.elems[k]]++;
      this.freeCnt[this.p.elems[k]]--;
    }
  }

  untake(j: number): void {
    this.state[j] = 0;
    this.fixedCost -= this.p.cost[j];
    for (let k = this.p.start[j]; k < this.p.start[j + 1]; k++) {
      this.cov[this.p.elems[k]]--;
      this.freeCnt[this.p.elems[k]]++;
    }
  }

  exclude(j: number): void {
    this.state[j] = -1;
    for (let k = this.p.start[j]; k < this.p.start[j + 1]; k++) this.freeCnt[this.p.elems[k]]--;
  }

  include(j: number): void {
    this.state[j] = 0;
    for (let k = this.p.start[j]; k < this.p.start[j + 1]; k++) this.freeCnt[this.p.elems[k]]++;
  }

  /** The bound rounded up to an integer when every cost is one. */
  roundUp(lb: number): number {
    return this.integral ? Math.ceil(lb - 1e-9 * (1 + Math.abs(lb))) : lb;
  }

  /** Reduced costs of the free sets and L(u). */
  lagrangian(): number {
    const { p, u, rc, cov } = this;
    let L = this.fixedCost;
    for (let e = 0; e < this.U; e++) if (cov[e] === 0) L += u[e];
    for (let j = 0; j < this.n; j++) {
      if (this.state[j] !== 0) continue;
      let r = p.cost[j];
      for (let k = p.start[j]; k < p.start[j + 1]; k++) if (cov[p.elems[k]] === 0) r -= u[p.elems[k]];
      rc[j] = r;
      if (r < 0) L += r;
      this.work += p.start[j + 1] - p.start[j] + 1;
    }
    return L;
  }

  /** u_e = min over free sets j ∋ e of c_j / (uncovered elements of j): dual feasible (every rc_j ≥ 0). */
  initMultipliers(): void {
    const { p, cov } = this;
    const size = new Int32Array(this.n);
    for (let j = 0; j < this.n; j++) {
      if (this.state[j] !== 0) continue;
      for (let k = p.start[j]; k < p.start[j + 1]; k++) if (cov[p.elems[k]] === 0) size[j]++;
    }
    for (let e = 0; e < this.U; e++) {
      if (cov[e] !== 0) continue;
      let m = Infinity;
      for (let q = this.estart[e]; q < this.estart[e + 1]; q++) {
        const j = this.esets[q];
        if (this.state[j] !== 0) continue;
        m = Math.min(m, p.cost[j] / size[j]);
      }
      this.u[e] = m === Infinity ? 0 : m;
    }
  }

  /**
   * The first proven bound, before anything that checks a limit: from the dual-feasible u of
   * initMultipliers, each uncovered element in turn raises its u_e by the least slack
   * c_j − Σ_{i ∈ S_j uncovered} u_i of its free sets (a maximal dual solution); returns L(u) of
   * that u, rounded up when every cost is an integer. Leaves u and rc as they were; linear in the
   * entries, not counted as work.
   */
  dualBound(): number {
    const { p, cov, U } = this;
    const saved = Float64Array.from(this.u);
    this.initMultipliers();
    const y = this.u;
    const slack = new Float64Array(this.n);
    for (let j = 0; j < this.n; j++) {
      if (this.state[j] !== 0) continue;
      let r = p.cost[j];
      for (let k = p.start[j]; k < p.start[j + 1]; k++) if (cov[p.elems[k]] === 0) r -= y[p.elems[k]];
      slack[j] = r;
    }
    for (let e = 0; e < U; e++) {
      if (cov[e] !== 0) continue;
      let m = Infinity;
      for (let q = this.estart[e]; q < this.estart[e + 1]; q++) if (this.state[this.esets[q]] === 0) m = Math.min(m, slack[this.esets[q]]);
      if (!(m > 0) || m === Infinity) continue;
      y[e] += m;
      for (let q = this.estart[e]; q < this.estart[e + 1]; q++) if (this.state[this.esets[q]] === 0) slack[this.esets[q]] -= m;
    }
    // L(y) from scratch (valid for any y ≥ 0, whatever the rounding of the slacks above).
    let L = this.fixedCost;
    for (let e = 0; e < U; e++) if (cov[e] === 0) L += y[e];
    for (let j = 0; j < this.n; j++) {
      if (this.state[j] !== 0) continue;
      let r = p.cost[j];
      for (let k = p.start[j]; k < p.start[j + 1]; k++) if (cov[p.elems[k]] === 0) r -= y[p.elems[k]];
      if (r < 0) L += r;
    }
    this.u.set(saved);
    return this.roundUp(L);
  }

  /**
   * The Lagrangian heuristic from the current reduced costs (rc of every free set): greedy by score,
   * then redundant sets removed. Returns the completion (pick[j] = 1 for taken and chosen sets), or
   * null when some element has no free set; keeps it when it beats the incumbent.
   */
  heuristic(): Uint8Array | null {
    const { p, n, U } = this;
    const pick = new Uint8Array(n);
    const cnt = Int32Array.from(this.cov);
    const mu = new Int32Array(n);
    let uncovered = 0;
    for (let e = 0; e < U; e++) if (cnt[e] === 0) uncovered++;
    for (let j = 0; j < n; j++) {
      if (this.state[j] === 1) pick[j] = 1;
      if (this.state[j] !== 0) continue;
      for (let k = p.start[j]; k < p.start[j + 1]; k++) if (cnt[p.elems[k]] === 0) mu[j]++;
    }
    while (uncovered > 0) {
      let bj = -1;
      let bs = Infinity;
      for (let j = 0; j < n; j++) {
        if (this.state[j] !== 0 || pick[j] || mu[j] === 0) continue;
        const r = this.rc[j];
        const s = r > 0 ? r / mu[j] : r * mu[j];
        if (s < bs) {
          bs = s;
          bj = j;
        }
      }
      this.work += n;
      if (bj < 0) return null;
      pick[bj] = 1;
      for (let k = p.start[bj]; k < p.start[bj + 1]; k++) {
        const e = p.elems[k];
        if (cnt[e] === 0) {
          uncovered--;
          for (let q = this.estart[e]; q < this.estart[e + 1]; q++) mu[this.esets[q]]--;
        }
        cnt[e]++;
      }
    }
    // Redundant chosen sets out, costliest first (lowest index on ties).
    const chosen: number[] = [];
    for (let j = 0; j < n; j++) if (pick[j] && this.state[j] === 0) chosen.push(j);
    chosen.sort((a, b) => p.cost[b] - p.cost[a] || a - b);
    for (const j of chosen) {
      let needed = false;
      for (let k = p.start[j]; k < p.start[j + 1]; k++) {
        if (cnt[p.elems[k]] < 2) {
          needed = true;
          break;
        }
      }
      if (needed) continue;
      pick[j] = 0;
      for (let k = p.start[j]; k < p.start[j + 1]; k++) cnt[p.elems[k]]--;
    }
    let total = 0;
    for (let j = 0; j < n; j++) if (pick[j]) total += p.cost[j];
    if (total < this.bestCost - this.tol) {
      this.bestCost = total;
      this.best.set(pick);
    }
    return pick;
  }

  /** Whether every uncovered element still has a free set. */
  feasible(): boolean {
    for (let e = 0; e < this.U; e++) if (this.cov[e] === 0 && this.freeCnt[e] === 0) return false;
    return true;
  }

  stopped(): boolean {
    return this.limits.check() || this.work > this.workCap;
  }

  /** Subgradient optimisation of L(u) from the current u; leaves u at its best and returns that bound. */
  subgradient(iters: number, lambda: number): number {
    const { p, u, cov, U } = this;
    const s = new Float64Array(U);
    const bestU = Float64Array.from(u);
    let bestL = -Infinity;
    let lam = lambda;
    let stall = 0;
    for (let it = 0; it < iters; it++) {
      // The work cap every 16 iterations (as budgeted); the deadline and cancel at every one (a pass
      // over every set-element pair can take milliseconds on large instances).
      if (((it & 15) === 0 && this.stopped()) || this.limits.check()) break;
      const L = this.lagrangian();
      this.iterations++;
      if (L > bestL) {
        bestL = L;
        bestU.set(u);
        stall = 0;
      } else if (++stall >= STALL) {
        lam /= 2;
        stall = 0;
      }
      if (it % 10 === 0) this.heuristic();
      if (this.roundUp(bestL) >= this.bestCost - this.tol || lam < 1e-4) break;
      let norm = 0;
      for (let e = 0; e < U; e++) s[e] = cov[e] === 0 ? 1 : 0;
      for (let j = 0; j < this.n; j++) {
        if (this.state[j] !== 0 || this.rc[j] >= 0) continue;
        for (let k = p.start[j]; k < p.start[j + 1]; k++) s[p.elems[k]]--;
      }
      for (let e = 0; e < U; e++) if (cov[e] === 0) norm += s[e] * s[e];
      if (norm === 0) {
        // The sets of negative reduced cost cover every element once: a cover of cost L.
        this.heuristic();
        break;
      }
      const step = (lam * (this.bestCost - L)) / norm;
      for (let e = 0; e < U; e++) if (cov[e] === 0) u[e] = Math.max(0, u[e] + step * s[e]);
    }
    u.set(bestU);
    return bestL;
  }

  /** The sets taken now, in order (to undo a fixing). */
  fixGreedy(): number[] {
    this.lagrangian();
    const pick = this.heuristic();
    if (pick === null) return [];
    const free: number[] = [];
    for (let j = 0; j < this.n; j++) if (pick[j] && this.state[j] === 0) free.push(j);
    free.sort((a, b) => this.rc[a] - this.rc[b] || a - b);
    const k = Math.max(1, Math.ceil(FIX_SHARE * free.length));
    const fixed = free.slice(0, k);
    for (const j of fixed) this.take(j);
    return fixed;
  }

  uncovered(): number {
    let c = 0;
    for (let e = 0; e < this.U; e++) if (this.cov[e] === 0) c++;
    return c;
  }

  /** Branch and bound below the current node; false when a limit cut it short. */
  branch(nodeCap: number, nodeIters: number): boolean {
    if (++this.nodes > nodeCap || ((this.nodes & 63) === 0 && this.stopped())) return false;
    if (!this.feasible()) return true;
    if (this.uncovered() === 0) {
      if (this.fixedCost < this.bestCost - this.tol) {
        this.bestCost = this.fixedCost;
        for (let j = 0; j < this.n; j++) this.best[j] = this.state[j] === 1 ? 1 : 0;
      }
      return true;
    }
    const saved = Float64Array.from(this.u);
    const lb = this.subgradient(nodeIters, 0.5);
    if (this.limits.stopped !== null || this.work > this.workCap) return false;
    if (this.roundUp(lb) >= this.bestCost - this.tol) {
      this.u.set(saved);
      return true;
    }
    this.lagrangian();
    // The uncovered element with the fewest free sets (lowest index on ties).
    let be = -1;
    for (let e = 0; e < this.U; e++) if (this.cov[e] === 0 && (be < 0 || this.freeCnt[e] < this.freeCnt[be])) be = e;
    const kids: number[] = [];
    for (let q = this.estart[be]; q < this.estart[be + 1]; q++) if (this.state[this.esets[q]] === 0) kids.push(this.esets[q]);
    kids.sort((a, b) => this.rc[a] - this.rc[b] || a - b);
    const nodeU = Float64Array.from(this.u);
    let complete = true;
    const excluded: number[] = [];
    for (const j of kids) {
      this.take(j);
      const ok = this.branch(nodeCap, nodeIters);
      this.untake(j);
      this.u.set(nodeU);
      if (!ok) {
        complete = false;
        break;
      }
      this.exclude(j);
      excluded.push(j);
    }
    for (const j of excluded) this.include(j);
    this.u.set(saved);
    return complete;
  }
}

/** Solves a `cover` request synchronously. */
export function solveCover(req: SolveRequest<CoverProblem>, signal?: CancelSignal): BinaryResult {
  const started = performance.now();
  const p = req.problem;
  if (req.command !== 'cover' || p.kind !== 'cover') throw new Error('cover needs a cover problem');
  const deadlineAt = req.deadlineMs !== undefined && req.deadlineMs > 0 ? started + req.deadlineMs : Infinity;
  const limits = new Limits(signal?.flag ?? null, deadlineAt);
  const b = coverBudgetFor(req.effort);
  const c = new Search(p, limits, b.work);
  const done = (found: Proof, bound?: number): BinaryResult => {
    const answer = Uint8Array.from(c.best);
    const objective = evaluateCover(p, answer);
    const proof: Proof = found ?? (limits.stopped === null && bound !== undefined && bound >= objective - c.tol ? 'branch_and_bound' : null);
    return {
      kind: 'binary', answer, objective, proof,
      ...(proof === null && bound !== undefined && Number.isFinite(bound) ? { bound: Math.min(bound, objective) } : {}),
      stoppedAtDeadline: limits.stopped !== null,
      work: { iterations: c.iterations, nodes: c.nodes, restarts: 0 }, engineMs: performance.now() - started,
    };
  };
  // 1. Reductions.
  for (let j = 0; j < p.n; j++) if (p.cost[j] <= 0) c.take(j);
  for (let changed = true; changed;) {
    changed = false;
    for (let e = 0; e < c.U; e++) {
      if (c.cov[e] !== 0 || c.freeCnt[e] !== 1) continue;
      for (let q = c.estart[e]; q < c.estart[e + 1]; q++) {
        if (c.state[c.esets[q]] === 0) {
          c.take(c.esets[q]);
          changed = true;
          break;
        }
      }
    }
  }
  if (c.uncovered() === 0) {
    for (let j = 0; j < p.n; j++) c.best[j] = c.state[j] === 1 ? 1 : 0;
    return done('branch_and_bound');
  }
  // The first proven bound, before anything that checks a limit: a deadline or cancel cannot remove it.
  const firstLb = c.dualBound();
  // 2–3. The plain greedy, the early local search, then the root relaxation.
  c.lagrangian();
  c.heuristic();
  const rng = new Prng(req.seed);
  const search = (steps: number, lower: number) => {
    if (steps <= 0 || c.stopped()) return;
    const r = coverLocalSearch(p, c.estart, c.esets, c.state, c.best, c.bestCost, steps, lower, c.tol, rng, limits);
    c.iterations += r.steps;
    if (r.bestCost < c.bestCost - c.tol) {
      c.bestCost = r.bestCost;
      c.best.set(r.best);
    }
  };
  search(b.lsEarlySteps, firstLb);
  c.initMultipliers();
  // The subgradient's best (−∞ when a limit stopped it before its first step), never below the first
  // bound; not run when the first bound already meets the cover.
  const rootLb = firstLb >= c.bestCost - c.tol ? firstLb : Math.max(firstLb, c.roundUp(c.subgradient(b.rootIters, 0.5)));
  const rootU = Float64Array.from(c.u);
  if (rootLb >= c.bestCost - c.tol || limits.stopped !== null) return done(null, rootLb);
  // 4. Refinement passes: the first EARLY_PASSES before branch and bound, the others after it.
  const refine = (from: number, to: number): void => {
  for (let pass = from; pass < to; pass++) {
    if (c.stopped() || rootLb >= c.bestCost - c.tol) break;
    c.u.set(rootU);
    if (pass > 0) for (let e = 0; e < c.U; e++) c.u[e] *= 1 + 0.1 * (2 * rng.nextFloat() - 1);
    const fixed: number[] = [];
    while (c.uncovered() > 0 && !c.stopped()) {
      const more = c.fixGreedy();
      if (more.length === 0) break;
      for (const j of more) fixed.push(j); // no spread: a greedy step may fix request-many sets
      if (c.uncovered() === 0) break;
      c.subgradient(Math.max(20, Math.floor(b.rootIters / 10)), 0.5);
    }
    for (let k = fixed.length - 1; k >= 0; k--) c.untake(fixed[k]);
  }
  };
  refine(0, Math.min(b.passes, EARLY_PASSES));
  if (c.stopped() || rootLb >= c.bestCost - c.tol) return done(null, rootLb);
  // 5. Branch and bound (its node heuristics improve the cover too), then the other passes.
  c.u.set(rootU);
  if (c.branch(b.bnbNodes, b.nodeIters)) return done('branch_and_bound');
  refine(Math.min(b.passes, EARLY_PASSES), b.passes);
  // 6. The late local search, down to the root bound.
  search(b.lsSteps, rootLb);
  return done(null, rootLb);
}
