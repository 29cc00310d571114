/**
 * A proven upper bound on the maximum cut from edge-disjoint short cycles. A cut crosses every
 * cycle an even number of times, so on a cycle C the cut weight is at most Σ_C max(0, w) − loss(C)
 * with loss(C) = min_C |w| when C has an odd number of positive edges and no zero edge, else 0
 * (drop the lightest positive edge or add the lightest negative one). Summed over edge-disjoint cycles plus
 * Σ max(0, w) over the other edges, this bounds every cut. This comment is the specification;
 * core/kernels/cut_bound.cc performs the same steps in the same order.
 *
 * Greedy packing over the CSR (rows sorted by neighbour), edges marked used once packed:
 *   triangles: for u = 0..n−1, stamp u's neighbours w (with the edge u–w); for each unused edge
 *     u–v with v > u, scan v's row for w > v stamped by u with u–w and v–w unused: the first
 *     such triangle with loss > 0 is packed (its three edges become used) and the scan moves on
 *     to u's next neighbour;
 *   4-cycles: for u = 0..n−1, stamp u's neighbours x > u over unused edges; for each unused u–v
 *     with v > u, each unused v–w with w > u, w ≠ v's predecessor u, each unused w–x with x > u,
 *     x ≠ v, stamped, with u–x unused: the first such cycle u–v–w–x with loss > 0 is packed and
 *     the scan moves on to u's next neighbour.
 * Work = CSR entries scanned; the packing stops (keeping what it has) past the limit, or when the
 * limits fire (polled before each u of each pass). The packed triangles are returned as node
 * triplets (u, v, w) in packing order (the service's `odd_cycles` certificate reads them).
 */
import type { Csr } from '../csr';
import type { Limits } from './model';

export interface CutBoundResult {
  /** Σ max(0, w) minus the packed losses: a proven upper bound on the maximum cut. */
  readonly bound: number;
  /** Σ max(0, w). */
  readonly positive: number;
  readonly cycles: number;
  readonly work: number;
  /** The packed triangles: u, v, w (u < v < w) per triangle, in packing order. */
  readonly triangles: Int32Array;
}

/**
 * `csr`: the adjacency (both directions, rows sorted by neighbour) with weights scale⁻¹·w, e.g. the
 * max-cut model's 2w with scale ½ (a power of two, so the scaling is exact).
 */
export function cutCycleBound(n: number, csr: Csr, scale: number, workLimit: number, limits: Limits | null = null): CutBoundResult {
  const { offsets, neighbours, weights } = csr;
  // Edge id per CSR entry: the index of the entry in the row of the smaller endpoint.
  const edge = new Int32Array(neighbours.length);
  const fill = new Int32Array(n);
  for (let u = 0; u < n; u++) {
    for (let q = offsets[u]; q < offsets[u + 1]; q++) {
      const v = neighbours[q];
      if (v > u) edge[q] = q;
    }
  }
  // The entry of u in v's row (v > u) comes in u order, so a cursor per row finds it.
  for (let v = 0; v < n; v++) fill[v] = offsets[v];
  for (let u = 0; u < n; u++) {
    for (let q = offsets[u]; q < offsets[u + 1]; q++) {
      const v = neighbours[q];
      if (v > u) edge[fill[v]++] = q;
    }
  }
  let positive = 0;
  for (let u = 0; u < n; u++) {
    for (let q = offsets[u]; q < offsets[u + 1]; q++) if (neighbours[q] > u && weights[q] > 0) positive += weights[q];
  }
  const used = new Uint8Array(neighbours.length);
  const stamp = new Int32Array(n).fill(-1);
  const via = new Int32Array(n);
  let gain = 0;
  let cycles = 0;
  let work = 0;
  const triangles: number[] = [];

  const go = (): boolean => work <= workLimit && (limits === null || !limits.check());
  // Triangles.
  for (let u = 0; u < n && go(); u++) {
    for (let q = offsets[u]; q < offsets[u + 1]; q++) {
      stamp[neighbours[q]] = u;
      via[neighbours[q]] = edge[q];
    }
    work += offsets[u + 1] - offsets[u];
    for (let q = offsets[u]; q < offsets[u + 1] && work <= workLimit; q++) {
      const v = neighbours[q];
      const e1 = edge[q];
      if (v <= u || used[e1] !== 0) continue;
      for (let p = offsets[v]; p < offsets[v + 1]; p++) {
        work++;
        const w = neighbours[p];
        if (w <= v || stamp[w] !== u) continue;
        const e2 = edge[p];
        const e3 = via[w];
        if (used[e2] !== 0 || used[e3] !== 0) continue;
        const loss = parityLoss3(weights[e1], weights[e2], weights[e3]);
        if (loss > 0) {
          used[e1] = used[e2] = used[e3] = 1;
          gain += loss;
          cycles++;
          triangles.push(u, v, w);
          break;
        }
      }
    }
  }
  // 4-cycles.
  stamp.fill(-1);
  for (let u = 0; u < n && go(); u++) {
    for (let q = offsets[u]; q < offsets[u + 1]; q++) {
      const x = neighbours[q];
      if (x > u && used[edge[q]] === 0) {
        stamp[x] = u;
        via[x] = edge[q];
      }
    }
    work += offsets[u + 1] - offsets[u];
    for (let q = offsets[u]; q < offsets[u + 1] && work <= workLimit; q++) {
      const v = neighbours[q];
      const e1 = edge[q];
      if (v <= u || used[e1] !== 0) continue;
      let packed = false;
      for (let p = offsets[v]; p < offsets[v + 1] && !packed; p++) {
        work++;
        const w = neighbours[p];
        const e2 = edge[p];
        if (w <= u || used[e2] !== 0) continue;
        for (let s = offsets[w]; s < offsets[w + 1]; s++) {
          work++;
          const x = neighbours[s];
          if (x <= u || x === v || stamp[x] !== u) continue;
          const e3 = edge[s];
          const e4 = via[x];
          if (used[e3] !== 0 || used[e4] !== 0) continue;
          const loss = parityLoss4(weights[e1], weights[e2], weights[e3], weights[e4]);
          if (loss > 0) {
            used[e1] = used[e2] = used[e3] = used[e4] = 1;
            gain += loss;
            cycles++;
            packed = true;
            break;
          }
        }
      }
    }
  }
  return { bound: scale * (positive - gain), positive: scale * positive, cycles, work, triangles: Int32Array.from(triangles) };
}

/** The least a cut must give up on a triangle with these edge weights. */
function parityLoss3(a: number, b: number, c: number): number {
  if (a === 0 || b === 0 || c === 0) return 0;
  const pos = (a > 0 ? 1 : 0) + (b > 0 ? 1 : 0) + (c > 0 ? 1 : 0);
  return pos === 1 || pos === 3 ? Math.min(Math.abs(a), Math.abs(b), Math.abs(c)) : 0;
}

/** The least a cut must give up on a 4-cycle with these edge weights. */
function parityLoss4(a: number, b: number, c: number, d: number): number {
  if (a === 0 || b === 0 || c === 0 || d === 0) return 0;
  const pos = (a > 0 ? 1 : 0) + (b > 0 ? 1 : 0) + (c > 0 ? 1 : 0) + (d > 0 ? 1 : 0);
  return pos === 1 || pos === 3 ? Math.min(Math.abs(a), Math.abs(b), Math.abs(c), Math.abs(d)) : 0;
}
