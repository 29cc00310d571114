import { describe, expect, it } from 'vitest';
import { validateProblem } from '@svc/contracts';
import type { EngineResult, NumericResult } from '@svc/engine-ts';
import { Prng } from '@svc/engine-ts';
import { toneSignal } from '@svc/engine-ts/families/frequency/testing';
import { CHECKERS, MODULES } from '../index';
import { adapterHarness, engineFailure, TAG } from '../../../test/adapters';
import { numericCertainty, toleranceOf, toleranceText } from '../shared/numeric-certainty';
import { CONSTANT_NOTE, NOISE_NOTE } from './adapter';

const DESCRIPTION = 'Find the dominant vibration frequency of a pump.';
const { prepare, run } = adapterHarness(DESCRIPTION);

const check = (b: Record<string, unknown>, answer: unknown, declared: Record<string, unknown> | null) => {
  const v = validateProblem('frequency', { tag: TAG, description: DESCRIPTION, ...b }, { sandbox: false });
  return CHECKERS.frequency!.check({ v, prep: prepare('frequency', b), answer, declared });
};

describe('numeric certainty text', () => {
  it('rounds the tolerance up to two significant digits and reads it back', () => {
    expect(toleranceText(0)).toBe('0');
    expect(toleranceText(1.234e-9)).toBe('1.3e-9');
    expect(toleranceText(1.2e-9)).toBe('1.2e-9');
    expect(toleranceText(9.96)).toBe('1.0e1');
    expect(toleranceText(0.5)).toBe('5.0e-1');
    expect(numericCertainty(3.21e-7)).toBe('operation (numeric, tolerance 3.3e-7)');
    expect(toleranceOf('operation (numeric, tolerance 3.3e-7)')).toBe(3.3e-7);
    expect(toleranceOf('heuristic (hypothesis - verify)')).toBeNull();
  });
});

