/**
 * design: a value 0..K−1 per site minimising bias plus bond energy (Potts model, graph colouring).
 * Specification (libs/engine-native/src/core/design/solve.cc follows it step for step); this file
 * is the dispatch, the methods are model.ts, tree-dp.ts, tabu.ts, evolution.ts and branch-bound.ts:
 *   1. K = 1: the only answer ('exhaustive').
 *   2. The bonds split the sites into connected components (breadth-first from the lowest site);
 *      the energy is their sum. A lone site takes its cheapest value (lowest on ties). A tree
 *      (sites − 1 distinct bonds) is solved by dynamic programming in O(sites·K²) while the work of
 *      all trees stays within dpWork ('dynamic_program'): messages from the leaves up, children of
 *      a site heaviest subtree first (so few partial sums are alive at once), back-pointers down.
 *   3. The other ("hard") sites: a greedy start (breadth-first, the value cheapest against the
 *      neighbours already set), then tabu search in the TabuCol manner over the hard sites with an
 *      incremental table gamma[s][v] = bias(s, v) + Σ_nbrs mult·cost(v, x_nbr): the moves are those of
 *      "active" sites (gamma[s][x_s] above the site's own floor min_v bias(s, v) + deg·rowMin[v]:
 *      the conflicting vertices of a colouring), the best non-tabu move (ties drawn at random),
 *      aspiration when it beats the best energy, tenure ⌊0.6·|active|⌋ + rand(10) on the value
 *      left; a random move when no move is allowed. It stops at the proven bound of the hard sites.
 *      When hardSites·K exceeds GAMMA_CAP the table is not kept: sweeps of best single-site moves.
 *      A colouring (interchangeable values) of at least EVOLVE_MIN_SITES hard sites that this run
 *      (PRE_EVOLVE_ITERS_PER_SITE iterations per site) leaves improper is then searched by the
 *      hybrid evolutionary algorithm of Galinier and Hao with the rest of the budget (evolve: a
 *      population of tabu searches recombined by GPX; the run's answer is its first member).
 *      With every hard component of at most bnbMaxSites sites, the tabu search runs
 *      min(tabuIters, PRE_PROOF_ITERS_PER_SITE · sites) first, then branch and bound per component
 *      (sites in a most-constrained order, each node bounded by the fixed energy plus, per free site,
 *      min_v(partial(s, v) + ½·freeDeg·rowMin[v]); interchangeable values (no bias, one diagonal
 *      and one off-diagonal cost) take at most one new value per level, a rotation-invariant circular
 *      coupling without bias fixes the first site at 0); 'branch_and_bound' when every tree closes
 *      within bnbNodes nodes, else the rest of the tabu iterations.
 *      (Branch and bound only when hardSites·K is within GAMMA_CAP: it keeps a row per site and value.)
 *   4. The bound: exact components at their optimum plus, per other site, min_v(bias(s, v) +
 *      ½·deg·rowMin[v]) (every bond costs at least half its two row minima). An answer that meets it
 *      is optimal (a proper colouring at K colours is certified this way).
 * A deadline or cancel keeps the best answer so far.
 */
import { Limits } from '../../kernels/model';
import { Prng } from '../../prng';
import { designWeightSum, evaluateDesign } from './evaluate';
import type { DesignProblem, LabelResult } from './problem';
import { designBudgetFor } from './budget';
import { type Work, adjacencyOf, rowMinima, biasRow, siteFloor, degreeOf, componentsOf, greedy, partEnergy, interchangeable } from './model';
import { treeDp } from './tree-dp';
import { tabuSearch, GAMMA_CAP } from './tabu';
import { evolve } from './evolution';
import { branchAndBound } from './branch-bound';
import type { CancelSignal, SolveRequest, Proof } from '../../base';

/** Tabu iterations per site before the branch and bound of small components. */
const PRE_PROOF_ITERS_PER_SITE = 200;

/** Hard sites from which a colouring is searched by evolution rather than one tabu run. */
const EVOLVE_MIN_SITES = 100;

/** Tabu iterations per site of the single run before the evolution. */
const PRE_EVOLVE_ITERS_PER_SITE = 2000;

