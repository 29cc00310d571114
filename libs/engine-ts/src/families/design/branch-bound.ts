/**
 * design: branch and bound over one component (step 3 of solve.ts's specification;
 * libs/engine-native/src/core/design/branch_bound.cc follows it step for step).
 */
import { Limits } from '../../kernels/model';
import type { DesignProblem } from './problem';
import { type Work, type Adjacency, biasRow, degreeOf, addCostRow, partEnergy, interchangeable } from './model';

/**
 * Branch and bound over one component (x holds the incumbent; on return the best found).
 * Returns whether the tree closed within `nodeCap` nodes.
 */
export function branchAndBound(
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
