/**
 * Simulated annealing sweeps on a FlipState (Metropolis acceptance, linear inverse-temperature
 * schedule). Everything is basic IEEE arithmetic, including the exponential (`expNeg`), so the
 * native engine reproduces every acceptance and every generator call bit for bit.
 *
 * Sweep s = 0..S−1 runs at β_s = β0 + ((β1 − β0)·s)/(S − 1) (β1 when S = 1) and visits
 * v = 0, 1, …, n−1 in order: with d = delta[v], the flip is accepted when d <= 0; when d > 0 and
 * z = d·β_s < Z_MAX it is accepted when rng.nextU32() < expNeg(z)·2^32; otherwise rejected
 * without drawing. For integral models the thresholds of d = 1..TABLE_MAX are tabulated once per
 * sweep; the table holds exactly the values computed on the fly, so it changes speed only.
 */
import type { Prng } from '../prng';
import type { BestTracker, FlipState } from './flip-state';
import type { Limits, Model } from './model';

/** Beyond this z the acceptance probability e^−z < 1e−13 is taken as 0 (no draw). */
const Z_MAX = 30;
const TABLE_MAX = 64;
const LN2 = 0.6931471805599453;
const INV_LN2 = 1.4426950408889634;
const C2 = 1 / 2;
const C3 = 1 / 6;
const C4 = 1 / 24;
const C5 = 1 / 120;
const C6 = 1 / 720;
const C7 = 1 / 5040;
/** POW2_NEG[k] = 2^−k, exact. */
const POW2_NEG = (() => {
  const t = new Float64Array(64);
  let p = 1;
  for (let k = 0; k < 64; k++) {
    t[k] = p;
    p *= 0.5;
  }
  return t;
})();

/**
 * e^−z for 0 <= z < 44 (0 beyond) from + − × and a table of powers of two: z = k·ln2 + r with
 * k = floor(z/ln2 + ½), e^−r by its degree-7 Taylor polynomial in Horner form (relative error
 * < 1e−8, far below what an acceptance test can notice).
 */
export function expNeg(z: number): number {
  if (!(z < 44)) return 0;
  const k = Math.floor(z * INV_LN2 + 0.5);
  const t = k * LN2 - z;
  const p = 1 + t * (1 + t * (C2 + t * (C3 + t * (C4 + t * (C5 + t * (C6 + t * C7))))));
  return p * POW2_NEG[k];
}

/** The temperature unit: mean |W| over the stored couplings / 2 (mean |w| for max-cut), else mean |h|, else 1. */
export function annealScale(model: Model): number {
  const w = model.adj.weights;
  let s = 0;
  for (let q = 0; q < w.length; q++) s += Math.abs(w[q]);
  if (w.length > 0 && s > 0) return s / (2 * w.length);
  let t = 0;
  for (let i = 0; i < model.n; i++) t += Math.abs(model.h[i]);
  return t > 0 ? t / model.n : 1;
}

/** True when every h_i and W_ij is an integer, so every delta is one. */
export function isIntegral(model: Model): boolean {
  for (let i = 0; i < model.n; i++) if (!Number.isInteger(model.h[i])) return false;
  const w = model.adj.weights;
  for (let q = 0; q < w.length; q++) if (!Number.isInteger(w[q])) return false;
  return true;
}

/** Reusable scratch for `anneal` (the threshold table). */
export class Annealer {
  /** Accepted flips so far (work reporting). */
  flips = 0;
  private readonly table = new Float64Array(TABLE_MAX + 1);

  constructor(private readonly integral: boolean) {}

  /**
   * `sweeps` sweeps from β0 to β1; improvements of `best` (by more than eps) are recorded.
   * Limits are polled after a sweep once 1024 or more attempts have passed since the last poll.
   * Returns false when a limit stopped it.
   */
  run(st: FlipState, sweeps: number, beta0: number, beta1: number, rng: Prng, best: BestTracker, eps: number, limits: Limits): boolean {
    const n = st.n;
    const { x, delta, sign } = st;
    const { offsets, neighbours, weights } = st.model.adj;
    const table = this.table;
    const integral = this.integral;
    let energy = st.energy;
    let flips = this.flips;
    let bestE = best.energy;
    let sinceCheck = 0;
    for (let s = 0; s < sweeps; s++) {
      const beta = sweeps > 1 ? beta0 + ((beta1 - beta0) * s) / (sweeps - 1) : beta1;
      if (integral) {
        for (let k = 1; k <= TABLE_MAX; k++) {
          const z = k * beta;
          table[k] = z < Z_MAX ? expNeg(z) * 4294967296 : -1;
        }
      }
      for (let v = 0; v < n; v++) {
        const d = delta[v];
        if (d > 0) {
          let thr: number;
          if (integral && d <= TABLE_MAX) {
            thr = table[d | 0]; // d is a small positive integer here
          } else {
            const z = d * beta;
            thr = z < Z_MAX ? expNeg(z) * 4294967296 : -1;
          }
          if (thr < 0 || rng.nextU32() >= thr) continue;
        }
        flips++;
        const sg = sign[v];
        x[v] ^= 1;
        sign[v] = -sg;
        energy += d;
        delta[v] = -d;
        const end = offsets[v + 1];
        for (let q = offsets[v]; q < end; q++) {
          const u = neighbours[q];
          delta[u] += sign[u] * (weights[q] * sg);
        }
        best.moved(v, x);
        if (energy < bestE - eps) {
          best.improve(energy);
          bestE = energy;
        }
      }
      sinceCheck += n;
      if (sinceCheck >= 1024) {
        sinceCheck = 0;
        if (limits.check()) {
          st.energy = energy;
          this.flips = flips;
          return false;
        }
      }
    }
    st.energy = energy;
    this.flips = flips;
    return true;
  }
}
