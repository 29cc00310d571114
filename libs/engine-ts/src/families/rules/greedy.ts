/**
 * rules: the constructive answer (libs/engine-native/src/core/rules/greedy.cc follows it), the floor
 * of a search cut by a limit (docs/contract.md "Latency budget").
 *
 * Greedy repair over the counting-rule form (encoding.ts). Start: x_i = 1 iff h_i < 0 (the
 * objective's own best, which ignores the rules). A sweep visits v = 0, 1, …, n−1 and flips v
 * when that lowers the rules' total deviation Σ_r dev_r(T_r) (dev = 0 inside [lo, hi], else 1 +
 * the distance to it), or keeps it and lowers E by more than epsE. Sweeps repeat until one flips
 * nothing, at most GREEDY_SWEEPS of them: O(GREEDY_SWEEPS · (Σ|rules| + pairs)), no clock read.
 */
import type { RulesEncoding } from './encoding';

/** Most sweeps of the greedy repair (each flip lowers (deviation, E), so it also ends by itself). */
export const GREEDY_SWEEPS = 16;

/** The greedy repair's assignment (see the file comment). */
export function rulesGreedy(enc: RulesEncoding, epsE: number): Uint8Array {
  const { n, lo, hi, litStart, litVar, litNeg, occStart, occRule, occNeg, h } = enc;
  const { offsets, neighbours, weights } = enc.adj;
  const dev = (t: number, r: number): number => (t < lo[r] ? 1 + lo[r] - t : t > hi[r] ? 1 + t - hi[r] : 0);
  const x = new Uint8Array(n);
  for (let i = 0; i < n; i++) x[i] = h[i] < 0 ? 1 : 0;
  const T = new Int32Array(enc.rules);
  for (let r = 0; r < enc.rules; r++) {
    for (let q = litStart[r]; q < litStart[r + 1]; q++) T[r] += x[litVar[q]] ^ litNeg[q];
  }
  // f_v = h_v + Σ_j w_vj x_j: flipping v changes E by f_v (0 → 1) or −f_v (1 → 0).
  const f = Float64Array.from(h);
  for (let i = 0; i < n; i++) {
    if (x[i]) for (let q = offsets[i]; q < offsets[i + 1]; q++) f[neighbours[q]] += weights[q];
  }
  for (let sweep = 0; sweep < GREEDY_SWEEPS; sweep++) {
    let flips = 0;
    for (let v = 0; v < n; v++) {
      let dd = 0;
      for (let q = occStart[v]; q < occStart[v + 1]; q++) {
        const r = occRule[q];
        dd += dev(T[r] + ((x[v] ^ occNeg[q]) === 1 ? -1 : 1), r) - dev(T[r], r);
      }
      const dE = x[v] ? -f[v] : f[v];
      if (!(dd < 0 || (dd === 0 && dE < -epsE))) continue;
      for (let q = occStart[v]; q < occStart[v + 1]; q++) T[occRule[q]] += (x[v] ^ occNeg[q]) === 1 ? -1 : 1;
      x[v] ^= 1;
      const s = x[v] ? 1 : -1;
      for (let q = offsets[v]; q < offsets[v + 1]; q++) f[neighbours[q]] += s * weights[q];
      flips++;
    }
    if (flips === 0) break;
  }
  return x;
}
