/** Random xorsat bodies around its sure cap, for certify-promise.test.ts (a test helper; production never imports it). */
import { rng } from '../../../test/brute-force';
import type { PromiseCases } from '../../../test/promise-cases';

export const PROMISE_CASES: PromiseCases = {
  sizes: [16, 17],
  generate: (n, s) => {
    // 3n random equations of three variables, random right-hand sides: inconsistent, full rank.
    const r = rng(s);
    return { n, equations: Array.from({ length: 3 * n }, () => ({ vars: [0, 1, 2].map(() => Math.floor(r() * n)), rhs: r() < 0.5 ? 0 : 1 })) };
  },
};
