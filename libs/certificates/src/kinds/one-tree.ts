/**
 * `one_tree` (tsp, symmetric): bound = w(T*) − 2·Σπ_i, T* a minimum 1-tree under
 * d′_ij = d_ij + π_i + π_j (docs/certificates.md "one_tree"). Inside a branch tree the 1-tree must
 * hold the path's in-edges and avoid its out-edges; when no such 1-tree exists the leaf's problem is
 * infeasible (bound +∞, returned as null).
 */
import { lcmDen, num, q, scaled, type Q } from '../rational';
import { need } from '../report';
import { arr, obj, onlyKeys } from '../shape';
import type { Tsp } from '../problem';

/** Edge literals fixed on a branch-tree path: key i·n + j with i < j. */
export interface EdgeFixings { inEdges: Set<number>; outEdges: Set<number> }

export const NO_EDGE_FIXINGS: EdgeFixings = { inEdges: new Set(), outEdges: new Set() };

/** The cities one_tree needs at least (a 1-tree on 2 cities has no two distinct edges at city 0). */
export const ONE_TREE_MIN_N = 3;

export function checkOneTree(tsp: Tsp, cert: unknown, step: string, fix: EdgeFixings = NO_EDGE_FIXINGS): Q | null {
  const c = obj(cert, step);
  onlyKeys(c, ['pi'], step);
  need(tsp.symmetric, step, `${step}: one_tree needs a symmetric distance matrix`);
  const n = tsp.n;
  need(n >= ONE_TREE_MIN_N, step, `${step}: one_tree needs at least ${ONE_TREE_MIN_N} cities`);
  const piRaw = arr(c.pi, `${step}.pi`);
  need(piRaw.length === n, `${step}.pi`, `${step}.pi: expected ${n} numbers (one per city), got ${piRaw.length}`);
  const pi = piRaw.map((x, i) => num(x, `${step}.pi[${i}]`));
  const S = lcmDen(pi);
  const p = pi.map((x) => scaled(x, S));
  const w = (i: number, j: number): bigint => tsp.d(i, j) * S + p[i] + p[j];
  const key = (i: number, j: number) => (i < j ? i * n + j : j * n + i);
  // Prim on cities 1..n−1: in-edges first (tier 0), then by weight; out-edges absent.
  const INF_TIER = 2;
  const inTree = new Uint8Array(n);
  const tier = new Int8Array(n).fill(INF_TIER);
  const best: bigint[] = new Array(n).fill(0n);
  const from = new Int32Array(n).fill(-1);
  let total = 0n;
  inTree[0] = 1;
  let cur = 1;
  inTree[1] = 1;
  let inUsed = 0;
  for (let added = 1; added < n - 1; added++) {
    for (let v = 2; v < n; v++) {
      if (inTree[v]) continue;
      const k = key(cur, v);
      if (fix.outEdges.has(k)) continue;
      const t = fix.inEdges.has(k) ? 0 : 1;
      const wv = w(cur, v);
      if (t < tier[v] || (t === tier[v] && wv < best[v])) { tier[v] = t; best[v] = wv; from[v] = cur; }
    }
    let next = -1;
    for (let v = 2; v < n; v++) if (!inTree[v] && tier[v] < INF_TIER && (next < 0 || tier[v] < tier[next] || (tier[v] === tier[next] && best[v] < best[next]))) next = v;
    if (next < 0) return null; // out-edges disconnect cities 1..n−1: no tour
    inTree[next] = 1;
    total += best[next];
    if (tier[next] === 0) inUsed++;
    cur = next;
  }
  let inAmongRest = 0;
  for (const k of fix.inEdges) if (Math.floor(k / n) !== 0) inAmongRest++;
  if (inUsed < inAmongRest) return null; // the in-edges close a cycle on cities 1..n−1: no tour
  // City 0: its in-edges, then its cheapest other edges that are not out.
  const zeroIn: number[] = [], zeroFree: bigint[] = [];
  for (let v = 1; v < n; v++) {
    const k = key(0, v);
    if (fix.inEdges.has(k)) zeroIn.push(v);
    else if (!fix.outEdges.has(k)) zeroFree.push(w(0, v));
  }
  if (zeroIn.length > 2 || zeroIn.length + zeroFree.length < 2) return null;
  for (const v of zeroIn) total += w(0, v);
  zeroFree.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (let k = 0; k < 2 - zeroIn.length; k++) total += zeroFree[k];
  let sumP = 0n;
  for (const x of p) sumP += x;
  return q(total - 2n * sumP, S);
}
