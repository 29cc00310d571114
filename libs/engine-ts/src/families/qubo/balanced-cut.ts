/**
 * Max-cut of a balanced signed graph in O(n + m) (C++ core/qubo/balanced_cut.cc). When the nodes
 * split so that every positive edge crosses and no negative edge does, that split cuts Σ max(0, w),
 * the proven upper bound: certified by construction. Bipartite graphs with non-negative weights
 * (trees, even rings, grids) are the common case. Zero-weight edges impose nothing.
 */
import type { PairList } from '../../base';

/**
 * The split (every component's first node, node n − 1 then ascending, on side 0: unique, the same
 * as the native engine), or null when some cycle has an odd number of positive edges.
 */
export function balancedCut(n: number, edges: PairList): Uint8Array | null {
  const m = edges.w.length;
  const start = new Int32Array(n + 1);
  for (let k = 0; k < m; k++) {
    if (edges.w[k] === 0) continue;
    start[edges.i[k] + 1]++;
    start[edges.j[k] + 1]++;
  }
  for (let v = 0; v < n; v++) start[v + 1] += start[v];
  const to = new Int32Array(start[n]);
  const parity = new Uint8Array(start[n]);
  const fill = start.slice(0, n);
  for (let k = 0; k < m; k++) {
    const w = edges.w[k];
    if (w === 0) continue;
    const a = edges.i[k];
    const b = edges.j[k];
    const d = w > 0 ? 1 : 0;
    to[fill[a]] = b;
    parity[fill[a]++] = d;
    to[fill[b]] = a;
    parity[fill[b]++] = d;
  }
  const UNSEEN = 2;
  const side = new Uint8Array(n).fill(UNSEEN);
  const queue = new Int32Array(n);
  for (let r = 0; r < n; r++) {
    const root = r === 0 ? n - 1 : r - 1;
    if (side[root] !== UNSEEN) continue;
    side[root] = 0;
    queue[0] = root;
    let tail = 1;
    for (let q = 0; q < tail; q++) {
      const u = queue[q];
      for (let e = start[u]; e < start[u + 1]; e++) {
        const v = to[e];
        const want = side[u] ^ parity[e];
        if (side[v] === UNSEEN) {
          side[v] = want;
          queue[tail++] = v;
        } else if (side[v] !== want) {
          return null;
        }
      }
    }
  }
  return side;
}
