/** Random want bodies around its sure cap, for certify-promise.test.ts (a test helper; production never imports it). */
import { randomTerms, type PromiseCases } from '../../../test/promise-cases';

export const PROMISE_CASES: PromiseCases = {
  sizes: [24, 25],
  generate: (n, s) => {
    const t = randomTerms(n + 3, s, 0.5);
    return { n: n + 3, linear: t.map, quadratic: t.quadratic, pins: { 0: 1, 1: 0, [String(n + 2)]: 1 } };
  },
};
