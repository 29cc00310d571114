/** Random qap bodies around its sure cap, for certify-promise.test.ts (a test helper; production never imports it). */
import { rng } from '../../../test/brute-force';
import type { PromiseCases } from '../../../test/promise-cases';

export const PROMISE_CASES: PromiseCases = {
  sizes: [7, 8, 9],
  generate: (n, s) => {
    // Random symmetric flows and distances: branch and bound is sure up to 8 facilities.
    const r = rng(s);
    const sym = () => {
      const m = Array.from({ length: n }, () => new Array<number>(n).fill(0));
      for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) m[i][j] = m[j][i] = Math.round(r() * 20);
      return m;
    };
    return { n, flow: sym(), dist: sym() };
  },
};
