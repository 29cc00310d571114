/** Random maxcut bodies around its sure cap, for certify-promise.test.ts (a test helper; production never imports it). */
import { rng } from '../../../test/brute-force';
import type { PromiseCases } from '../../../test/promise-cases';

export const PROMISE_CASES: PromiseCases = {
  sizes: [24, 25],
  generate: (n, s) => {
    const r = rng(s);
    const edges: number[][] = [];
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (r() < 0.5) edges.push([i, j, r() < 0.5 ? 1 : -1]);
    if (edges.length === 0) edges.push([0, 1, 1]);
    return { n, edges };
  },
};
