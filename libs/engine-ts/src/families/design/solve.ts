/**
 * design: a value 0..K−1 per site minimising bias plus bond energy (Potts model, graph colouring).
 * Specification (libs/engine-native/src/core/design/solve.cc follows it step for step):
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
import type { CancelSignal, SolveRequest, Proof } from '../../base';
import { Limits } from '../../kernels/model';
import { Prng } from '../../prng';
import { designBudgetFor } from './budget';
import { couplingCost, designWeightSum, evaluateDesign } from './evaluate';
import type { DesignProblem, LabelResult } from './problem';

interface Work {
  iterations: number;
  nodes: number;
  restarts: number;
}

/** Largest hardSites·K whose gamma table the tabu search keeps (8 + 4 bytes per cell). */
export const GAMMA_CAP = 1 << 23;

/** Tabu iterations per site before the branch and bound of small components. */
const PRE_PROOF_ITERS_PER_SITE = 200;

/** Sites and bonds as an adjacency list (CSR): neighbours nbr[start[s] .. start[s+1]−1] with multiplicity. */
export interface Adjacency {
  readonly start: Int32Array;
  readonly nbr: Int32Array;
  readonly mult: Float64Array;
}

export function adjacencyOf(p: DesignProblem): Adjacency {
  const L = p.L;
  const start = new Int32Array(L + 1);
  const m = p.bondI.length;
  for (let k = 0; k < m; k++) {
    start[p.bondI[k] + 1]++;
    start[p.bondJ[k] + 1]++;
  }
  for (let s = 0; s < L; s++) start[s + 1] += start[s];
  const fill = start.slice(0, L);
  const nbr = new Int32Array(2 * m);
  const mult = new Float64Array(2 * m);
  for (let k = 0; k < m; k++) {
    const i = p.bondI[k];
    const j = p.bondJ[k];
    nbr[fill[i]] = j;
    mult[fill[i]++] = p.bondMult[k];
    nbr[fill[j]] = i;
    mult[fill[j]++] = p.bondMult[k];
  }
  return { start, nbr, mult };
}

/** rowMin[v] = min_b cost(v, b) (one entry for a circulant or no coupling: the same for every v). */
function rowMinima(p: DesignProblem): Float64Array {
  const K = p.K;
  const r = new Float64Array(K);
  if (p.coupling === 'table') {
    for (let a = 0; a < K; a++) {
      let m = Infinity;
      for (let b = 0; b < K; b++) m = Math.min(m, p.cells[a * K + b]);
      r[a] = m;
    }
  } else if (p.coupling === 'circulant') {
    let m = Infinity;
    for (let d = 0; d < K; d++) m = Math.min(m, p.cells[d]);
    r.fill(m);
  }
  return r;
}

/** The dense bias row of site s into out (length K). */
function biasRow(p: DesignProblem, s: number, out: Float64Array, offset = 0): void {
  out.fill(0, offset, offset + p.K);
  for (let k = p.biasStart[s]; k < p.biasStart[s + 1]; k++) out[offset + p.biasValue[k]] = p.biasEnergy[k];
}

/** A site's floor min_v(bias(s, v) + f·rowMin[v]). */
function siteFloor(p: DesignProblem, s: number, f: number, rowMin: Float64Array, row: Float64Array): number {
  biasRow(p, s, row);
  let m = Infinity;
  for (let v = 0; v < p.K; v++) m = Math.min(m, row[v] + f * rowMin[v]);
  return m;
}

function degreeOf(adj: Adjacency, s: number): number {
  let d = 0;
  for (let e = adj.start[s]; e < adj.start[s + 1]; e++) d += adj.mult[e];
  return d;
}

/** The nonzero entries of each table row (CSR), when at most half the table is nonzero (a colouring's identity). */
interface SparseRows {
  readonly start: Int32Array;
  readonly col: Int32Array;
  readonly val: Float64Array;
}

const SPARSE = new WeakMap<DesignProblem, SparseRows | null>();

function sparseRowsOf(p: DesignProblem): SparseRows | null {
  let s = SPARSE.get(p);
  if (s !== undefined) return s;
  s = null;
  if (p.coupling === 'table') {
    const K = p.K;
    let nnz = 0;
    for (let k = 0; k < K * K; k++) if (p.cells[k] !== 0) nnz++;
    if (2 * nnz <= K * K) {
      const start = new Int32Array(K + 1);
      const col = new Int32Array(nnz);
      const val = new Float64Array(nnz);
      let q = 0;
      for (let v = 0; v < K; v++) {
        for (let a = 0; a < K; a++) {
          const c = p.cells[v * K + a];
          if (c !== 0) {
            col[q] = a;
            val[q++] = c;
          }
        }
        start[v + 1] = q;
      }
      s = { start, col, val };
    }
  }
  SPARSE.set(p, s);
  return s;
}