describe('frequency through the service adapter', () => {
  it('scales to Hz, states the tolerance in the certainty, and the re-check passes on tones, noise and several peaks', () => {
    const r = new Prng(2);
    for (let s = 0; s < 20; s++) {
      const n = 32 + r.nextInt(2000);
      const rate = [1, 8, 44100, 0.5][s % 4];
      const f = (1 + r.nextFloat() * (n / 2 - 2)) / n;
      const tones = [{ frequency: f, amplitude: 2, phase: 1 }, ...(s % 3 === 0 ? [{ frequency: (f + 0.13) % 0.49, amplitude: 0.5, phase: 0 }] : [])];
      const signal = toneSignal(n, tones, { offset: 1, sigma: s % 2 === 0 ? 0.2 : 0, seed: s });
      const { done } = run('frequency', { signal, sample_rate: rate, top: tones.length, window: (['hann', 'rectangular', 'blackman'] as const)[s % 3] });
      const fields = done.fields as Record<string, any>;
      expect(Math.abs(fields.answer - f * rate), `case ${s}`).toBeLessThanOrEqual(fields.tolerance + 1e-6 * rate / n);
      expect(fields.peaks.length).toBe(tones.length);
      expect(fields.resolution).toBe(rate / n);
      expect(done.certainty).toBe(numericCertainty(fields.tolerance));
      expect(done.proof).toBeNull();
      expect(fields.note).toBeUndefined();
      expect(toleranceOf(done.certainty)).toBeGreaterThanOrEqual(fields.tolerance);
    }
  });

  it('a constant signal answers 0 Hz with a note, tolerance 0; noise alone says its peak is not significant', () => {
    const c = run('frequency', { signal: [3, 3, 3, 3], sample_rate: 10 }).done;
    expect([c.fields.answer, c.fields.note, c.certainty, (c.fields.peaks as any[])[0].amplitude]).toEqual([0, CONSTANT_NOTE, 'operation (numeric, tolerance 0)', 3]);
    const noise = run('frequency', { signal: toneSignal(400, [], { sigma: 1, seed: 4 }), sample_rate: 2 }).done;
    expect(noise.fields.note).toBe(NOISE_NOTE);
    expect(noise.fields.tolerance).toBe(1);
  });

  it('never trusts the engine: a moved frequency, amplitude, phase, tolerance, order or offset is SVC_ENGINE_FAILURE', () => {
    const signal = toneSignal(500, [{ frequency: 0.1234, amplitude: 1, phase: 0.3 }, { frequency: 0.3, amplitude: 0.4, phase: 1 }], { sigma: 0.05, seed: 1 });
    const { prep, r } = run('frequency', { signal, top: 2 });
    const good = r as NumericResult;
    const patched = (k: number, v: number, extras?: Record<string, number>) => {
      const answer = Float64Array.from(good.answer);
      if (k >= 0) answer[k] = v;
      return () => prep.finish({ ...good, answer, ...(extras ? { extras: { ...good.extras, ...extras } } : {}) } as EngineResult, { deadlineFired: false });
    };
    expect(engineFailure(patched(0, good.answer[0] + 1e-3))).toMatch(/re-check disagrees/);
    expect(engineFailure(patched(0, good.answer[0] + 1e-4))).toMatch(/from the least-squares maximum, beyond its tolerance/);
    expect(engineFailure(patched(1, good.answer[1] * 1.01))).toMatch(/re-check disagrees/);
    expect(engineFailure(patched(2, good.answer[2] + 0.05))).toMatch(/phase/);
    expect(engineFailure(patched(3, good.answer[3] / 10))).toMatch(/standard errors/);
    expect(engineFailure(patched(6, 5))).toMatch(/out of range or out of order/);
    expect(engineFailure(patched(-1, 0, { offset: 0.5 }))).toMatch(/offset/);
    expect(engineFailure(patched(-1, 0, { constant: 1 }))).toMatch(/constant/);
    // Reporting only the weaker peak leaves a stronger one elsewhere in the band.
    const weakOnly = Float64Array.from(good.answer.subarray(5, 10));
    expect(engineFailure(() => prep.finish({ ...good, answer: weakOnly } as EngineResult, { deadlineFired: false }))).toMatch(/re-check disagrees/);
    expect(engineFailure(() => prep.finish({ ...good, kind: 'vector' } as unknown as EngineResult, { deadlineFired: false }))).toMatch(/vector result/);
  });

  it('verify: the engine answer passes; a bare frequency is checked against the least-squares maximum; wrong ones fail', () => {
    const signal = toneSignal(256, [{ frequency: 0.2, amplitude: 1, phase: 0 }], { sigma: 0.1, seed: 3 });
    const b = { signal, sample_rate: 100 };
    const { done } = run('frequency', b);
    const doc = { ...done.fields, certainty: done.certainty };
    const ok = check(b, done.fields.answer, doc);
    expect(ok.checks.every((c) => c.ok), JSON.stringify(ok.checks)).toBe(true);
    expect(Math.abs((ok.objective as number) - (done.fields.answer as number))).toBeLessThan(done.fields.tolerance as number);
    const bare = check(b, done.fields.answer, null);
    expect(bare.checks.every((c) => c.ok), JSON.stringify(bare.checks)).toBe(true);
    const bad = (a: unknown, declared: Record<string, unknown> | null = null) => check(b, a, declared).checks.filter((c) => !c.ok).map((c) => c.name);
    expect(bad(70)).toEqual(['answer_shape']);
    expect(bad(20.3)).toContain('peak_0_frequency');
    expect(bad(33, { tolerance: 1 })).toEqual(expect.arrayContaining(['dominant']));
    expect(bad(done.fields.answer, { ...doc, peaks: [{ ...(done.fields.peaks as any[])[0], amplitude: 2 }] })).toContain('peak_0_amplitude');
    expect(bad(done.fields.answer, { ...doc, peaks: [{ ...(done.fields.peaks as any[])[0], phase: 0.5 }] })).toContain('peak_0_amplitude');
    expect(check({ signal: [1, 1, 1] }, 0, null).checks.every((c) => c.ok)).toBe(true);
    expect(bad.call(null, 0.1)).toContain('peak_0_frequency');
    expect(check({ signal: [1, 1, 1] }, 0.2, null).checks.map((c) => c.ok)).toEqual([true, false]);
  });

  it('the module example states the answer and certainty both engines give', () => {
    const ex = MODULES.frequency!.examples[0];
    const { done } = run('frequency', ex.problem as Record<string, unknown>, ex.query);
    expect(Math.abs((done.fields.answer as number) - Number(ex.expected.value))).toBeLessThanOrEqual(ex.expected.tolerance!);
    expect(done.certainty).toBe(ex.expected.certainty);
  });
});
