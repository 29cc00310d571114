/** Random maxcut bodies around its sure cap, for certify-promise.test.ts (a test helper; production never imports it). */
import { rng } from '../../../test/brute-force';
import type { PromiseCases } from '../../../test/promise-cases';

/** Above this size: a balanced signed graph (hidden sides, positive across, negative within), promised by construction. */
const BALANCED_FROM = 100;

export const PROMISE_CASES: PromiseCases = {
  sizes: [24, 25, 400],
  generate: (n, s) => {
    const r = rng(s);
    const edges: number[][] = [];
    if (n >= BALANCED_FROM) {
      const side = Array.from({ length: n }, () => (r() < 0.5 ? 0 : 1));
      for (let k = 0; k < 3 * n; k++) {
        const i = Math.floor(r() * n);
        const j = Math.floor(r() * n);
        if (i !== j) edges.push([i, j, side[i] !== side[j] ? 1 + Math.floor(r() * 5) : -1 - Math.floor(r() * 5)]);
      }
      return { n, edges };
    }
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (r() < 0.5) edges.push([i, j, r() < 0.5 ? 1 : -1]);
    if (edges.length === 0) edges.push([0, 1, 1]);
    return { n, edges };
  },
};