/** Adds m·cost(·, v) to row[offset .. offset+K) (zero costs skipped: the sum is the same). */
function addCostRow(p: DesignProblem, row: Float64Array, offset: number, v: number, m: number): void {
  const K = p.K;
  if (p.coupling === 'table') {
    const sp = sparseRowsOf(p);
    if (sp !== null) {
      for (let q = sp.start[v]; q < sp.start[v + 1]; q++) row[offset + sp.col[q]] += m * sp.val[q];
      return;
    }
    const c = p.cells;
    const base = v * K;
    for (let a = 0; a < K; a++) row[offset + a] += m * c[base + a];
  } else if (p.coupling === 'circulant') {
    const c = p.cells;
    for (let a = 0; a < K; a++) row[offset + a] += m * c[(a - v + K) % K];
  }
}

/** Components of the bond graph: sites in breadth-first order from each component's lowest site. */
interface Components {
  readonly order: Int32Array;
  /** Component c is order[start[c] .. start[c+1]−1]. */
  readonly start: number[];
  /** Distinct bonds inside component c. */
  readonly bonds: number[];
}

function componentsOf(L: number, adj: Adjacency): Components {
  const seen = new Uint8Array(L);
  const order = new Int32Array(L);
  const start: number[] = [];
  const bonds: number[] = [];
  let tail = 0;
  for (let r = 0; r < L; r++) {
    if (seen[r]) continue;
    start.push(tail);
    let head = tail;
    order[tail++] = r;
    seen[r] = 1;
    let ends = 0;
    while (head < tail) {
      const s = order[head++];
      ends += adj.start[s + 1] - adj.start[s];
      for (let e = adj.start[s]; e < adj.start[s + 1]; e++) {
        const u = adj.nbr[e];
        if (!seen[u]) {
          seen[u] = 1;
          order[tail++] = u;
        }
      }
    }
    bonds.push(ends / 2);
  }
  start.push(tail);
  return { order, start, bonds };
}

/**
 * Tree dynamic program over the component sites order[a..b) (breadth-first, root order[a]); writes the
 * optimum into x and returns its energy, or null when the limits stopped it.
 */
function treeDp(p: DesignProblem, adj: Adjacency, sites: Int32Array, x: Int32Array, limits: Limits): number | null {
  const K = p.K;
  const m = sites.length;
  const local = new Map<number, number>();
  for (let t = 0; t < m; t++) local.set(sites[t], t);
  // Parents (breadth-first order: a parent comes before its children) and subtree sizes.
  const parent = new Int32Array(m).fill(-1);
  const pmult = new Float64Array(m);
  for (let t = 0; t < m; t++) {
    const s = sites[t];
    for (let e = adj.start[s]; e < adj.start[s + 1]; e++) {
      const u = local.get(adj.nbr[e])!;
      if (u > t && parent[u] < 0 && u !== 0) {
        parent[u] = t;
        pmult[u] = adj.mult[e];
      }
    }
  }
  const size = new Int32Array(m).fill(1);
  for (let t = m - 1; t > 0; t--) size[parent[t]] += size[t];
  // Children lists, heaviest subtree first (lowest local index on ties).
  const cstart = new Int32Array(m + 1);
  for (let t = 1; t < m; t++) cstart[parent[t] + 1]++;
  for (let t = 0; t < m; t++) cstart[t + 1] += cstart[t];
  const cfill = cstart.slice(0, m);
  const child = new Int32Array(Math.max(0, m - 1));
  for (let t = 1; t < m; t++) child[cfill[parent[t]]++] = t;
  for (let t = 0; t < m; t++) {
    const seg = Array.from(child.subarray(cstart[t], cstart[t + 1])).sort((u, w) => size[w] - size[u] || u - w);
    child.set(seg, cstart[t]);
  }
  // Back-pointers arg[t·K + a]: the best value of t when its parent takes a.
  const arg = K <= 256 ? new Uint8Array(m * K) : K <= 65536 ? new Uint16Array(m * K) : new Int32Array(m * K);
  // Partial sums alive along the depth-first path: a pool of K-rows.
  const pool: Float64Array[] = [];
  const acc: (Float64Array | null)[] = new Array(m).fill(null);
  const f = new Float64Array(K);
  const stack = new Int32Array(m);
  const next = new Int32Array(m);
  let top = 0;
  stack[top++] = 0;
  let rootValue = 0;
  let done = 0;
  while (top > 0) {
    const t = stack[top - 1];
    if (next[t] < cstart[t + 1] - cstart[t]) {
      stack[top++] = child[cstart[t] + next[t]++];
      continue;
    }
    top--;
    if ((++done & 4095) === 0 && limits.check()) return null;
    // f = bias row + the children's messages.
    biasRow(p, sites[t], f);
    const a = acc[t];
    if (a !== null) {
      for (let v = 0; v < K; v++) f[v] += a[v];
      pool.push(a);
      acc[t] = null;
    }
    if (t === 0) {
      let best = 0;
      for (let v = 1; v < K; v++) if (f[v] < f[best]) best = v;
      x[sites[0]] = best;
      rootValue = f[best];
      break;
    }
    const par = parent[t];
    let pa = acc[par];
    if (pa === null) {
      pa = pool.pop() ?? new Float64Array(K);
      pa.fill(0);
      acc[par] = pa;
    }
    const mu = pmult[t];
    for (let v = 0; v < K; v++) {
      let bestB = 0;
      let bestC = Infinity;
      for (let b = 0; b < K; b++) {
        const c = mu * couplingCost(p, v, b) + f[b];
        if (c < bestC) {
          bestC = c;
          bestB = b;
        }
      }
      pa[v] += bestC;
      arg[t * K + v] = bestB;
    }
  }
  for (let t = 1; t < m; t++) x[sites[t]] = arg[t * K + x[sites[parent[t]]]];
  return rootValue;
}

