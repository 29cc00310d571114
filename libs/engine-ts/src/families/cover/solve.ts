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
 *   5. Branch and bound (lagrangian-tree.ts; certified when it closes within bnbNodes nodes, its
 *      tree recorded as the result's `tree`, tree-record.ts): at
 *      each node a short subgradient run from the parent's multipliers bounds the subproblem;
 *      branch on the uncovered element with the fewest free sets: child k takes its k-th set
 *      (lowest reduced cost first) and excludes the sets before it.
 *   6. Local search (local-search.ts, one Prng(seed) for it and the refinement): lsEarlySteps steps
 *      from the plain greedy cover before step 2's relaxation, and lsSteps steps from the best cover
 *      after a tree left open and the remaining passes, stopping at the root bound.
 *   The root bound is the larger of the first bound and step 2's best L(u) (the first bound alone when
 *   it meets the cover, and then step 2 does not run). An answer that meets the root bound is
 *   certified at the root. Every heuristic answer carries the root bound (at most its cost), so a
 *   deadline or cancel, which keeps the best cover so far, keeps a bound too: at least the first.
 *   The result's `multipliers` are the u behind the root bound (CoverSearch.offerRootY: the first
 *   bound's or the subgradient's best, whichever has the larger L), 0 on the elements step 1
 *   covered: the service's `lagrangian` certificate.
 */
import type { BinaryResult, CancelSignal, SolveRequest, Proof } from '../../base';
import { Limits } from '../../kernels/model';
import { Prng } from '../../prng';
import { coverBudgetFor } from './budget';
import { evaluateCover } from './evaluate';
import { coverLagrangianTree } from './lagrangian-tree';
import { coverLocalSearch } from './local-search';
import type { CoverProblem } from './problem';
import { CoverSearch } from './search';
import { CoverTreeRecord } from './tree-record';

/** Refinement passes before branch and bound. */
const EARLY_PASSES = 2;

/** Solves a `cover` request synchronously. */
export function solveCover(req: SolveRequest<CoverProblem>, signal?: CancelSignal): BinaryResult {
  const started = performance.now();
  const p = req.problem;
  if (req.command !== 'cover' || p.kind !== 'cover') throw new Error('cover needs a cover problem');
  const deadlineAt = req.deadlineMs !== undefined && req.deadlineMs > 0 ? started + req.deadlineMs : Infinity;
  const limits = new Limits(signal?.flag ?? null, deadlineAt);
  const b = coverBudgetFor(req.effort);
  const c = new CoverSearch(p, limits, b.work);
  const done = (found: Proof, bound?: number, tree?: Float64Array): BinaryResult => {
    const answer = Uint8Array.from(c.best);
    const objective = evaluateCover(p, answer);
    const proof: Proof = found ?? (limits.stopped === null && bound !== undefined && bound >= objective - c.tol ? 'branch_and_bound' : null);
    return {
      kind: 'binary', answer, objective, proof,
      ...(proof === null && bound !== undefined && Number.isFinite(bound) ? { bound: Math.min(bound, objective) } : {}),
      multipliers: c.rootY ?? new Float64Array(p.universe),
      ...(tree !== undefined ? { tree } : {}),
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
  c.offerRootY(rootU);
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
  const rec = new CoverTreeRecord(c.U, p.elems.length);
  const tree = coverLagrangianTree(c, b.bnbNodes, b.nodeIters, rec);
  if (tree !== undefined) return done('branch_and_bound', undefined, rec.stream(tree));
  refine(Math.min(b.passes, EARLY_PASSES), b.passes);
  // 6. The late local search, down to the root bound.
  search(b.lsSteps, rootLb);
  return done(null, rootLb);
}
