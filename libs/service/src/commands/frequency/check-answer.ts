import type { InputOf } from '@svc/contracts';
import type { AnswerChecker, VerifyCheck } from '../command-module';
import { toleranceOf } from '../shared/numeric-certainty';
import { frequencyTermsOf } from './adapter';
import { ldexp, recheckPeaks, refineLs, residualOf, unitExponent, type StatedPeak } from './rescore';

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The stated peaks of a result document, or null when it has none or they are malformed. */
function statedPeaks(declared: Readonly<Record<string, unknown>> | null): StatedPeak[] | null {
  const peaks = declared?.peaks;
  if (!Array.isArray(peaks) || peaks.length === 0) return null;
  const out: StatedPeak[] = [];
  for (const p of peaks) {
    if (typeof p !== 'object' || p === null) return null;
    const q = p as Record<string, unknown>;
    if (!isNum(q.frequency) || !isNum(q.amplitude) || !isNum(q.phase) || !isNum(q.tolerance) || typeof q.significant !== 'boolean') return null;
    out.push({ frequency: q.frequency, amplitude: q.amplitude, phase: q.phase, tolerance: q.tolerance, significant: q.significant });
  }
  return out;
}

/**
 * `POST /api/v1/verify/frequency`: the answer (Hz, or a result document) is checked against the
 * samples with the service's own least-squares numerics (rescore.ts): it must lie in the band, be
 * within its tolerance (the document's `tolerance`, its certainty text's, else 10⁻⁶ of a bin) of the
 * least-squares maximum nearest to it, and carry at least half the power of any frequency away from
 * it; a document's peaks are re-checked one by one (frequency, amplitude, phase, tolerance, offset).
 * The objective is that nearest maximum, recomputed here (Hz).
 */
export const frequencyChecker: AnswerChecker = {
  objectiveField: 'answer',
  minimise: false,
  check({ v, answer, declared }) {
    const t = frequencyTermsOf(v.input as InputOf<'frequency'>);
    const x = t.signal;
    const n = x.length;
    if (!isNum(answer) || answer < 0 || answer > t.rate / 2) {
      return { checks: [{ name: 'answer_shape', ok: false, detail: `expected a frequency in Hz within 0..${t.rate / 2} (half the sample rate)` }], objective: null };
    }
    const checks: VerifyCheck[] = [{ name: 'answer_shape', ok: true, detail: `a frequency within 0..${t.rate / 2} Hz` }];
    if (x.every((s) => s === x[0])) {
      const ok = answer === 0;
      checks.push({ name: 'constant', ok, detail: ok ? 'a constant signal: frequency 0' : `the signal is constant, so its frequency is 0, not ${answer}` });
      return { checks, objective: 0 };
    }
    const peaks = statedPeaks(declared);
    const stated = isNum(declared?.tolerance) ? declared.tolerance : toleranceOf(declared?.certainty);
    const tol = stated ?? 1e-6 * (t.rate / n);
    if (peaks !== null) {
      if (peaks[0].frequency !== answer) checks.push({ name: 'answer_is_first_peak', ok: false, detail: `answer ${answer} is not the first peak's frequency ${peaks[0].frequency}` });
      const { findings } = recheckPeaks(t, peaks, isNum(declared?.offset) ? declared.offset : undefined);
      checks.push(...findings);
    } else {
      const { findings } = recheckPeaks(t, [{ frequency: answer, amplitude: 0, phase: 0, tolerance: tol, significant: true }], undefined)
        ;
      // A bare frequency: its own amplitude is unknown, so only the frequency and the power are checked.
      checks.push(...findings.filter((f) => f.name === 'peak_0_frequency' || f.name === 'dominant'));
    }
    // The objective: the least-squares maximum nearest to the answer, against the rest of the stated peaks.
    // On the samples scaled by a power of two (exact): J of a 1e-300 signal would underflow.
    const k2 = unitExponent(x);
    const others = (peaks ?? []).slice(1).map((p) => ({ f: p.frequency / t.rate, a: ldexp(p.amplitude, k2), phase: p.phase }));
    const r = residualOf(Float64Array.from(x, (v) => ldexp(v, k2)), 0, others);
    let mean = 0;
    for (const s of r) mean += s;
    mean /= n;
    for (let i = 0; i < n; i++) r[i] -= mean;
    const best = refineLs(r, Math.max((2 * Math.PI * answer) / t.rate, (2e-3 * Math.PI) / n));
    return { checks, objective: (best.omega / (2 * Math.PI)) * t.rate };
  },
};