/** Greedy start of the hard sites (in their order): the value cheapest against the neighbours set so far. */
function greedy(p: DesignProblem, adj: Adjacency, hard: Int32Array, x: Int32Array): void {
  const K = p.K;
  const set = new Uint8Array(p.L);
  const row = new Float64Array(K);
  for (let t = 0; t < hard.length; t++) {
    const s = hard[t];
    biasRow(p, s, row);
    for (let e = adj.start[s]; e < adj.start[s + 1]; e++) {
      const u = adj.nbr[e];
      if (set[u]) addCostRow(p, row, 0, x[u], adj.mult[e]);
    }
    let best = 0;
    for (let v = 1; v < K; v++) if (row[v] < row[best]) best = v;
    x[s] = best;
    set[s] = 1;
  }
}

/** The energy of the sites in `sites` and of the bonds among them (each bond once). */
function partEnergy(p: DesignProblem, adj: Adjacency, sites: Int32Array, x: Int32Array): number {
  let e = 0;
  for (let t = 0; t < sites.length; t++) {
    const s = sites[t];
    for (let k = p.biasStart[s]; k < p.biasStart[s + 1]; k++) if (p.biasValue[k] === x[s]) e += p.biasEnergy[k];
    for (let q = adj.start[s]; q < adj.start[s + 1]; q++) {
      const u = adj.nbr[q];
      if (u > s) e += adj.mult[q] * couplingCost(p, x[s], x[u]);
    }
  }
  return e;
}

