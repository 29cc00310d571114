/**
 * `frequency` (docs/frequency.md): the dominant frequency of a real signal. `signal` holds the
 * samples (at least 2), `sample_rate` their rate in Hz (default 1: answers in cycles per sample),
 * `top` how many peaks to report (default 1), `window` the analysis window of the peak search
 * (default hann). Each peak is refined to the least-squares (maximum-likelihood) frequency of a real
 * tone, with its amplitude, phase and a tolerance measured on the answer; a constant signal answers
 * 0 Hz with a note.
 */
import { z } from 'zod';
import { agreeN, expectArray, isFiniteNumber, required } from '../internal/checks';
import { fail, typeName } from '../internal/issue';
import { dimension } from './shared/sizes';
import { noContradictions, type CommandContract, type Loose } from './shared/contract';
import { common, fastCommon, hot } from './shared/fields';
import example from './frequency.valid.json';

/** The windows of the peak search (engine-ts families/frequency/window.ts FREQUENCY_WINDOWS, same order). */
export const FREQUENCY_WINDOW_NAMES = ['rectangular', 'hann', 'hamming', 'blackman', 'blackman-harris'] as const;

/** Caps and defaults of `frequency`. */
export const FREQUENCY_LIMITS = {
  minSamples: 2,
  /** 2^22 samples: about 40 MB of JSON, within the free plan's 100 MiB body. */
  maxSamples: 4_194_304,
  maxTop: 64,
  defaultTop: 1,
  defaultWindow: 'hann',
  defaultSampleRate: 1,
} as const;

function check(v: Loose): number {
  const signal = expectArray(required(v.signal, ['signal'], 'an array of at least 2 samples (numbers)'), ['signal'], 'an array of samples (numbers)');
  if (signal.length < FREQUENCY_LIMITS.minSamples) {
    fail(['signal'], `expected at least ${FREQUENCY_LIMITS.minSamples} samples, got ${signal.length}: one sample has no frequency`);
  }
  for (let i = 0; i < signal.length; i++) {
    if (!isFiniteNumber(signal[i])) fail(['signal', i], `expected a finite number, got ${typeName(signal[i])}`);
  }
  agreeN(v.n, signal.length, 'the number of samples');
  return signal.length;
}

function sizes(_v: Loose, n: number): void {
  if (n > FREQUENCY_LIMITS.maxSamples) dimension(`signal has ${n} samples, over the cap of ${FREQUENCY_LIMITS.maxSamples}`, FREQUENCY_LIMITS.maxSamples, 'signal');
}

const sampleRate = z.number().positive().describe('samples per second, Hz (default 1: frequencies in cycles per sample); > 0');
const top = z.number().int().min(1).max(FREQUENCY_LIMITS.maxTop).describe(`how many peaks to report, 1..${FREQUENCY_LIMITS.maxTop} (default 1); only peaks above the noise floor are listed`);
const window = z.enum(FREQUENCY_WINDOW_NAMES).describe('analysis window of the peak search: rectangular, hann (default), hamming, blackman, blackman-harris; the refined values are fitted to the samples whatever the window');

const peak = z.object({
  frequency: z.number().min(0).describe('Hz, refined between bins (the least-squares fit of a real tone)'),
  amplitude: z.number().min(0).describe('A of A·cos(2π·f·t + φ), in the signal\'s units'),
  phase: z.number().describe('φ in radians, (−π, π], at the first sample (t = 0)'),
  tolerance: z.number().min(0).describe('Hz: three standard errors of the frequency, measured on the answer (noise and curvature), plus its numerical error'),
  significant: z.boolean().describe('true when the peak stands above the noise floor (false alarm about 1 in 10^4)'),
});

export const frequency = {
  example,
  nMeans: 'the number of samples (the length of signal)',
  structure: z.strictObject({
    ...common,
    signal: z.array(z.number()).min(FREQUENCY_LIMITS.minSamples).describe(`the samples, equally spaced in time, ${FREQUENCY_LIMITS.minSamples}..${FREQUENCY_LIMITS.maxSamples} finite numbers`),
    sample_rate: sampleRate.optional(),
    top: top.optional(),
    window: window.optional(),
  }),
  fast: z.strictObject({ ...fastCommon, signal: hot, sample_rate: sampleRate.optional(), top: top.optional(), window: window.optional() }),
  checks: { check, sizes, contradictions: noContradictions },
  output: {
    answer: z.number().min(0).describe('the dominant frequency, Hz (the strongest peak; 0 for a constant signal)'),
    peaks: z.array(peak).describe('the peaks found, strongest first (at most top; at least the dominant one)'),
    other_peaks: z.array(peak).optional().describe('further tones the joint least-squares fit took beyond top (weaker than every peak), present when there are any; the peaks are refined against them'),
    resolution: z.number().positive().describe('sample_rate / n: the spacing of the DFT bins, Hz'),
    tolerance: z.number().min(0).describe('the tolerance of answer, Hz (the figure in certainty)'),
    offset: z.number().describe('the fitted mean of the signal'),
    noise: z.number().min(0).describe('standard deviation of what the peaks and offset leave unexplained'),
    window: z.enum(FREQUENCY_WINDOW_NAMES).describe('the window the peak search used'),
    note: z.string().optional().describe('what is unusual about this answer (a constant signal, a peak below the noise floor)'),
    certainty: z.string().min(1).describe("'operation (numeric, tolerance <t>)': t the tolerance of answer in Hz"),
  },
  limits: { n_min: FREQUENCY_LIMITS.minSamples, n_max: FREQUENCY_LIMITS.maxSamples, top_max: FREQUENCY_LIMITS.maxTop },
} as const satisfies CommandContract;
