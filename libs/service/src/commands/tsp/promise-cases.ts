/** Random tsp bodies around its sure cap, for certify-promise.test.ts (a test helper; production never imports it). */
import { rng } from '../../../test/brute-force';
import type { PromiseCases } from '../../../test/promise-cases';

export const PROMISE_CASES: PromiseCases = {
  sizes: [11, 12, 13],
  generate: (n, s) => {
    // Random points: the Held–Karp DP runs up to 12 cities at flash.
    const r = rng(s);
    return { n, points: Array.from({ length: n }, () => [Math.round(r() * 1000), Math.round(r() * 1000)]) };
  },
};
