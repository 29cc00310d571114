/**
 * tsp's `tree` certificate (docs/certificates.md "tree"): the branch tree an engine recorded when its
 * branch and bound closed below the root (`PermutationResult.tree`, both engines: engine-ts
 * families/tsp/branch.ts, native core/tsp/branch.cc write the same stream), in pre-order with each
 * leaf's penalties π as a `one_tree` certificate read with only its path's edge fixings. Each
 * leaf's exact bound — the minimum 1-tree holding the path's in-edges and avoiding its out-edges,
 * under d(i, j) + π_i + π_j with π rounded to integers (then grids of 2⁻⁴, 2⁻¹⁰, 2⁻²⁰, 2⁻³⁶, 2⁻⁵²: the first that works, for short decimals) and summed in
 * integers — must exceed the tour's length less 1 (integer distances); a leaf no grid makes reach
 * it gives no certificate (and says which). Every "infeasible" leaf is re-read by inspection of
 * its path (a third in-edge at a city, a city with fewer than two edges that are not out, in-edges
 * closing a subtour) before it is written.
 */
import type { TspDistance } from '@svc/engine-ts/families/tsp';
import type { CertificateOutcome } from '../adapter';
import { exactDecimal } from '../shared/exact-decimal';

/** The engines' stream codes (families/tsp/branch.ts). */
const INFEASIBLE = -1;
const LEAF = -2;
/** The grids a leaf's penalties are tried on, coarsest (shortest decimals) first. */
const SHIFTS = [0, 4, 10, 20, 36, 52];

type TreeJson = { split: [number, number] } | { leaf: 'infeasible' | { kind: 'one_tree'; pi: string[] } };

/** The exact decimal of a / 2^s (a an integer, either sign). */
function dyadic(a: bigint, s: number): string {
  return a < 0n ? `-${exactDecimal(-a, s, 0)}` : exactDecimal(a, s, 0);
}

/**
 * The minimum 1-tree's weight under w (integers, exact) holding every in-edge (`st` 1) and no
 * out-edge (`st` −1), or null when none exists (the leaf's region holds no tour).
 */
function fixedOneTree<T extends number | bigint>(n: number, st: Int8Array, inAmongRest: number, w: (i: number, j: number) => T, big: (x: T) => bigint, zero: T): bigint | null {
  const inTree = new Uint8Array(n);
  const tier = new Int8Array(n).fill(2);
  const best: T[] = new Array<T>(n).fill(zero);
  let total = 0n;
  inTree[1] = 1;
  let cur = 1;
  let inUsed = 0;
  for (let added = 1; added < n - 1; added++) {
    for (let v = 2; v < n; v++) {
      if (inTree[v]) continue;
      const s = st[cur * n + v];
      if (s === -1) continue;
      const t = s === 1 ? 0 : 1;
      const wv = w(cur, v);
      if (t < tier[v] || (t === tier[v] && wv < best[v])) {
        tier[v] = t;
        best[v] = wv;
      }
    }
    let next = -1;
    for (let v = 2; v < n; v++) if (!inTree[v] && tier[v] < 2 && (next < 0 || tier[v] < tier[next] || (tier[v] === tier[next] && best[v] < best[next]))) next = v;
    if (next < 0) return null;
    inTree[next] = 1;
    total += big(best[next]);
    if (tier[next] === 0) inUsed++;
    cur = next;
  }
  if (inUsed < inAmongRest) return null;
  const free: bigint[] = [];
  let zeroIn = 0;
  for (let v = 1; v < n; v++) {
    if (st[v] === 1) {
      zeroIn++;
      total += big(w(0, v));
    } else if (st[v] === 0) free.push(big(w(0, v)));
  }
  if (zeroIn > 2 || zeroIn + free.length < 2) return null;
  free.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (let k = 0; k < 2 - zeroIn; k++) total += free[k];
  return total;
}

/**
 * fixedOneTree with weights D·scale + a_i + a_j exact in doubles (every one below 2⁵³): the same
 * Prim without closures, summed in doubles while the partial sum stays exact, then as BigInt.
 */
