/**
 * select: branch and bound seeded with the tabu search's answer, over the gains of solve.ts
 * (libs/engine-native/src/core/select/branch_bound.cc follows it step for step).
 *
 * Branch and bound: items are undecided, in or out. At a node with s items in, value V and
 * t = k − s still to choose, every undecided i has the optimistic contribution
 * ub_i = g[i] − ½·P_i(t − 1), where P_i(r) is the sum of the r smallest R_ij over all j ≠ i
 * (the pairs among the t future items cost at least ½ Σ_i P_i(t − 1)). The bound is V plus the
 * t largest ub_i (summed from the largest down); a node whose bound is <= best + eps is pruned.
 * Branch on the undecided item with the largest ub (ties: lower index): in first, then out.
 * When exactly t items are undecided they are all taken. Work += undecided items per node.
 */
import type { SelectProblem } from './problem';
import { Limits } from '../../kernels/model';

interface BnbOutcome {
  readonly chosen: Uint8Array;
  readonly complete: boolean;
  readonly nodes: number;
  readonly rootBound: number;
}

export function selectBranchAndBound(
  p: SelectProblem, incumbent: Uint8Array, incumbentValue: number, workCap: number, limits: Limits, eps: number,
): BnbOutcome {
  const m = p.n;
  const k = p.k;
  const a = p.affinity;
  const R = p.redundancy as Float64Array;
  // P[i·k + r] = sum of the r smallest R_ij over j ≠ i, r = 0..k−1.
  const P = new Float64Array(m * k);
  const row = new Float64Array(m - 1);
  for (let i = 0; i < m; i++) {
    let q = 0;
    for (let j = 0; j < m; j++) if (j !== i) row[q++] = R[i * m + j];
    row.sort();
    let s = 0;
    P[i * k] = 0;
    for (let r = 1; r < k; r++) {
      s += row[r - 1];
      P[i * k + r] = s;
    }
  }
  const status = new Uint8Array(m); // 0 undecided, 1 in, 2 out
  const g = new Float64Array(a);
  const scratch = new Float64Array(m);
  const best = Uint8Array.from(incumbent);
  let bestV = incumbentValue;
  let work = 0;
  let nodes = 0;
  let aborted = false;
  let rootBound = Infinity;

  const node = (V: number, s: number, undecided: number): void => {
    nodes++;
    work += undecided;
    if (work > workCap) { aborted = true; return; }
    if ((nodes & 1023) === 0 && limits.check()) { aborted = true; return; }
    const t = k - s;
    if (t === 0) {
      if (V > bestV + eps) record(V);
      return;
    }
    if (undecided < t) return;
    if (undecided === t) {
      // Take every undecided item: the exact value of that completion.
      let v = V;
      for (let i = 0; i < m; i++) {
        if (status[i] !== 0) continue;
        v += g[i];
        for (let j = i + 1; j < m; j++) if (status[j] === 0) v -= R[i * m + j];
      }
      if (v > bestV + eps) {
        for (let i = 0; i < m; i++) if (status[i] === 0) status[i] = 3;
        record(v);
        for (let i = 0; i < m; i++) if (status[i] === 3) status[i] = 0;
      }
      return;
    }
    let u = 0;
    let b = -1;
    let bu = -Infinity;
    const off = t - 1;
    for (let i = 0; i < m; i++) {
      if (status[i] !== 0) continue;
      const x = g[i] - 0.5 * P[i * k + off];
      scratch[u++] = x;
      if (x > bu) { bu = x; b = i; }
    }
    const part = scratch.subarray(0, u);
    part.sort();
    let bound = V;
    for (let q = u - 1; q >= u - t; q--) bound += part[q];
    if (nodes === 1) rootBound = bound;
    if (bound <= bestV + eps) return;
    // In.
    const gb = g[b];
    status[b] = 1;
    const rb = b * m;
    for (let j = 0; j < m; j++) if (status[j] === 0) g[j] -= R[rb + j];
    node(V + gb, s + 1, undecided - 1);
    for (let j = 0; j < m; j++) if (status[j] === 0) g[j] += R[rb + j];
    if (aborted) { status[b] = 0; return; }
    // Out.
    status[b] = 2;
    node(V, s, undecided - 1);
    status[b] = 0;
  };
  const record = (v: number): void => {
    bestV = v;
    for (let i = 0; i < m; i++) best[i] = status[i] === 1 || status[i] === 3 ? 1 : 0;
  };
  node(0, 0, m);
  if (rootBound === Infinity) rootBound = bestV;
  return { chosen: best, complete: !aborted, nodes, rootBound };
}
