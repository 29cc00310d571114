/** Random select bodies around its sure cap, for certify-promise.test.ts (a test helper; production never imports it). */
import { rng } from '../../../test/brute-force';
import type { PromiseCases } from '../../../test/promise-cases';

export const PROMISE_CASES: PromiseCases = {
  sizes: [12, 13, 14],
  generate: (m, s) => {
    // m items, k = m/2: C(m, m/2) crosses the enumeration cap between m = 12 and m = 14.
    const r = rng(s);
    const k = Math.floor(m / 2);
    const affinity = Array.from({ length: m }, () => Math.round(r() * 20));
    const redundancy = Array.from({ length: m }, () => new Array<number>(m).fill(0));
    for (let i = 0; i < m; i++) for (let j = i + 1; j < m; j++) redundancy[i][j] = redundancy[j][i] = Math.round(r() * 10);
    return { m, k, affinity, redundancy };
  },
};
