/** Random rank bodies around its sure cap, for certify-promise.test.ts (a test helper; production never imports it). */
import { rng } from '../../../test/brute-force';
import type { PromiseCases } from '../../../test/promise-cases';

export const PROMISE_CASES: PromiseCases = {
  sizes: [14, 15, 16],
  generate: (n, s) => {
    // Near-uniform votes: one majority component of all n items, which crosses the DP cap at flash (14).
    const r = rng(s);
    const items = Array.from({ length: n }, (_, i) => `item ${i}`);
    const comparisons: string[][] = [];
    for (let t = 0; t < 6 * n; t++) {
      const a = Math.floor(r() * n);
      const b = (a + 1 + Math.floor(r() * (n - 1))) % n;
      comparisons.push([items[a], items[b]]);
    }
    return { items, comparisons };
  },
};
