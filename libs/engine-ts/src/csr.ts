/**
 * Compressed sparse rows of a canonical pair list, shared by the QUBO model and the rules
 * search (C++ core/common/csr.h).
 */
import type { PairList } from './base';

/** Symmetric adjacency in compressed sparse rows: node v's neighbours are
 * `neighbours[offsets[v] .. offsets[v+1])` with weights alongside. */
export interface Csr {
  readonly offsets: Int32Array;
  readonly neighbours: Int32Array;
  readonly weights: Float64Array;
}

/**
 * CSR of a canonical pair list; each pair appears in both rows. Because pairs are sorted by
 * (i, j), every row comes out with ascending neighbour indices. Memory O(n + m).
 */
export function toCsr(n: number, pairs: PairList): Csr {
  const m = pairs.i.length;
  const offsets = new Int32Array(n + 1);
  for (let k = 0; k < m; k++) {
    offsets[pairs.i[k] + 1]++;
    offsets[pairs.j[k] + 1]++;
  }
  for (let v = 0; v < n; v++) offsets[v + 1] += offsets[v];
  const fill = offsets.slice(0, n);
  const neighbours = new Int32Array(2 * m);
  const weights = new Float64Array(2 * m);
  for (let k = 0; k < m; k++) {
    const i = pairs.i[k];
    const j = pairs.j[k];
    const wk = pairs.w[k];
    let p = fill[i]++;
    neighbours[p] = j;
    weights[p] = wk;
    p = fill[j]++;
    neighbours[p] = i;
    weights[p] = wk;
  }
  return { offsets, neighbours, weights };
}
