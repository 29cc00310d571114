/** Random cover bodies around its sure cap, for certify-promise.test.ts (a test helper; production never imports it). */
import { rng } from '../../../test/brute-force';
import type { PromiseCases } from '../../../test/promise-cases';

export const PROMISE_CASES: PromiseCases = {
  sizes: [1, 2, 3],
  generate: (shape, s) => {
    // 1: every set holds an element of its own (forced); 2: the same plus a set of cost 0 (taken);
    // 3: one more set duplicating another (nothing is forced about the pair: no promise).
    const r = rng(s);
    const sets = Array.from({ length: 12 }, (_, j) => [j, ...Array.from({ length: 3 }, () => 12 + Math.floor(r() * 8))]);
    const costs = sets.map(() => 1 + Math.floor(r() * 9));
    if (shape >= 2) {
      sets.push([12, 13, 14]);
      costs.push(0);
    }
    if (shape === 3) {
      sets.push([...sets[0]]);
      costs.push(2);
    }
    return { universe: 20, sets, costs };
  },
};
