/** The canonical `frequency` problem (problem.ts) from the request's signal, window and top. */
import { FREQUENCY_MAX_TOP, type FrequencyProblem } from './problem';
import { FREQUENCY_WINDOWS, type FrequencyWindow } from './window';

/** Throws a plain Error naming a bad entry (the contract has checked before). */
export function canonicalFrequency(signal: ArrayLike<number>, window: FrequencyWindow = 'hann', top = 1): FrequencyProblem {
  const n = signal.length;
  if (n < 2) throw new Error(`frequency needs at least 2 samples, got ${n}`);
  const x = Float64Array.from(signal);
  // The contract caps Σ|x| at 1e150 (the C++ core refuses the same): amplitudes and their squares stay finite.
  for (let i = 0; i < n; i++) if (!(Math.abs(x[i]) <= 1e150)) throw new Error(`signal[${i}] is ${signal[i]}, not a finite number of magnitude at most 1e150`);
  if (!(FREQUENCY_WINDOWS as readonly string[]).includes(window)) throw new Error(`unknown window "${String(window)}"`);
  if (!(Number.isInteger(top) && top >= 1 && top <= FREQUENCY_MAX_TOP)) throw new Error(`top is ${top}, not an integer 1..${FREQUENCY_MAX_TOP}`);
  return { kind: 'frequency', n, signal: x, window, top };
}