/** Tabu search over the hard sites (x holds the start; on return the best found). Returns its energy. */
function tabuSearch(
  p: DesignProblem, adj: Adjacency, hard: Int32Array, x: Int32Array, iters: number, workCap: number,
  target: number, tol: number, rowMin: Float64Array, rng: Prng, limits: Limits, work: Work,
): { energy: number; spent: number } {
  const K = p.K;
  const h = hard.length;
  let energy = partEnergy(p, adj, hard, x);
  if (K === 1 || h === 0) return { energy, spent: 0 };
  if (h * K > GAMMA_CAP) return sweeps(p, adj, hard, x, iters, workCap, energy, tol, limits, work);
  const local = new Int32Array(p.L).fill(-1);
  for (let t = 0; t < h; t++) local[hard[t]] = t;
  const gamma = new Float64Array(h * K);
  const floor = new Float64Array(h);
  const row = new Float64Array(K);
  for (let t = 0; t < h; t++) {
    const s = hard[t];
    biasRow(p, s, gamma, t * K);
    for (let e = adj.start[s]; e < adj.start[s + 1]; e++) addCostRow(p, gamma, t * K, x[adj.nbr[e]], adj.mult[e]);
    floor[t] = siteFloor(p, s, degreeOf(adj, s), rowMin, row);
  }
  // The active sites: gamma at their value above their floor.
  const active = new Int32Array(h);
  const pos = new Int32Array(h).fill(-1);
  let nActive = 0;
  const refresh = (t: number): void => {
    const on = gamma[t * K + x[hard[t]]] > floor[t] + tol;
    if (on && pos[t] < 0) {
      pos[t] = nActive;
      active[nActive++] = t;
    } else if (!on && pos[t] >= 0) {
      const last = active[--nActive];
      active[pos[t]] = last;
      pos[last] = pos[t];
      pos[t] = -1;
    }
  };
  for (let t = 0; t < h; t++) refresh(t);
  const tabu = new Int32Array(h * K);
  const bestX = new Int32Array(h);
  for (let t = 0; t < h; t++) bestX[t] = x[hard[t]];
  let best = energy;
  let dirty = false; // x is at the best energy and bestX is stale
  let spent = 0;
  let it = 0;
  for (; it < iters; it++) {
    if (best <= target + tol) break;
    if ((it & 255) === 0 && limits.check()) break;
    if (spent > workCap) break;
    let bestD = Infinity;
    let mt = -1;
    let mv = -1;
    let ties = 0;
    for (let q = 0; q < nActive; q++) {
      const t = active[q];
      const cur = x[hard[t]];
      const base = t * K;
      const g0 = gamma[base + cur];
      for (let v = 0; v < K; v++) {
        if (v === cur) continue;
        const d = gamma[base + v] - g0;
        if (d > bestD) continue;
        if (tabu[base + v] > it && !(energy + d < best - tol)) continue;
        if (d < bestD) {
          bestD = d;
          mt = t;
          mv = v;
          ties = 1;
        } else if (rng.nextInt(++ties) === 0) {
          mt = t;
          mv = v;
        }
      }
    }
    spent += nActive * K;
    if (mt < 0) {
      mt = nActive > 0 ? active[rng.nextInt(nActive)] : rng.nextInt(h);
      const cur = x[hard[mt]];
      mv = rng.nextInt(K - 1);
      if (mv >= cur) mv++;
      bestD = gamma[mt * K + mv] - gamma[mt * K + cur];
    }
    if (bestD > 0 && dirty) {
      for (let t = 0; t < h; t++) bestX[t] = x[hard[t]];
      dirty = false;
    }
    const s = hard[mt];
    const old = x[s];
    x[s] = mv;
    energy += bestD;
    tabu[mt * K + old] = it + Math.floor(0.6 * nActive) + rng.nextInt(10);
    for (let e = adj.start[s]; e < adj.start[s + 1]; e++) {
      const u = local[adj.nbr[e]];
      const mu = adj.mult[e];
      addCostRow(p, gamma, u * K, mv, mu);
      addCostRow(p, gamma, u * K, old, -mu);
      refresh(u);
    }
    refresh(mt);
    spent += (adj.start[s + 1] - adj.start[s]) * K;
    if (energy < best) {
      best = energy;
      dirty = true;
    }
  }
  work.iterations += it;
  if (!dirty) for (let t = 0; t < h; t++) x[hard[t]] = bestX[t];
  return { energy: partEnergy(p, adj, hard, x), spent };
}

/**
 * The hybrid evolutionary search of Galinier and Hao for colourings (interchangeable values): a
 * population of POPULATION tabu-searched answers; each generation crosses two random parents by
 * GPX (the largest remaining value class of each parent in turn becomes the child's next value, the
 * rest random), runs the tabu search from the child (4·sites iterations, 10·sites every other
 * generation), and puts it in place of the worse parent; until the target, the iteration or work
 * budget, or a limit.
 */
