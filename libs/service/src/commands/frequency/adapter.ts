import { CERTAINTY, FREQUENCY_LIMITS, type InputOf } from '@svc/contracts';
import type { EngineResult } from '@svc/engine-ts';
import { canonicalFrequency, fittedTones, FREQUENCY_PEAK_FIELDS, peaksOf, type FrequencyWindow } from '@svc/engine-ts/families/frequency';
import { engineFault } from '../../internal/rescore';
import type { CommandAdapter, FinishedSolve } from '../adapter';
import { canonicalOrInvalid } from '../shared/qubo-family';
import { numericCertainty } from '../shared/numeric-certainty';
import { ldexp, recheckPeaks, unitExponent, type FrequencyTerms, type StatedPeak } from './rescore';

/** The request's fields with their defaults. */
export function frequencyTermsOf(input: InputOf<'frequency'>): FrequencyTerms & { window: FrequencyWindow; top: number } {
  return {
    signal: input.signal,
    rate: input.sample_rate ?? FREQUENCY_LIMITS.defaultSampleRate,
    window: input.window ?? FREQUENCY_LIMITS.defaultWindow,
    top: input.top ?? FREQUENCY_LIMITS.defaultTop,
  };
}

/** What a constant signal's answer says. */
export const CONSTANT_NOTE = 'constant signal: every sample is equal, so there is no oscillation; the frequency is 0 and the amplitude the constant';
/** What an answer whose strongest peak is below the noise floor says. */
export const NOISE_NOTE = 'no peak stands above the noise floor: the strongest one is reported, its frequency could be anywhere in the band (the tolerance says so)';
/** What an answer on fewer than 17 samples says (under 8 bins: no noise floor can be measured). */
export const SHORT_NOTE = 'too few samples to measure a noise floor (fewer than 17): the strongest peak is reported as the least-squares fit at its frequency, which could be anywhere in the band (the tolerance says so)';
/** What an answer whose joint fit did not converge says. */
export const UNRESOLVED_NOTE = 'the joint fit of the tones did not settle within its budget (tones closer than about a bin are not resolved): the peaks are a heuristic, each within its tolerance of the least-squares maximum against the others';

/**
 * frequency: the engine finds the peaks in cycles per sample; the service scales them by the
 * sample rate and re-checks every one against the samples (rescore.ts). The receipt's answer is the
 * dominant frequency.
 */
export const frequencyAdapter: CommandAdapter = {
  command: 'frequency',
  recheckInWorker: true,
  prepare(v) {
    const t = frequencyTermsOf(v.input as InputOf<'frequency'>);
    const problem = canonicalOrInvalid(() => canonicalFrequency(t.signal, t.window, t.top));
    return {
      problem,
      terms: 0,
      receiptProblem: { n: problem.n, signal: t.signal, sample_rate: t.rate, top: t.top, window: t.window },
      finish: (r) => finishFrequency(t, r),
    };
  },
};

const peakField = (p: StatedPeak) => ({ frequency: p.frequency, amplitude: p.amplitude, phase: p.phase, tolerance: p.tolerance, significant: p.significant });

/**
 * The answer fields of peaks in Hz: the first `top` in `peaks`, the further tones of the joint fit
 * (when any) in `other_peaks`.
 */
export function frequencyFields(t: FrequencyTerms & { window: FrequencyWindow; top: number }, peaks: readonly StatedPeak[], extras: { offset: number; noise: number }, note?: string): Record<string, unknown> & { answer: number } {
  return {
    answer: peaks[0].frequency,
    peaks: peaks.slice(0, t.top).map(peakField),
    ...(peaks.length > t.top ? { other_peaks: peaks.slice(t.top).map(peakField) } : {}),
    resolution: t.rate / t.signal.length,
    tolerance: peaks[0].tolerance,
    offset: extras.offset,
    noise: extras.noise,
    window: t.window,
    ...(note !== undefined ? { note } : {}),
  };
}

/** The independent check of an engine result and the answer fields. */
export function finishFrequency(t: FrequencyTerms & { window: FrequencyWindow; top: number }, r: EngineResult): FinishedSolve {
  if (r.kind !== 'numeric') throw engineFault(`engine returned a ${r.kind} result for frequency`);
  const raw = peaksOf(r.answer);
  const most = fittedTones(t.signal.length, t.top);
  if (raw.length < 1 || raw.length > most || r.answer.length !== raw.length * FREQUENCY_PEAK_FIELDS) {
    throw engineFault(`engine answered ${r.answer.length} numbers, not 1..${most} peaks of ${FREQUENCY_PEAK_FIELDS}`);
  }
  const x = t.signal;
  const peaks: StatedPeak[] = raw.map((p) => ({ ...p, frequency: p.frequency * t.rate, tolerance: p.tolerance * t.rate }));
  for (const [k, p] of peaks.entries()) {
    const bad = !(p.frequency >= 0 && p.frequency <= t.rate / 2) || !(p.amplitude >= 0) || !(p.phase > -Math.PI - 1e-12 && p.phase <= Math.PI + 1e-12) || !(p.tolerance >= 0);
    if (bad || (k > 0 && p.amplitude > peaks[k - 1].amplitude)) throw engineFault(`engine peak ${k} ${JSON.stringify(p)} is out of range or out of order`);
  }
  const constant = x.every((v) => v === x[0]);
  if (constant) {
    const want = { frequency: 0, amplitude: Math.abs(x[0]), phase: x[0] < 0 ? Math.PI : 0, tolerance: 0, significant: true };
    if (r.extras.constant !== 1 || peaks.length !== 1 || JSON.stringify(peaks[0]) !== JSON.stringify(want)) {
      throw engineFault(`the signal is constant, but the engine answered ${JSON.stringify(peaks)}`);
    }
    return {
      fields: frequencyFields(t, peaks, { offset: x[0], noise: 0 }, CONSTANT_NOTE),
      proof: null, stoppedAtDeadline: r.stoppedAtDeadline, certainty: numericCertainty(0),
    };
  }
  if (r.extras.constant !== 0) throw engineFault('the engine calls a varying signal constant');
  const { findings, noise, noiseFloor } = recheckPeaks(t, peaks, r.extras.offset, { cut: r.stoppedAtDeadline });
  const bad = findings.find((f) => !f.ok);
  if (bad) throw engineFault(`the independent re-check disagrees with the engine: ${bad.detail}`);
  // 2^−k with k the unit exponent is max|x| within a factor 2 (a loop: a request-sized spread overflows the stack).
  if (!(Math.abs(r.extras.noise - noise) <= 1e-6 * noise + noiseFloor + 2e-12 * ldexp(1, -unitExponent(x)))) {
    throw engineFault(`engine noise ${r.extras.noise}, recomputed ${noise}`);
  }
  // Cut by the deadline, or a joint fit that did not settle: the peaks found, each re-checked as above, but not the operation's answer.
  const unsettled = r.extras.converged === 0;
  const note = unsettled ? UNRESOLVED_NOTE : peaks[0].significant ? undefined : x.length < 17 ? SHORT_NOTE : NOISE_NOTE;
  return {
    fields: frequencyFields(t, peaks, { offset: r.extras.offset, noise: r.extras.noise }, note),
    proof: null,
    stoppedAtDeadline: r.stoppedAtDeadline,
    certainty: r.stoppedAtDeadline || unsettled ? CERTAINTY.heuristic : numericCertainty(peaks[0].tolerance),
  };
}
