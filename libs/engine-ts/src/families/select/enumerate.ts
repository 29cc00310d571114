/**
 * select: every k-subset in lexicographic order, the first strictly best kept (dispatch step 3 of
 * solve.ts; libs/engine-native/src/core/select/enumerate.cc follows it step for step).
 */
import type { SelectProblem } from './problem';
import { Limits } from '../../kernels/model';

/** Lexicographic enumeration of every k-subset; the first strictly best one is kept. */
export function enumerateSubsets(p: SelectProblem, limits: Limits): { chosen: Uint8Array; complete: boolean; leaves: number } {
  const m = p.n;
  const k = p.k;
  const a = p.affinity;
  const R = p.redundancy as Float64Array;
  const c = new Int32Array(k);
  const bestC = new Int32Array(k);
  let best = -Infinity;
  let leaves = 0;
  let stopped = false;
  const dfs = (from: number, depth: number, value: number): void => {
    if (depth === k) {
      leaves++;
      if (value > best) {
        best = value;
        bestC.set(c);
      }
      if ((leaves & 4095) === 0 && limits.check()) stopped = true;
      return;
    }
    const last = m - (k - depth);
    for (let i = from; i <= last && !stopped; i++) {
      let add = a[i];
      for (let t = 0; t < depth; t++) add -= R[c[t] * m + i];
      c[depth] = i;
      dfs(i + 1, depth + 1, value + add);
    }
  };
  if (limits.check()) stopped = true;
  if (stopped) {
    // Stopped before the first subset: the first k items (solve.ts then keeps the greedy start when better).
    for (let t = 0; t < k; t++) bestC[t] = t;
  } else {
    dfs(0, 0, 0);
  }
  const chosen = new Uint8Array(m);
  for (let t = 0; t < k; t++) chosen[bestC[t]] = 1;
  return { chosen, complete: !stopped, leaves };
}
