/**
 * Max-cut as the kernels' model (the TS twin of core/qubo/model.cc ModelFromMaxcut). The reduction
 * is exact: cut(x) = Σ w_ij (x_i + x_j − 2 x_i x_j), so with h_i = −Σ_j w_ij (row order) and
 * W_ij = 2 w_ij we have E(x) = −cut(x).
 */
import type { PairList } from '../../base';
import { toCsr } from '../../csr';
import type { Model } from '../../kernels/model';

/** What `maxcutModel` reads of a max-cut problem (families/qubo/problem.ts MaxcutProblem). */
export interface CutEdges {
  readonly n: number;
  readonly edges: PairList | null;
}

/** Requires `p.edges` (the complete graph is solved by construction, never through a model). */
export function maxcutModel(p: CutEdges): Model {
  if (p.edges === null) throw new Error('maxcutModel needs an explicit edge list');
  const csr = toCsr(p.n, p.edges);
  const h = new Float64Array(p.n);
  const { offsets, weights } = csr;
  for (let v = 0; v < p.n; v++) {
    let s = 0;
    for (let q = offsets[v]; q < offsets[v + 1]; q++) s += weights[q];
    h[v] = -s;
  }
  const doubled = new Float64Array(weights.length);
  for (let q = 0; q < weights.length; q++) doubled[q] = 2 * weights[q];
  return { n: p.n, h, adj: { offsets, neighbours: csr.neighbours, weights: doubled } };
}
