/**
 * Independent evaluator of a `frequency` answer: the amplitude of the least-squares tone (plus
 * offset) at frequency x[0] (cycles per sample), by direct sums over cos and sin of every sample's
 * phase (no FFT, no recurrence, no Newton).
 */
import type { ProblemScore } from '../../base';
import type { FrequencyProblem } from './problem';

export function toneAmplitudeAt(signal: ArrayLike<number>, f: number): number {
  const n = signal.length;
  const omega = 2 * Math.PI * f;
  const h = (n - 1) / 2;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += signal[i];
  mean /= n;
  // Centred columns: C − mean(C) and S (Σ sin ωt = 0 for centred t); normal equations of the two.
  let sc = 0;
  for (let i = 0; i < n; i++) sc += Math.cos(omega * (i - h));
  let u = 0, v = 0, cc = 0, ss = 0, cs = 0;
  for (let i = 0; i < n; i++) {
    const c = Math.cos(omega * (i - h)) - sc / n, s = Math.sin(omega * (i - h));
    const e = signal[i] - mean;
    u += e * c;
    v += e * s;
    cc += c * c;
    ss += s * s;
    cs += c * s;
  }
  const det = cc * ss - cs * cs;
  if (!(det > 1e-12 * n * n)) {
    // One column left (frequency 0 or ½): fit it alone.
    const g = Math.max(cc, ss);
    return g > 1e-12 * n ? Math.abs((cc >= ss ? u : v) / g) : 0;
  }
  const a = (u * ss - v * cs) / det, b = (v * cc - u * cs) / det;
  return Math.hypot(a, b);
}

export function evaluateFrequency(p: FrequencyProblem, x: ArrayLike<number>): number {
  if (x.length < 1 || !(x[0] >= 0 && x[0] <= 0.5)) throw new Error('a frequency answer is one frequency in 0..0.5 cycles per sample');
  return toneAmplitudeAt(p.signal, x[0]);
}

export function frequencyWeightSum(p: FrequencyProblem): number {
  let s = 0;
  for (let i = 0; i < p.n; i++) s += Math.abs(p.signal[i]);
  return s;
}

/** The amplitude at a frequency, maximised. */
export const FREQUENCY_SCORE: ProblemScore<FrequencyProblem> = { evaluate: evaluateFrequency, weightSum: frequencyWeightSum, minimise: false };