/** Solves a `design` request synchronously. */
export function solveDesign(req: SolveRequest<DesignProblem>, signal?: CancelSignal): LabelResult {
  const started = performance.now();
  const p = req.problem;
  if (req.command !== 'design' || p.kind !== 'design') throw new Error('design needs a design problem');
  const deadlineAt = req.deadlineMs !== undefined && req.deadlineMs > 0 ? started + req.deadlineMs : Infinity;
  const limits = new Limits(signal?.flag ?? null, deadlineAt);
  const b = designBudgetFor(req.effort);
  const { L, K } = p;
  const work: Work = { iterations: 0, nodes: 0, restarts: 0 };
  const x = new Int32Array(L);
  const done = (found: Proof, bound?: number): LabelResult => {
    const objective = evaluateDesign(p, x);
    const proof: Proof = found ?? (limits.stopped === null && bound !== undefined && bound >= objective - 1e-9 * (1 + Math.abs(objective)) ? 'branch_and_bound' : null);
    return {
      kind: 'labels', answer: x, objective, proof,
      ...(proof === null && bound !== undefined && Number.isFinite(bound) ? { bound: Math.min(bound, objective) } : {}),
      stoppedAtDeadline: limits.stopped !== null, work, engineMs: performance.now() - started,
    };
  };
  if (K === 1) return done('exhaustive');
  const adj = adjacencyOf(p);
  const rowMin = rowMinima(p);
  const row = new Float64Array(K);
  const tol = 1e-9 * (1 + designWeightSum(p));
  const comps = componentsOf(L, adj);
  const nComp = comps.start.length - 1;
  const hardComps: number[] = [];
  let exactEnergy = 0;
  let usedDp = false;
  let dpWork = 0;
  for (let c = 0; c < nComp; c++) {
    const a = comps.start[c];
    const size = comps.start[c + 1] - a;
    const sites = comps.order.subarray(a, a + size);
    if (size === 1) {
      const s = sites[0];
      biasRow(p, s, row);
      let v = 0;
      for (let w = 1; w < K; w++) if (row[w] < row[v]) v = w;
      x[s] = v;
      exactEnergy += row[v];
      continue;
    }
    if (comps.bonds[c] === size - 1 && dpWork + size * K * K <= b.dpWork && limits.stopped === null) {
      const e = treeDp(p, adj, sites, x, limits);
      if (e !== null) {
        dpWork += size * K * K;
        exactEnergy += e;
        usedDp = true;
        continue;
      }
    }
    hardComps.push(c);
  }
  if (hardComps.length === 0) return done(usedDp ? 'dynamic_program' : 'exhaustive');
  const sitesOf = (c: number): Int32Array => comps.order.subarray(comps.start[c], comps.start[c + 1]);
  let h = 0;
  for (const c of hardComps) h += comps.start[c + 1] - comps.start[c];
  const hard = new Int32Array(h);
  let q = 0;
  for (const c of hardComps) {
    hard.set(sitesOf(c), q);
    q += comps.start[c + 1] - comps.start[c];
  }
  const floorOf = (sites: Int32Array): number => {
    let f = 0;
    for (let t = 0; t < sites.length; t++) f += siteFloor(p, sites[t], 0.5 * degreeOf(adj, sites[t]), rowMin, row);
    return f;
  };
  // The bound (computed before any search, so a deadline never leaves an answer without it).
  const hardFloor = floorOf(hard);
  greedy(p, adj, hard, x);
  const rng = new Prng(req.seed);
  // Branch and bound keeps a partial row per site and value: only within the γ table's cap.
  const small = h * K <= GAMMA_CAP && hardComps.every((c) => comps.start[c + 1] - comps.start[c] <= b.bnbMaxSites);
  if (!small) {
    if (h >= EVOLVE_MIN_SITES && h * K <= GAMMA_CAP && interchangeable(p, hard)) {
      // One tabu run first (easy colourings end there), then the evolution with the rest of the budget.
      const before = work.iterations;
      const r = tabuSearch(p, adj, hard, x, Math.min(b.tabuIters, PRE_EVOLVE_ITERS_PER_SITE * h), b.tabuWork, hardFloor, tol, rowMin, rng, limits, work);
      if (r.energy > hardFloor + tol && limits.stopped === null) evolve(p, adj, hard, x, b.tabuIters - (work.iterations - before), b.tabuWork - r.spent, hardFloor, tol, rowMin, rng, limits, work);
    } else tabuSearch(p, adj, hard, x, b.tabuIters, b.tabuWork, hardFloor, tol, rowMin, rng, limits, work);
    return done(null, exactEnergy + hardFloor);
  }
  const first = Math.min(b.tabuIters, PRE_PROOF_ITERS_PER_SITE * h);
  const firstWork = (b.tabuWork * first) / b.tabuIters;
  tabuSearch(p, adj, hard, x, first, firstWork, hardFloor, tol, rowMin, rng, limits, work);
  if (limits.stopped !== null) return done(null, exactEnergy + hardFloor);
  let open = 0;
  let nodesLeft = b.bnbNodes;
  let bound = exactEnergy;
  for (const c of hardComps) {
    const sites = sitesOf(c);
    const before = work.nodes;
    const closed = limits.stopped === null && nodesLeft > 0 && branchAndBound(p, adj, sites, x, nodesLeft, tol, rowMin, limits, work);
    nodesLeft -= work.nodes - before;
    if (closed) bound += partEnergy(p, adj, sites, x);
    else {
      open++;
      bound += floorOf(sites);
    }
  }
  if (open === 0) return done('branch_and_bound');
  if (limits.stopped === null && b.tabuIters > first) {
    tabuSearch(p, adj, hard, x, b.tabuIters - first, b.tabuWork - firstWork, hardFloor, tol, rowMin, rng, limits, work);
  }
  return done(null, bound);
}

/**
 * How the solver splits a problem (for the service's work model and sure certificates):
 * treeWork = Σ sites·K² over the tree components of two or more sites, hardSites = sites of the
 * other components with bonds (cycles), in the solver's own component split.
 */
export function designShape(p: DesignProblem): { treeWork: number; hardSites: number } {
  if (p.K === 1) return { treeWork: 0, hardSites: 0 };
  const comps = componentsOf(p.L, adjacencyOf(p));
  let treeWork = 0;
  let hardSites = 0;
  for (let c = 0; c + 1 < comps.start.length; c++) {
    const size = comps.start[c + 1] - comps.start[c];
    if (size === 1) continue;
    if (comps.bonds[c] === size - 1) treeWork += size * p.K * p.K;
    else hardSites += size;
  }
  return { treeWork, hardSites };
}
