/**
 * design: exact dynamic programming over a tree component (sites − 1 distinct bonds) in
 * O(sites·K²): messages from the leaves up, back-pointers down (step 2 of solve.ts's specification;
 * libs/engine-native/src/core/design/tree_dp.cc follows it step for step).
 */
import { Limits } from '../../kernels/model';
import { couplingCost } from './evaluate';
import type { DesignProblem } from './problem';
import { type Adjacency, biasRow } from './model';

/**
 * Tree dynamic program over the component sites order[a..b) (breadth-first, root order[a]); writes the
 * optimum into x and returns its energy, or null when the limits stopped it.
 */
export function treeDp(p: DesignProblem, adj: Adjacency, sites: Int32Array, x: Int32Array, limits: Limits): number | null {
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
