/**
 * tsp branch and bound below the root (the native twin, libs/engine-native/src/core/tsp/branch.cc,
 * follows it step for step). Specification:
 *   - Depth first over edge fixings (free, included, excluded) of the complete graph; the incumbent
 *     is the local search's tour, and a node is closed when ⌈bound⌉ (less a rounding margin) is at
 *     least the incumbent: every tour has an integer length, so the node holds none shorter.
 *   - Fixings propagate: a city with two included edges has its other edges excluded; an included
 *     edge that leaves a path of two or more edges excludes the edge between the path's ends (it
 *     would close a subtour) unless the path holds every city; a city left with fewer than two
 *     usable edges, an included edge already excluded (or the reverse), or a third included edge at
 *     a city closes the node.
 *   - The bound of a node is the Held–Karp 1-tree with the fixings: Prim over cities 1..n−1 from
 *     city 1 in the order (included first, then d + π_i + π_j), excluded edges never, city 0 by its
 *     included edges then its cheapest usable ones; `nodeIters` subgradient steps (step factor
 *     `NODE_LAMBDA`, halved after BOUND_PATIENCE steps without a better bound, the incumbent as the
 *     target; at least one step) warm-started from the parent's best penalties (the root from the root bound's).
 *   - A 1-tree that is a tour is the best tour of its node: it replaces the incumbent when shorter.
 *   - α-fixing: with the best penalties' 1-tree, every free edge whose forced 1-tree (the tree
 *     edge it would replace: the costliest non-included edge on its tree path, or city 0's costlier
 *     non-included edge) reaches the incumbent is excluded below the node.
 *   - Branching: the city of largest 1-tree degree (the lowest index among equals), its free tree
 *     edge of largest d + π_i + π_j (the lowest other end among equals); the child that excludes it
 *     first, then the one that includes it.
 * Returns the best tour found (null when none beat the incumbent) and whether the tree closed (the
 * incumbent or the returned tour is then optimal). A limit or the node budget leaves it open.
 *
 * The record of a closed tree (the service's `tree` certificate, docs/certificates.md "tree"), in
 * pre-order, as `tree`: a value u·n + v ≥ 0 (u < v) is a split on the edge [u, v], followed by its
 * "out" subtree, then its "in" subtree; TREE_INFEASIBLE a leaf whose path holds no tour by
 * inspection; TREE_LEAF a leaf followed by the n penalties π whose 1-tree, read with only the
 * path's fixings, closes it. Every fixing the search makes is on the path: a branching edge is a
 * split; an exclusion the propagation makes (a city's third edge, a subtour's closing edge) is a
 * split whose "in" side is an infeasible leaf; an α-fixing is a split whose "in" side is a leaf
 * with the penalties of the 1-tree that excluded it. The record is dropped (empty) once it passes
 * the checker's caps (TREE_MAX_VALUES values, TREE_MAX_WORK operations: n² per π leaf).
 */
import type { Limits } from '../../kernels/model';

interface Work {
  iterations: number;
  nodes: number;
  restarts: number;
}

/** Subgradient steps without a better bound before the step factor halves (as the root's). */
const BOUND_PATIENCE = 5;
/** The first step factor at a node, as the root's (measured on kroA100: 0.5 and 1 closed later or not in 20 s, 4 later). */
const NODE_LAMBDA = 2;

export const TREE_INFEASIBLE = -1;
export const TREE_LEAF = -2;
/** The checker's caps (docs/certificates.md "Size"): values of the certificate, operations of its leaves. */
export const TREE_MAX_VALUES = 1_000_000;
export const TREE_MAX_WORK = 50_000_000;

export interface BranchResult {
  tour: Int32Array | null;
  closed: boolean;
  /** The closed tree's pre-order record (see the file comment); empty when it passed the caps, absent when open. */
  tree?: Float64Array;
}

/**
 * Proves `ubTour` (length `ub`) optimal or finds a shorter tour. `D` is the n×n distance matrix,
 * `rootPi` the root bound's best penalties.
 */
