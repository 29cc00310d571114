/** The canonical problem of `frequency` (C++ core/frequency/problem.h). */
import type { FrequencyWindow } from './window';

/**
 * frequency: the n samples of a real signal (n ≥ 2), the analysis window of the peak search and
 * how many peaks to report. The engines work in cycles per sample; the service applies the
 * sample rate. The answer is a `NumericResult` (base.ts):
 *   answer   FREQUENCY_PEAK_FIELDS numbers per peak, strongest first: frequency (cycles/sample,
 *            0..½), amplitude, phase at sample 0 (radians, (−π, π]), tolerance of the frequency
 *            (cycles/sample), significant (1 when the peak stood above the noise floor, else 0)
 *   ints     empty
 *   extras   offset (the fitted mean), noise (the residual's standard deviation), constant (1 when
 *            every sample is equal), dof (the residual's degrees of freedom)
 *   objective  the dominant frequency (cycles/sample)
 */
export interface FrequencyProblem {
  readonly kind: 'frequency';
  readonly n: number;
  readonly signal: Float64Array;
  readonly window: FrequencyWindow;
  /** Peaks to report, 1..FREQUENCY_MAX_TOP. */
  readonly top: number;
}

/** Numbers per peak in the answer. */
export const FREQUENCY_PEAK_FIELDS = 5;

/** The most peaks one request may ask for. */
export const FREQUENCY_MAX_TOP = 64;

/** One peak as the engines report it (cycles per sample). */
export interface FrequencyPeak {
  readonly frequency: number;
  readonly amplitude: number;
  readonly phase: number;
  readonly tolerance: number;
  readonly significant: boolean;
}

/** The peaks of a result's answer. */
export function peaksOf(values: ArrayLike<number>): FrequencyPeak[] {
  const out: FrequencyPeak[] = [];
  for (let k = 0; k + FREQUENCY_PEAK_FIELDS <= values.length; k += FREQUENCY_PEAK_FIELDS) {
    out.push({ frequency: values[k], amplitude: values[k + 1], phase: values[k + 2], tolerance: values[k + 3], significant: values[k + 4] === 1 });
  }
  return out;
}
