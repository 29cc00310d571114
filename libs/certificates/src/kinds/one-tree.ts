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
/** The most cities a one_tree is checked for (an O(n²) Prim: about 2 s at 5000 cities on a loaded core). */
export const ONE_TREE_MAX_N = 5000;

export function checkOneTree(tsp: Tsp, cert: unknown, step: string, fix: EdgeFixings = NO_EDGE_FIXINGS): Q | null {
  const c = obj(cert, step);
  onlyKeys(c, ['pi'], step);
  need(tsp.symmetric, step, `${step}: one_tree needs a symmetric distance matrix`);
  const n = tsp.n;
  need(n >= ONE_TREE_MIN_N, step, `${step}: one_tree needs at least ${ONE_TREE_MIN_N} cities`);
  need(n <= ONE_TREE_MAX_N, 'size', `${step}: ${n} cities is over the one_tree checker's cap of ${ONE_TREE_MAX_N}`);
  const piRaw = arr(c.pi, `${step}.pi`);
  need(piRaw.length === n, `${step}.pi`, `${step}.pi: expected ${n} numbers (one per city), got ${piRaw.length}`);
  const pi = piRaw.map((x, i) => num(x, `${step}.pi[${i}]`));
  const S = lcmDen(pi);
  const p = pi.map((x) => scaled(x, S));
  const key = (i: number, j: number) => (i < j ? i * n + j : j * n + i);
  // Doubles are exact while every d′ stays below 2^53; else BigInt (the same Prim either way).
  let pmax = 0n;
  for (const x of p) pmax = x < 0n ? (-x > pmax ? -x : pmax) : x > pmax ? x : pmax;
  const exactInDoubles = BigInt(Math.ceil(tsp.dmax)) * S + 2n * pmax < 2n ** 53n;
  let tree: { total: bigint; inUsed: number } | null;
  if (exactInDoubles) {
    const pn = p.map(Number), Sn = Number(S);
    tree = prim<number>(n, (i, j) => tsp.dn(i, j) * Sn + pn[i] + pn[j], (x) => BigInt(x), key, fix, 0);
  } else {
    tree = prim<bigint>(n, (i, j) => tsp.d(i, j) * S + p[i] + p[j], (x) => x, key, fix, 0n);
  }
  if (tree === null) return null; // out-edges disconnect cities 1..n−1: no tour
  let total = tree.total;
  const inUsed = tree.inUsed;
  const w = (i: number, j: number): bigint => tsp.d(i, j) * S + p[i] + p[j];
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

/**
 * Prim on cities 1..n−1 under w: in-edges first (tier 0), then by weight; out-edges absent. The
 * tree's weight (exact) and how many in-edges it took, or null when cities 1..n−1 are disconnected.
 */
function prim<T extends number | bigint>(n: number, w: (i: number, j: number) => T, big: (x: T) => bigint, key: (i: number, j: number) => number, fix: EdgeFixings, zero: T): { total: bigint; inUsed: number } | null {
  const INF_TIER = 2;
  const inTree = new Uint8Array(n);
  const tier = new Int8Array(n).fill(INF_TIER);
  const best: T[] = new Array<T>(n).fill(zero);
  const fixed = fix.inEdges.size + fix.outEdges.size > 0;
  let total = 0n;
  inTree[0] = 1;
  inTree[1] = 1;
  let cur = 1;
  let inUsed = 0;
  for (let added = 1; added < n - 1; added++) {
    for (let v = 2; v < n; v++) {
      if (inTree[v]) continue;
      let t = 1;
      if (fixed) {
        const k = key(cur, v);
        if (fix.outEdges.has(k)) continue;
        if (fix.inEdges.has(k)) t = 0;
      }
      const wv = w(cur, v);
      if (t < tier[v] || (t === tier[v] && wv < best[v])) { tier[v] = t; best[v] = wv; }
    }
    let next = -1;
    for (let v = 2; v < n; v++) if (!inTree[v] && tier[v] < INF_TIER && (next < 0 || tier[v] < tier[next] || (tier[v] === tier[next] && best[v] < best[next]))) next = v;
    if (next < 0) return null;
    inTree[next] = 1;
    total += big(best[next]);
    if (tier[next] === 0) inUsed++;
    cur = next;
  }
  return { total, inUsed };
}