export function tspBranchAndBound(
  n: number, D: Float64Array, ub: number, rootPi: Float64Array, nodeIters: number, maxNodes: number, limits: Limits, work: Work,
): BranchResult {
  const st = new Int8Array(n * n); // 0 free, 1 included, −1 excluded
  const inc = new Int32Array(2 * n).fill(-1);
  const incDeg = new Int32Array(n);
  const avail = new Int32Array(n).fill(n - 1);
  const trail: number[] = [];
  // The record: exclusions made while `logging` (propagation) are listed in `logged`.
  let logging = false;
  const logged: number[] = [];
  const rec: number[] = [];
  let recValues = 1;
  let recWork = 0;
  let recOn = true;
  const recPush = (x: number, work = 0) => {
    if (!recOn) return;
    rec.push(x);
    recValues += 2;
    recWork += work;
    if (recValues > TREE_MAX_VALUES || recWork > TREE_MAX_WORK) {
      recOn = false;
      rec.length = 0;
    }
  };
  const recLeaf = (p: Float64Array | null) => {
    if (p === null) return recPush(TREE_INFEASIBLE);
    recPush(TREE_LEAF, n * n);
    if (!recOn) return;
    for (let i = 0; i < n; i++) rec.push(p[i]);
    recValues += n;
  };
  // The 1-tree of the last evaluation.
  const key = new Float64Array(n);
  const forcedKey = new Uint8Array(n);
  const parent = new Int32Array(n);
  const inTree = new Uint8Array(n);
  const order = new Int32Array(n);
  const deg = new Int32Array(n);
  const beta = new Float64Array(n * n);
  let zeroA = -1;
  let zeroB = -1;
  let mag = 0;
  let best: Int32Array | null = null;

  const setStatus = (u: number, v: number, s: number) => {
    st[u * n + v] = s;
    st[v * n + u] = s;
  };
  /** Takes b off a's included edges. */
  const dropIncluded = (a: number, b: number) => {
    incDeg[a]--;
    if (inc[2 * a] === b) inc[2 * a] = inc[2 * a + 1];
    inc[2 * a + 1] = -1;
  };
  const undoTo = (mark: number) => {
    while (trail.length > mark) {
      const code = trail.pop()!;
      const u = Math.floor(code / n);
      const v = code - u * n;
      if (st[code] === 1) {
        dropIncluded(u, v);
        dropIncluded(v, u);
      } else {
        avail[u]++;
        avail[v]++;
      }
      setStatus(u, v, 0);
    }
  };
  const exclude = (u: number, v: number): boolean => {
    const s = st[u * n + v];
    if (s === -1) return true;
    if (s === 1) return false;
    setStatus(u, v, -1);
    avail[u]--;
    avail[v]--;
    trail.push(u * n + v);
    if (logging) logged.push(u < v ? u * n + v : v * n + u);
    return avail[u] >= 2 && avail[v] >= 2;
  };
  /** The far end of the included path from city u (u has at most one included edge) and its edge count. */
  let pathLen = 0;
  const farEnd = (u: number): number => {
    let prev = -1;
    let cur = u;
    pathLen = 0;
    for (;;) {
      const x = inc[2 * cur];
      const y = inc[2 * cur + 1];
      const next = x !== -1 && x !== prev ? x : y !== -1 && y !== prev ? y : -1;
      if (next === -1) return cur;
      prev = cur;
      cur = next;
      pathLen++;
    }
  };
  const excludeOthers = (u: number): boolean => {
    for (let w = 0; w < n; w++) {
      if (w !== u && st[u * n + w] === 0 && !exclude(u, w)) return false;
    }
    return true;
  };
  const include = (u: number, v: number): boolean => {
    const s = st[u * n + v];
    if (s === 1) return true;
    if (s === -1 || incDeg[u] === 2 || incDeg[v] === 2) return false;
    const a = farEnd(u);
    const lenU = pathLen;
    if (a === v && lenU + 1 !== n) return false;
    const b = farEnd(v);
    const lenV = pathLen;
    setStatus(u, v, 1);
    inc[2 * u + incDeg[u]++] = v;
    inc[2 * v + incDeg[v]++] = u;
    trail.push(u * n + v);
    if (incDeg[u] === 2 && !excludeOthers(u)) return false;
    if (incDeg[v] === 2 && !excludeOthers(v)) return false;
    // The joined path's ends (a lone edge is its own ends: nothing to exclude).
    if (a !== v && lenU + lenV > 0 && lenU + lenV + 1 < n - 1 && !exclude(a, b)) return false;
    return true;
  };

  /** City 0's cheapest free edge other than to `skip` (−1 if none). */
  const cheapestAtZero = (pi: Float64Array, skip: number): number => {
    let m = Infinity;
    let at = -1;
    for (let q = 1; q < n; q++) {
      if (st[q] !== 0 || q === skip) continue;
      const c = D[q] + pi[0] + pi[q];
      if (c < m) {
        m = c;
        at = q;
      }
    }
    return at;
  };
  /** The constrained 1-tree under penalties pi: its value, or −Infinity when no 1-tree exists. */
  const oneTree = (pi: Float64Array): number => {
    deg.fill(0);
    inTree.fill(0);
    inTree[1] = 1;
    order[0] = 1;
    parent[1] = -1;
    for (let j = 2; j < n; j++) {
      const s = st[n + j];
      key[j] = s === -1 ? Infinity : D[n + j] + pi[1] + pi[j];
      forcedKey[j] = s === 1 ? 1 : 0;
      parent[j] = 1;
    }
    let w = 0;
    mag = 0;
    for (let t = 2; t < n; t++) {
      let next = -1;
      let bk = Infinity;
      let bf = 0;
      for (let j = 2; j < n; j++) {
        if (inTree[j]) continue;
        const f = forcedKey[j];
        if (f > bf || (f === bf && key[j] < bk)) {
          bk = key[j];
          bf = f;
          next = j;
        }
      }
      if (next < 0) return -Infinity;
      inTree[next] = 1;
      order[t - 1] = next;
      w += bk;
      mag += Math.abs(bk);
      deg[next]++;
      deg[parent[next]]++;
      const row = next * n;
      for (let j = 2; j < n; j++) {
        if (inTree[j]) continue;
        const s = st[row + j];
        if (s === -1) continue;
        const f = s === 1 ? 1 : 0;
        const c = D[row + j] + pi[next] + pi[j];
        if (f > forcedKey[j] || (f === forcedKey[j] && c < key[j])) {
          key[j] = c;
          forcedKey[j] = f;
          parent[j] = next;
        }
      }
    }
    // City 0: its included edges, then its cheapest free ones.
    zeroA = inc[0];
    zeroB = inc[1];
    if (zeroA === -1) zeroA = cheapestAtZero(pi, -1);
    if (zeroA === -1) return -Infinity;
    if (zeroB === -1) zeroB = cheapestAtZero(pi, zeroA);
    if (zeroB === -1) return -Infinity;
    const ca = D[zeroA] + pi[0] + pi[zeroA];
    const cb = D[zeroB] + pi[0] + pi[zeroB];
    w += ca + cb;
    mag += Math.abs(ca) + Math.abs(cb);
    deg[0] = 2;
    deg[zeroA]++;
    deg[zeroB]++;
    let sumPi = 0;
    for (let i = 0; i < n; i++) {
      sumPi += pi[i];
      mag += 2 * Math.abs(pi[i]);
    }
    return w - 2 * sumPi;
  };
  const margin = (m: number) => 1e-11 * (1 + m);
  /** The 1-tree of the last evaluation as a tour (every degree 2), from city 0. */
  const treeTour = (): Int32Array => {
    const adj = new Int32Array(2 * n).fill(-1);
    const link = (a: number, b: number) => {
      adj[2 * a + (adj[2 * a] === -1 ? 0 : 1)] = b;
      adj[2 * b + (adj[2 * b] === -1 ? 0 : 1)] = a;
    };
    for (let j = 2; j < n; j++) link(j, parent[j]);
    link(0, zeroA);
    link(0, zeroB);
    const t = new Int32Array(n);
    let prev = -1;
    let cur = 0;
    for (let k = 0; k < n; k++) {
      t[k] = cur;
      const next = adj[2 * cur] !== prev ? adj[2 * cur] : adj[2 * cur + 1];
      prev = cur;
      cur = next;
    }
    return t;
  };
  const tourLength = (t: Int32Array): number => {
    let L = 0;
    for (let k = 0; k < n; k++) L += D[t[k] * n + t[(k + 1) % n]];
    return L;
  };

  /**
   * Bounds the current node from penalties `pi0`: 'prune' when it holds no tour shorter than ub
   * (after taking a 1-tree tour as the incumbent), otherwise the best penalties in `bestPi`, their
   * 1-tree in the evaluation arrays and its value returned.
   */
  const bestPi = new Float64Array(n);
  const pi = new Float64Array(n);
  /** The penalties that closed the last pruned node (null: no 1-tree with its fixings, any π proves it). */
  let prunedBy: Float64Array | null = null;
  const bound = (pi0: Float64Array): number | 'prune' => {
    prunedBy = null;
    pi.set(pi0);
    let bestValue = -Infinity;
    let bestMag = 0;
    let lambda = NODE_LAMBDA;
    let since = 0;
    // At least one 1-tree: a node is never closed without a bound.
    for (let it = 0; it < Math.max(1, nodeIters); it++) {
      const value = oneTree(pi);
      if (value === -Infinity) {
        prunedBy = pi;
        return 'prune';
      }
      work.iterations++;
      let norm = 0;
      for (let i = 0; i < n; i++) norm += (deg[i] - 2) * (deg[i] - 2);
      if (norm === 0) {
        const t = treeTour();
        const L = tourLength(t);
        if (L < ub) {
          ub = L;
          best = t;
        }
        prunedBy = pi;
        return 'prune';
      }
      if (value > bestValue) {
        bestValue = value;
        bestMag = mag;
        bestPi.set(pi);
        since = 0;
      } else if (++since >= BOUND_PATIENCE) {
        lambda /= 2;
        since = 0;
      }
      if (Math.ceil(bestValue - margin(bestMag)) >= ub) {
        prunedBy = bestPi;
        return 'prune';
      }
      const step = (lambda * (ub - value)) / norm;
      if (!(step > 0)) break;
      for (let i = 0; i < n; i++) pi[i] += step * (deg[i] - 2);
    }
    if (bestValue === -Infinity) {
      prunedBy = pi;
      return 'prune';
    }
    return oneTree(bestPi);
  };

  /**
   * An α-exclusion, recorded as a split whose "in" side is a leaf with bestPi (emitted after the
   * "out" subtree: `pending`, on the stack below the node's children).
   */
  let alphaPi: Float64Array | null = null;
  const alphaExclude = (i: number, j: number): boolean => {
    if (st[i * n + j] !== 0) return true;
    recPush(i * n + j);
    if (alphaPi === null) alphaPi = Float64Array.from(bestPi);
    stack.push({ mark: -1, pi: alphaPi, edge: -1, include: false, leaf: true });
    return exclude(i, j);
  };

  /** α-fixing from the evaluated 1-tree (value v); false when it leaves the node infeasible. */
  const alphaFix = (v: number): boolean => {
    // beta[a·n + b]: the costliest non-included edge on the tree path a..b (−Infinity if none).
    const m = n - 1;
    for (let t = 0; t < m; t++) {
      const x = order[t];
      beta[x * n + x] = -Infinity;
      if (t === 0) continue;
      const p = parent[x];
      const wx = forcedKey[x] ? -Infinity : key[x];
      for (let s = 0; s < t; s++) {
        const y = order[s];
        const bp = beta[p * n + y];
        const b = bp > wx ? bp : wx;
        beta[x * n + y] = b;
        beta[y * n + x] = b;
      }
    }
    for (let i = 1; i < n; i++) {
      const row = i * n;
      for (let j = i + 1; j < n; j++) {
        if (st[row + j] !== 0 || parent[j] === i || parent[i] === j) continue;
        const b = beta[row + j];
        if (b === -Infinity) continue;
        const c = D[row + j] + bestPi[i] + bestPi[j];
        const lb = v + c - b;
        if (Math.ceil(lb - margin(mag + Math.abs(c) + Math.abs(b))) >= ub && !alphaExclude(i, j)) return false;
      }
    }
    // City 0: an edge replaces its costlier non-included tree edge.
    const ca = D[zeroA] + bestPi[0] + bestPi[zeroA];
    const cb = D[zeroB] + bestPi[0] + bestPi[zeroB];
    const fa = st[zeroA] === 1;
    const fb = st[zeroB] === 1;
    if (fa && fb) return true;
    const r = fa ? cb : fb ? ca : Math.max(ca, cb);
    for (let j = 1; j < n; j++) {
      if (st[j] !== 0 || j === zeroA || j === zeroB) continue;
      const c = D[j] + bestPi[0] + bestPi[j];
      if (Math.ceil(v + c - r - margin(mag + Math.abs(c) + Math.abs(r))) >= ub && !alphaExclude(0, j)) return false;
    }
    return true;
  };

  /** The free 1-tree edge to branch on (u·n + v), or −1 when every high-degree edge is fixed. */
  const branchEdge = (): number => {
    let v = -1;
    for (let i = 0; i < n; i++) if (deg[i] > 2 && (v === -1 || deg[i] > deg[v])) v = i;
    if (v === -1) return -1;
    let bestU = -1;
    let bestC = -Infinity;
    for (let u = 0; u < n; u++) {
      if (u === v || st[v * n + u] !== 0) continue;
      const inTreeEdge = u === 0 ? zeroA === v || zeroB === v : v === 0 ? zeroA === u || zeroB === u : parent[u] === v || parent[v] === u;
      if (!inTreeEdge) continue;
      const c = D[v * n + u] + bestPi[v] + bestPi[u];
      if (c > bestC) {
        bestC = c;
        bestU = u;
      }
    }
    return bestU === -1 ? -1 : v * n + bestU;
  };

  // Depth first: each frame is a fixing to apply on top of the trail up to `mark`, or (`leaf`) a
  // recorded leaf to write once the subtree above it on the stack is written: the "in" side of a
  // split the node made itself (π, or null for an infeasible one).
  interface Frame {
    mark: number;
    pi: Float64Array | null;
    edge: number;
    include: boolean;
    leaf?: boolean;
  }
  const stack: Frame[] = [{ mark: 0, pi: rootPi, edge: -1, include: false }];
  /** Records the exclusions the last fixing propagated as splits with an infeasible "in" side. */
  const flushLogged = () => {
    for (const e of logged) {
      recPush(e);
      stack.push({ mark: -1, pi: null, edge: -1, include: false, leaf: true });
    }
    logged.length = 0;
  };
  let nodes = 0;
  while (stack.length > 0) {
    const f = stack.pop()!;
    if (f.leaf) {
      recLeaf(f.pi);
      continue;
    }
    if (nodes >= maxNodes || limits.check()) return { tour: best, closed: false };
    undoTo(f.mark);
    nodes++;
    work.nodes++;
    if (f.edge >= 0) {
      const u = Math.floor(f.edge / n);
      const v = f.edge - u * n;
      logging = f.include;
      const ok = f.include ? include(u, v) : exclude(u, v);
      logging = false;
      flushLogged();
      if (!ok) {
        recLeaf(null);
        continue;
      }
    }
    const value = bound(f.pi!);
    if (value === 'prune') {
      recLeaf(prunedBy === null ? null : Float64Array.from(prunedBy));
      continue;
    }
    alphaPi = null;
    if (!alphaFix(value)) {
      recLeaf(null);
      continue;
    }
    const e = branchEdge();
    // Cannot happen (a city of degree > 2 has at most one included edge: two would have excluded the
    // rest); should it, the tree is left open rather than closed on a node it did not search.
    if (e < 0) return { tour: best, closed: false };
    recPush(e);
    const childPi = Float64Array.from(bestPi);
    const mark = trail.length;
    stack.push({ mark, pi: childPi, edge: e, include: true });
    stack.push({ mark, pi: childPi, edge: e, include: false });
  }
  return { tour: best, closed: true, tree: Float64Array.from(rec) };
}