function fixedOneTreeDoubles(n: number, st: Int8Array, inAmongRest: number, D: Float64Array, scale: number, a: Float64Array, keep?: KeptTree): bigint | null {
  const inTree = new Uint8Array(n);
  const tier = new Int8Array(n).fill(2);
  const best = new Float64Array(n);
  const from = new Int32Array(n).fill(1);
  let total = 0n;
  let part = 0;
  const flush = () => {
    total += BigInt(part);
    part = 0;
  };
  inTree[1] = 1;
  let cur = 1;
  let inUsed = 0;
  for (let added = 1; added < n - 1; added++) {
    const row = cur * n;
    const ac = a[cur];
    for (let v = 2; v < n; v++) {
      if (inTree[v]) continue;
      const s = st[row + v];
      if (s === -1) continue;
      const t = s === 1 ? 0 : 1;
      const wv = D[row + v] * scale + ac + a[v];
      if (t < tier[v] || (t === tier[v] && wv < best[v])) {
        tier[v] = t;
        best[v] = wv;
        from[v] = cur;
      }
    }
    let next = -1;
    for (let v = 2; v < n; v++) if (!inTree[v] && tier[v] < 2 && (next < 0 || tier[v] < tier[next] || (tier[v] === tier[next] && best[v] < best[next]))) next = v;
    if (next < 0) return null;
    inTree[next] = 1;
    if (keep !== undefined) {
      keep.parent[next] = from[next];
      keep.depth[next] = keep.depth[from[next]] + 1;
    }
    const x = best[next];
    if (Math.abs(part + x) >= 2 ** 53 || Math.abs(part) >= 2 ** 52) flush();
    part += x;
    if (tier[next] === 0) inUsed++;
    cur = next;
  }
  flush();
  if (inUsed < inAmongRest) return null;
  const free: number[] = [];
  let zeroIn = 0;
  for (let v = 1; v < n; v++) {
    const w = D[v] * scale + a[0] + a[v];
    if (st[v] === 1) {
      zeroIn++;
      total += BigInt(w);
    } else if (st[v] === 0) free.push(w);
  }
  if (zeroIn > 2 || zeroIn + free.length < 2) return null;
  free.sort((x, y) => x - y);
  for (let k = 0; k < 2 - zeroIn; k++) total += BigInt(free[k]);
  if (keep !== undefined) {
    // City 0's two tree edges: its in-edges, then its cheapest free ones (the same choice as above).
    keep.zero.length = 0;
    for (let v = 1; v < n; v++) if (st[v] === 1) keep.zero.push({ v, w: D[v] * scale + a[0] + a[v], fixed: true });
    const byCost = [];
    for (let v = 1; v < n; v++) if (st[v] === 0) byCost.push({ v, w: D[v] * scale + a[0] + a[v], fixed: false });
    byCost.sort((x, y) => x.w - y.w);
    for (let k = 0; keep.zero.length < 2; k++) keep.zero.push(byCost[k]);
    for (let v = 2; v < n; v++) {
      keep.weight[v] = best[v];
      keep.fixed[v] = tier[v] === 0 ? 1 : 0;
    }
    keep.total = total;
  }
  return total;
}

/**
 * A node's exact minimum 1-tree kept for the leaves below it that differ from its fixings only by
 * out-edges the tree does not use and one more in-edge (the α-fixings' leaves): for those the
 * minimum 1-tree is this one with the in-edge swapped for the costliest non-fixed edge of the cycle
 * it closes (on cities 1..n−1), or for city 0's costlier non-fixed edge — one path walk instead of
 * a Prim.
 */
interface KeptTree {
  /** Cities 2..n−1: the tree edge to `parent` (rooted at city 1), its weight, 1 when it is an in-edge. */
  parent: Int32Array;
  depth: Int32Array;
  weight: Float64Array;
  fixed: Uint8Array;
  zero: { v: number; w: number; fixed: boolean }[];
  total: bigint;
}

/**
 * Why the path's fixings hold no tour by inspection, or null: `inDeg` / `outDeg` count each city's
 * in- and out-edges, `ins` lists the in-edges (u·n + v).
 */
function infeasibleByInspection(n: number, inDeg: Int32Array, outDeg: Int32Array, ins: number[]): string | null {
  for (let i = 0; i < n; i++) {
    if (inDeg[i] > 2) return 'a third in-edge';
    if (n - 1 - outDeg[i] < 2) return 'fewer than two usable edges';
  }
  const parent = Int32Array.from({ length: n }, (_, v) => v);
  const find = (v: number): number => {
    while (parent[v] !== v) {
      parent[v] = parent[parent[v]];
      v = parent[v];
    }
    return v;
  };
  let cycle = false;
  for (const e of ins) {
    const a = find(Math.floor(e / n)), b = find(e % n);
    if (a === b) cycle = true;
    parent[a] = b;
  }
  return cycle && ins.length < n ? 'a subtour' : null;
}

/**
 * The certificate of the recorded `stream` proving a tour of integer length `length` optimal on n
 * cities with distances `d` (integers), or why there is none.
 */