function evolve(
  p: DesignProblem, adj: Adjacency, hard: Int32Array, x: Int32Array, iters: number, workCap: number,
  target: number, tol: number, rowMin: Float64Array, rng: Prng, limits: Limits, work: Work,
): void {
  const K = p.K;
  const h = hard.length;
  // Tabu iterations per individual: 4 per site, then 4 and 10 per site in turn.
  let L = 4 * h;
  const pop: Int32Array[] = [];
  const fit: number[] = [];
  let usedIters = 0;
  let usedWork = 0;
  const load = (vals: Int32Array): void => {
    for (let t = 0; t < h; t++) x[hard[t]] = vals[t];
  };
  const run = (): number => {
    const before = work.iterations;
    const r = tabuSearch(p, adj, hard, x, Math.min(L, iters - usedIters), workCap - usedWork, target, tol, rowMin, rng, limits, work);
    usedIters += work.iterations - before;
    usedWork += r.spent;
    return r.energy;
  };
  const save = (): Int32Array => Int32Array.from(hard, (s) => x[s]);
  let bestK = 0;
  const finish = (): void => load(pop[bestK]);
  for (let k = 0; k < POPULATION; k++) {
    if (k > 0) for (let t = 0; t < h; t++) x[hard[t]] = rng.nextInt(K);
    const e = run();
    pop.push(save());
    fit.push(e);
    if (e < fit[bestK]) bestK = k;
    if (e <= target + tol || limits.stopped !== null || usedIters >= iters || usedWork > workCap) return finish();
  }
  const child = new Int32Array(h);
  const taken = new Uint8Array(h);
  const size = new Int32Array(K);
  while (usedIters < iters && usedWork <= workCap && limits.stopped === null) {
    const a = rng.nextInt(POPULATION);
    let c = rng.nextInt(POPULATION - 1);
    if (c >= a) c++;
    taken.fill(0);
    for (let l = 0; l < K; l++) {
      const par = l % 2 === 0 ? pop[a] : pop[c];
      size.fill(0);
      for (let t = 0; t < h; t++) if (!taken[t]) size[par[t]]++;
      let v = 0;
      for (let w = 1; w < K; w++) if (size[w] > size[v]) v = w;
      if (size[v] === 0) break;
      for (let t = 0; t < h; t++) {
        if (!taken[t] && par[t] === v) {
          child[t] = l;
          taken[t] = 1;
        }
      }
    }
    for (let t = 0; t < h; t++) if (!taken[t]) child[t] = rng.nextInt(K);
    load(child);
    work.restarts++;
    L = (work.restarts % 2 === 0 ? 4 : 10) * h;
    const e = run();
    const worse = fit[a] >= fit[c] ? a : c;
    pop[worse] = save();
    fit[worse] = e;
    if (e < fit[bestK] || worse === bestK) {
      bestK = 0;
      for (let k = 1; k < POPULATION; k++) if (fit[k] < fit[bestK]) bestK = k;
    }
    if (e <= target + tol) break;
  }
  finish();
}

/** Answers kept by the evolutionary search. */
const POPULATION = 10;

/** Hard sites from which a colouring is searched by evolution rather than one tabu run. */
const EVOLVE_MIN_SITES = 100;

/** Tabu iterations per site of the single run before the evolution. */
const PRE_EVOLVE_ITERS_PER_SITE = 2000;

/** Without a gamma table: sweeps of the best single-site move (lowest value on ties) until none improves. */
function sweeps(
  p: DesignProblem, adj: Adjacency, hard: Int32Array, x: Int32Array, iters: number, workCap: number,
  energy: number, tol: number, limits: Limits, work: Work,
): { energy: number; spent: number } {
  const K = p.K;
  const row = new Float64Array(K);
  let spent = 0;
  let moves = 0;
  for (let sweep = 0; sweep < iters && spent <= workCap; sweep++) {
    let improved = false;
    for (let t = 0; t < hard.length; t++) {
      if ((t & 1023) === 0 && limits.check()) break;
      const s = hard[t];
      biasRow(p, s, row);
      for (let e = adj.start[s]; e < adj.start[s + 1]; e++) addCostRow(p, row, 0, x[adj.nbr[e]], adj.mult[e]);
      spent += (1 + adj.start[s + 1] - adj.start[s]) * K;
      let b = x[s];
      for (let v = 0; v < K; v++) if (row[v] < row[b] - tol) b = v;
      if (b !== x[s]) {
        energy += row[b] - row[x[s]];
        x[s] = b;
        improved = true;
        moves++;
      }
    }
    if (!improved || limits.stopped !== null) break;
  }
  work.iterations += moves;
  return { energy: partEnergy(p, adj, hard, x), spent };
}

/** Whether every value is interchangeable: no bias on these sites, one diagonal cost, one off-diagonal cost. */
function interchangeable(p: DesignProblem, sites: Int32Array): boolean {
  for (const s of sites) if (p.biasStart[s + 1] > p.biasStart[s]) return false;
  const K = p.K;
  if (p.coupling === 'none') return true;
  if (p.coupling === 'circulant') {
    for (let d = 2; d < K; d++) if (p.cells[d] !== p.cells[1]) return false;
    return true;
  }
  const diag = p.cells[0];
  const off = K > 1 ? p.cells[1] : 0;
  for (let a = 0; a < K; a++) for (let b = 0; b < K; b++) if (p.cells[a * K + b] !== (a === b ? diag : off)) return false;
  return true;
}

