/**
 * The analysis windows of `frequency` (C++ core/frequency/window.h): periodic (DFT-even) cosine-sum
 * windows w[n] = Σ_j (−1)^j·c_j·cos(2πjn/N). The window shapes the peak search (leakage of strong
 * peaks over weak ones) and the coarse estimate; the refined frequency, amplitude and phase are the
 * least-squares fit to the samples themselves, whatever the window.
 */
import { unitRoots } from './fft';

export const FREQUENCY_WINDOWS = ['rectangular', 'hann', 'hamming', 'blackman', 'blackman-harris'] as const;
export type FrequencyWindow = (typeof FREQUENCY_WINDOWS)[number];

/** Cosine-sum coefficients c_0, c_1, … of each window. */
const COEFFICIENTS: Readonly<Record<FrequencyWindow, readonly number[]>> = {
  rectangular: [1],
  hann: [0.5, 0.5],
  hamming: [0.54, 0.46],
  blackman: [0.42, 0.5, 0.08],
  'blackman-harris': [0.35875, 0.48829, 0.14128, 0.01168],
};

/** The window's samples, length n: cos(2πji/n) is the real part of root (j·i) mod n (fft.ts unitRoots). */
export function windowSamples(window: FrequencyWindow, n: number): Float64Array {
  const c = COEFFICIENTS[window];
  const roots = unitRoots(n);
  const w = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let v = c[0];
    for (let j = 1; j < c.length; j++) v += (j % 2 === 1 ? -1 : 1) * c[j] * roots.re[(j * i) % n];
    w[i] = v;
  }
  return w;
}

/** Index of a window in FREQUENCY_WINDOWS (its wire value). */
export function windowIndex(window: FrequencyWindow): number {
  const i = FREQUENCY_WINDOWS.indexOf(window);
  if (i < 0) throw new RangeError(`unknown window "${String(window)}"`);
  return i;
}