export function tspTreeCertificate(n: number, d: TspDistance, stream: Float64Array, length: number): CertificateOutcome {
  if (stream.length === 0) return { omitted: 'too large: the branch tree passed the recording cap (10⁶ values or 5·10⁷ checker operations)' };
  let dmax = 0;
  const D = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const x = d(i, j);
      if (!Number.isSafeInteger(x)) return { omitted: 'distances not integers or too large for the exact 1-tree' };
      dmax = Math.max(dmax, Math.abs(x));
      D[i * n + j] = x;
      D[j * n + i] = x;
    }
  }
  const st = new Int8Array(n * n);
  // In-edges of the path among cities 1..n−1 (a 1-tree must take them all).
  let inAmongRest = 0;
  const inDeg = new Int32Array(n);
  const outDeg = new Int32Array(n);
  const set = (e: number, s: number) => {
    const u = Math.floor(e / n), v = e - u * n;
    const was = st[u * n + v];
    if (u !== 0 && v !== 0) inAmongRest += (s === 1 ? 1 : 0) - (was === 1 ? 1 : 0);
    const di = (s === 1 ? 1 : 0) - (was === 1 ? 1 : 0), dout = (s === -1 ? 1 : 0) - (was === -1 ? 1 : 0);
    inDeg[u] += di;
    inDeg[v] += di;
    outDeg[u] += dout;
    outDeg[v] += dout;
    st[u * n + v] = s;
    st[v * n + u] = s;
  };
  // Each path entry's id changes whenever it is pushed or turned to its "in" side, so a kept tree
  // knows whether the fixings it was made for are still the path's prefix.
  const path: { e: number; side: number; id: number }[] = [];
  let ids = 0;
  type Kept = KeptTree & { shift: number; a: Float64Array; ids: number[]; valid: boolean };
  // One kept tree per grid (a leaf short on one grid is tried on the next).
  const keptBy = new Map<number, Kept>();
  let kept: Kept = null as unknown as Kept;
  const useGrid = (s: number) => {
    let k = keptBy.get(s);
    if (k === undefined) {
      k = {
        parent: new Int32Array(n), depth: new Int32Array(n), weight: new Float64Array(n), fixed: new Uint8Array(n), zero: [], total: 0n,
        shift: s, a: new Float64Array(n), ids: [], valid: false,
      };
      keptBy.set(s, k);
    }
    kept = k;
  };
  const inTree = (e: number): boolean => {
    const u = Math.floor(e / n), v = e - u * n;
    if (u === 0 || v === 0) return kept.zero.some((z) => z.v === u + v);
    return kept.parent[u] === v || kept.parent[v] === u;
  };
  /**
   * The exact 1-tree total for the current path from the kept tree, or undefined when the path is
   * not the kept prefix plus out-edges outside the tree and a last in-edge (null: no 1-tree).
   */
  const fromKept = (scale: number, a: Float64Array, s: number): bigint | null | undefined => {
    const m = path.length;
    if (!kept.valid || kept.shift !== s || m === 0 || path[m - 1].side !== 1) return undefined;
    const d = kept.ids.length;
    if (d > m - 1) return undefined;
    for (let i = 0; i < d; i++) if (path[i].id !== kept.ids[i]) return undefined;
    for (let i = d; i < m - 1; i++) if (path[i].side !== 0 || inTree(path[i].e)) return undefined;
    for (let i = 0; i < n; i++) if (kept.a[i] !== a[i]) return undefined;
    const e = path[m - 1].e;
    if (inTree(e)) return kept.total;
    const u = Math.floor(e / n), v = e - u * n;
    const w = D[u * n + v] * scale + a[u] + a[v];
    let drop = -Infinity;
    if (u === 0 || v === 0) {
      const free = kept.zero.filter((z) => !z.fixed);
      if (free.length === 0) return null; // a third in-edge at city 0
      drop = Math.max(...free.map((z) => z.w));
    } else {
      // The costliest non-fixed edge on the tree path u..v.
      let x = u, y = v;
      while (x !== y) {
        if (kept.depth[x] < kept.depth[y]) [x, y] = [y, x];
        if (!kept.fixed[x] && kept.weight[x] > drop) drop = kept.weight[x];
        x = kept.parent[x];
      }
      if (drop === -Infinity) return null; // in-edges and e close a cycle on cities 1..n−1
    }
    return kept.total + BigInt(w) - BigInt(drop);
  };
  /**
   * Keeps the exact 1-tree of the path's prefix before its trailing out-edges and last in-edge;
   * when that tree uses one of those out-edges (a branching edge taken out, whose node's α-fixings
   * follow it), once more from the prefix that ends with the last such out-edge.
   */
  const keepPrefix = (scale: number, a: Float64Array, s: number): void => {
    kept.valid = false;
    const m = path.length;
    if (m === 0 || path[m - 1].side !== 1) return;
    let d = m - 1;
    while (d > 0 && path[d - 1].side === 0) d--;
    for (let round = 0; round < 2; round++) {
      for (let i = d; i < m; i++) set(path[i].e, 0);
      kept.depth.fill(0);
      const t = fixedOneTreeDoubles(n, st, inAmongRest, D, scale, a, kept);
      for (let i = d; i < m; i++) set(path[i].e, path[i].side === 1 ? 1 : -1);
      if (t === null) return;
      let last = -1;
      for (let i = d; i < m - 1; i++) if (inTree(path[i].e)) last = i;
      if (last < 0) {
        kept.valid = true;
        kept.shift = s;
        kept.a.set(a);
        kept.ids = path.slice(0, d).map((p) => p.id);
        return;
      }
      d = last + 1;
    }
  };
  const nodes: TreeJson[] = [];
  const bad = (why: string): CertificateOutcome => ({ omitted: `the recorded branch tree is malformed: ${why}` });
  const target = BigInt(length - 1);
  /** The leaf's π on the first grid whose exact bound exceeds length − 1 (null: +∞ needs none finer), or a failure. */
  const leafPi = (at: number): string[] | 'short' | 'large' => {
    for (const s of SHIFTS) {
      const scale = 2 ** s;
      const af = new Float64Array(n);
      let amax = 0;
      let sumA = 0;
      for (let i = 0; i < n; i++) {
        // π·2^s and its rounding are exact in doubles (a power of two, then an integer-valued double).
        const x = Math.round(stream[at + i] * scale);
        if (!Number.isFinite(x) || Math.abs(x) > 2 ** 1000) return 'large';
        af[i] = x;
        amax = Math.max(amax, Math.abs(x));
        sumA += x;
      }
      let total: bigint | null;
      let sum: bigint;
      if (dmax * scale + 2 * amax < 2 ** 52 && n * amax < 2 ** 52) {
        // Every weight and the sum of π exact in doubles.
        sum = BigInt(sumA);
        useGrid(s);
        let t = fromKept(scale, af, s);
        if (t === undefined) {
          keepPrefix(scale, af, s);
          t = fromKept(scale, af, s);
        }
        total = t !== undefined ? t : fixedOneTreeDoubles(n, st, inAmongRest, D, scale, af);
      } else {
        const a = Array.from(af, (x) => BigInt(x));
        const S = BigInt(scale);
        sum = a.reduce((x, y) => x + y, 0n);
        total = fixedOneTree<bigint>(n, st, inAmongRest, (i, j) => BigInt(D[i * n + j]) * S + a[i] + a[j], (x) => x, 0n);
      }
      if (total === null || total - 2n * sum > target * BigInt(scale)) return Array.from(af, (x) => (s === 0 ? String(x) : dyadic(BigInt(x), s)));
    }
    return 'short';
  };
  let k = 0;
  while (k < stream.length) {
    const code = stream[k++];
    if (code >= 0) {
      const u = Math.floor(code / n), v = code - u * n;
      if (!Number.isInteger(code) || u === v || u >= n || st[u * n + v] !== 0) return bad(`split ${code}`);
      path.push({ e: code, side: 0, id: ++ids });
      set(code, -1);
      nodes.push({ split: [Math.min(u, v), Math.max(u, v)] });
      continue;
    }
    if (code === INFEASIBLE) {
      if (infeasibleByInspection(n, inDeg, outDeg, path.filter((q) => q.side === 1).map((q) => q.e)) === null) return bad(`leaf ${nodes.length} is not infeasible by inspection`);
      nodes.push({ leaf: 'infeasible' });
    } else if (code === LEAF) {
      if (k + n > stream.length) return bad('a leaf is cut short');
      const pi = leafPi(k);
      if (pi === 'large') return { omitted: `branch_and_bound: leaf ${nodes.length}'s penalties are too large for the exact 1-tree` };
      if (pi === 'short') return { omitted: `branch_and_bound: leaf ${nodes.length} of the recorded branch tree does not reach the length less 1 exactly` };
      nodes.push({ leaf: { kind: 'one_tree', pi } });
      k += n;
    } else return bad(`code ${code}`);
    // The subtree is complete: back up to the deepest split still on its "out" side.
    for (;;) {
      const top = path.at(-1);
      if (top === undefined) break;
      if (top.side === 0) {
        top.side = 1;
        top.id = ++ids;
        set(top.e, 1);
        break;
      }
      set(top.e, 0);
      path.pop();
    }
    if (path.length === 0) break;
  }
  if (k !== stream.length || path.length !== 0) return bad('not one complete tree');
  // A tree of one leaf (the root closed by its own subgradient steps) is that leaf's one_tree.
  const only = nodes[0];
  if (nodes.length === 1 && 'leaf' in only && only.leaf !== 'infeasible') return { certificate: only.leaf };
  return { certificate: { kind: 'tree', nodes } };
}
