/** Random design bodies around its sure cap, for certify-promise.test.ts (a test helper; production never imports it). */
import { rng } from '../../../test/brute-force';
import type { PromiseCases } from '../../../test/promise-cases';

export const PROMISE_CASES: PromiseCases = {
  sizes: [1, 2, 3],
  generate: (shape, s) => {
    // 1: no bonds (construction); 2: a random tree of 300 sites (the dynamic program); 3: the same tree
    // and one more bond, a cycle (nothing is promised).
    const r = rng(s);
    const L = 300;
    const K = 5;
    const bonds: number[][] = shape === 1 ? [] : Array.from({ length: L - 1 }, (_, t) => [Math.floor(r() * (t + 1)), t + 1]);
    if (shape === 3) bonds.push([0, L - 1], [0, 1]);
    const table = Array.from({ length: K }, () => new Array<number>(K).fill(0));
    for (let a = 0; a < K; a++) for (let b = a; b < K; b++) table[a][b] = table[b][a] = Math.round(r() * 20 - 10);
    return { L, K, table, bonds, bias: Array.from({ length: 40 }, () => [Math.floor(r() * L), Math.floor(r() * K), Math.round(r() * 10 - 5)]) };
  },
};
