/** Random optimize bodies around its sure cap, for certify-promise.test.ts (a test helper; production never imports it). */
import { randomTerms, type PromiseCases } from '../../../test/promise-cases';

export const PROMISE_CASES: PromiseCases = {
  sizes: [23, 24, 25],
  generate: (n, s) => {
    const t = randomTerms(n, s, 0.5);
    return { n, linear: t.map, quadratic: t.quadratic };
  },
};