/**
 * Branch and bound over one component (x holds the incumbent; on return the best found).
 * Returns whether the tree closed within `nodeCap` nodes.
 */
function branchAndBound(
  p: DesignProblem, adj: Adjacency, sites: Int32Array, x: Int32Array, nodeCap: number, tol: number,
  rowMin: Float64Array, limits: Limits, work: Work,
): boolean {
  const K = p.K;
  const m = sites.length;
  const local = new Map<number, number>();
  for (let t = 0; t < m; t++) local.set(sites[t], t);
  // Most-constrained order: the heaviest site first, then the one most bonded to those placed.
  const deg = new Float64Array(m);
  for (let t = 0; t < m; t++) deg[t] = degreeOf(adj, sites[t]);
  const placedW = new Float64Array(m);
  const inOrder = new Uint8Array(m);
  const order = new Int32Array(m);
  for (let d = 0; d < m; d++) {
    let b = -1;
    for (let t = 0; t < m; t++) {
      if (inOrder[t]) continue;
      if (b < 0 || placedW[t] > placedW[b] || (placedW[t] === placedW[b] && (deg[t] > deg[b] || (deg[t] === deg[b] && sites[t] < sites[b])))) b = t;
    }
    order[d] = b;
    inOrder[b] = 1;
    const s = sites[b];
    for (let e = adj.start[s]; e < adj.start[s + 1]; e++) placedW[local.get(adj.nbr[e])!] += adj.mult[e];
  }
  const symmetric = interchangeable(p, sites);
  const rotation = !symmetric && p.coupling === 'circulant' && sites.every((s) => p.biasStart[s + 1] === p.biasStart[s]);
  const partial = new Float64Array(m * K);
  for (let t = 0; t < m; t++) biasRow(p, sites[t], partial, t * K);
  const freeDeg = Float64Array.from(deg);
  const placed = new Uint8Array(m);
  const cur = new Int32Array(m);
  const bestX = new Int32Array(m);
  for (let t = 0; t < m; t++) bestX[t] = x[sites[t]];
  let best = partEnergy(p, adj, sites, x);
  let nodes = 0;
  let aborted = false;
  const kids: number[][] = Array.from({ length: m }, () => []);
  const dfs = (depth: number, fixed: number, maxUsed: number): void => {
    if (depth === m) {
      if (fixed < best - tol) {
        best = fixed;
        bestX.set(cur);
      }
      return;
    }
    if (++nodes > nodeCap || ((nodes & 255) === 0 && limits.check())) {
      aborted = true;
      return;
    }
    let bound = fixed;
    for (let t = 0; t < m; t++) {
      if (placed[t]) continue;
      let lo = Infinity;
      const half = 0.5 * freeDeg[t];
      for (let v = 0; v < K; v++) lo = Math.min(lo, partial[t * K + v] + half * rowMin[v]);
      bound += lo;
    }
    if (bound >= best - tol) return;
    const t = order[depth];
    const top = symmetric ? Math.min(K - 1, maxUsed + 1) : rotation && depth === 0 ? 0 : K - 1;
    const vals = kids[depth];
    vals.length = 0;
    for (let v = 0; v <= top; v++) vals.push(v);
    vals.sort((a, b) => partial[t * K + a] - partial[t * K + b] || a - b);
    const s = sites[t];
    for (const v of vals) {
      const add = partial[t * K + v];
      placed[t] = 1;
      cur[t] = v;
      for (let e = adj.start[s]; e < adj.start[s + 1]; e++) {
        const u = local.get(adj.nbr[e])!;
        if (placed[u]) continue;
        addCostRow(p, partial, u * K, v, adj.mult[e]);
        freeDeg[u] -= adj.mult[e];
      }
      dfs(depth + 1, fixed + add, Math.max(maxUsed, v));
      for (let e = adj.start[s]; e < adj.start[s + 1]; e++) {
        const u = local.get(adj.nbr[e])!;
        if (placed[u]) continue;
        addCostRow(p, partial, u * K, v, -adj.mult[e]);
        freeDeg[u] += adj.mult[e];
      }
      placed[t] = 0;
      if (aborted) return;
    }
  };
  dfs(0, 0, -1);
  work.nodes += nodes;
  for (let t = 0; t < m; t++) x[sites[t]] = bestX[t];
  return !aborted;
}

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
