/**
 * world neighbors (C++ core/world/kdtree.cc): exact k nearest neighbours by a k-d tree.
 * Build: a node over points [lo, hi) of the tree order is a leaf at LEAF_SIZE points or fewer; else
 * it splits on the axis of its widest extent at the median (quickselect of the middle rank, ties by
 * index), the left child taking ranks [lo, mid), the right [mid, hi); the coordinates are then copied
 * in tree order. Query: depth first, the child on the query's side first; a subtree is skipped only
 * when its plane's squared distance is strictly above the k-th best, so ties are never lost.
 * Distances are Σ (q_j − p_j)² in axis order (the same operations in both engines, so the same bits),
 * compared as (squared distance, index): the order and its ties are exact.
 */

/** Points per leaf. */
export const LEAF_SIZE = 8;

export interface KdTree {
  readonly n: number;
  readonly dim: number;
  /** The original index of each point in tree order. */
  readonly order: Int32Array;
  /** Coordinates in tree order, dim per point. */
  readonly coords: Float64Array;
  /** Per node: point range, split axis (−1 for a leaf), split value, children. */
  readonly lo: Int32Array;
  readonly hi: Int32Array;
  readonly axis: Int32Array;
  readonly split: Float64Array;
  readonly left: Int32Array;
  readonly right: Int32Array;
}

/** Reorders order[lo..hi) so that rank m holds the element of that rank by (key, index). */
function select(order: Int32Array, key: (i: number) => number, lo: number, hi: number, m: number): void {
  const less = (a: number, b: number) => {
    const ka = key(a), kb = key(b);
    return ka < kb || (ka === kb && a < b);
  };
  let l = lo, r = hi - 1;
  while (r > l) {
    // Median of three as the pivot, Hoare partition.
    const mid = (l + r) >>> 1;
    if (less(order[mid], order[l])) [order[mid], order[l]] = [order[l], order[mid]];
    if (less(order[r], order[l])) [order[r], order[l]] = [order[l], order[r]];
    if (less(order[r], order[mid])) [order[r], order[mid]] = [order[mid], order[r]];
    const pivot = order[mid];
    let i = l, j = r;
    while (i <= j) {
      while (less(order[i], pivot)) i++;
      while (less(pivot, order[j])) j--;
      if (i <= j) {
        [order[i], order[j]] = [order[j], order[i]];
        i++;
        j--;
      }
    }
    if (m <= j) r = j;
    else if (m >= i) l = i;
    else return;
  }
}

export function buildKdTree(points: Float64Array, n: number, dim: number): KdTree {
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  const cap = 2 * Math.ceil(n / Math.max(1, LEAF_SIZE / 2)) + 2;
  const lo = new Int32Array(cap), hi = new Int32Array(cap), axis = new Int32Array(cap).fill(-1);
  const split = new Float64Array(cap), left = new Int32Array(cap).fill(-1), right = new Int32Array(cap).fill(-1);
  let nodes = 1;
  lo[0] = 0;
  hi[0] = n;
  const stack = [0];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const a = lo[node], b = hi[node];
    if (b - a <= LEAF_SIZE) continue;
    let best = 0, widest = -1;
    for (let d = 0; d < dim; d++) {
      let mn = Infinity, mx = -Infinity;
      for (let i = a; i < b; i++) {
        const v = points[order[i] * dim + d];
        if (v < mn) mn = v;
        if (v > mx) mx = v;
      }
      if (mx - mn > widest) {
        widest = mx - mn;
        best = d;
      }
    }
    const mid = (a + b) >>> 1;
    select(order, (i) => points[i * dim + best], a, b, mid);
    axis[node] = best;
    split[node] = points[order[mid] * dim + best];
    const l = nodes++, r = nodes++;
    lo[l] = a;
    hi[l] = mid;
    lo[r] = mid;
    hi[r] = b;
    left[node] = l;
    right[node] = r;
    stack.push(r, l);
  }
  const coords = new Float64Array(n * dim);
  for (let i = 0; i < n; i++) for (let d = 0; d < dim; d++) coords[i * dim + d] = points[order[i] * dim + d];
  return { n, dim, order, coords, lo, hi, axis, split, left, right };
}

/**
 * The k nearest points to query q (queries[qOff .. qOff + dim)), nearest first, ties by index:
 * squared distances into d2[out .. out + k), indices into idx[out .. out + k).
 */
export function nearest(t: KdTree, queries: Float64Array, qOff: number, k: number, d2: Float64Array, idx: Int32Array, out: number, stack: Int32Array, bounds: Float64Array): void {
  const { dim, coords, order, lo, hi, axis, split, left, right } = t;
  let count = 0;
  let top = 0;
  stack[top] = 0;
  bounds[top++] = 0;
  while (top > 0) {
    const node = stack[--top];
    const bound = bounds[top];
    if (count === k && bound > d2[out + k - 1]) continue;
    const ax = axis[node];
    if (ax < 0) {
      for (let i = lo[node]; i < hi[node]; i++) {
        let s = 0;
        for (let d = 0; d < dim; d++) {
          const diff = queries[qOff + d] - coords[i * dim + d];
          s += diff * diff;
        }
        const id = order[i];
        if (count === k && (s > d2[out + k - 1] || (s === d2[out + k - 1] && id > idx[out + k - 1]))) continue;
        // Insert (s, id) in order.
        let j = count < k ? count++ : k - 1;
        while (j > 0 && (d2[out + j - 1] > s || (d2[out + j - 1] === s && idx[out + j - 1] > id))) {
          d2[out + j] = d2[out + j - 1];
          idx[out + j] = idx[out + j - 1];
          j--;
        }
        d2[out + j] = s;
        idx[out + j] = id;
      }
      continue;
    }
    const diff = queries[qOff + ax] - split[node];
    const near = diff < 0 ? left[node] : right[node];
    const far = diff < 0 ? right[node] : left[node];
    stack[top] = far;
    bounds[top++] = Math.max(bound, diff * diff);
    stack[top] = near;
    bounds[top++] = bound;
  }
}

/** Scratch for `nearest`: the depth-first stack can hold two entries per level of the tree. */
export function queryStack(t: KdTree): { stack: Int32Array; bounds: Float64Array } {
  const depth = 2 * (Math.ceil(Math.log2(Math.max(2, t.n))) + 2) + 4;
  return { stack: new Int32Array(depth), bounds: new Float64Array(depth) };
}
