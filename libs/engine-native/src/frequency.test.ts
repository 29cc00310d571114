import { describe, expect, it } from 'vitest';
import { createTsEngine, newCancelSignal, Prng, type EngineRequest, type NumericResult } from '@svc/engine-ts';
import { canonicalFrequency, frequencyBudgetFor, FREQUENCY_WINDOWS, peaksOf } from '@svc/engine-ts/families/frequency';
import { toneCrbStd, toneSignal } from '@svc/engine-ts/families/frequency/testing';
import { createNativeEngine } from './index';
import { describeNative } from './testing';
import { prepare } from './native-engine';

describeNative('native frequency', () => {
  const native = () => createNativeEngine()!;
  const ts = createTsEngine();
  const solveBoth = async (req: EngineRequest) => (await Promise.all([ts.solve(req), native().solve(req)])) as [NumericResult, NumericResult];

  it('agrees with engine-ts within the stated tolerance: the same peaks, amplitudes, phases and significance', async () => {
    const r = new Prng(31);
    for (let s = 0; s < 40; s++) {
      const n = [2, 3, 4, 17, 64, 97, 256, 1000, 4099, 65537][s % 10] + (s >= 10 ? r.nextInt(300) : 0);
      const tones = Array.from({ length: 1 + (s % 3) }, () => ({ frequency: (0.5 + r.nextFloat() * (n / 2 - 1)) / n, amplitude: 0.2 + r.nextFloat(), phase: 6 * r.nextFloat() }));
      const x = toneSignal(n, tones, { offset: r.nextFloat(), sigma: s % 4 === 0 ? 0 : 0.05 * r.nextFloat(), seed: s });
      const req: EngineRequest = { command: 'frequency', problem: canonicalFrequency(x, FREQUENCY_WINDOWS[s % 5], 1 + (s % 4)), effort: 'medium', seed: 0 };
      const [a, b] = await solveBoth(req);
      expect(b.kind).toBe('numeric');
      const [pa, pb] = [peaksOf(a.answer), peaksOf(b.answer)];
      expect(pb.length, `case ${s}, n = ${n}`).toBe(pa.length);
      for (let k = 0; k < pa.length; k++) {
        const tol = Math.max(pa[k].tolerance, pb[k].tolerance);
        expect(Math.abs(pb[k].frequency - pa[k].frequency), `case ${s} peak ${k}`).toBeLessThanOrEqual(tol);
        expect(pb[k].significant).toBe(pa[k].significant);
        expect(Math.abs(pb[k].amplitude - pa[k].amplitude)).toBeLessThanOrEqual(1e-6 * (1 + pa[k].amplitude));
      }
      expect(b.objective).toBe(b.answer[0]);
      expect(Object.keys(b.extras).sort()).toEqual(['constant', 'converged', 'dof', 'noise', 'offset']);
      expect(b.extras.converged).toBe(a.extras.converged);
      expect(b.extras.dof).toBe(a.extras.dof);
      expect(b.extras.offset).toBeCloseTo(a.extras.offset, 9);
    }
  }, 120_000);

  it('meets the accuracy targets natively: noiseless within 1e-6 bin, noisy within 1.2x the Cramér–Rao bound', async () => {
    const e = native();
    const r = new Prng(3);
    for (let s = 0; s < 30; s++) {
      const n = 16 + r.nextInt(5000);
      const f = (0.3 + r.nextFloat() * (n / 2 - 0.6)) / n;
      const x = toneSignal(n, [{ frequency: f, amplitude: 1, phase: r.nextFloat() }]);
      const res = (await e.solve({ command: 'frequency', problem: canonicalFrequency(x), effort: 'flash', seed: 0 })) as NumericResult;
      expect(Math.abs(res.answer[0] - f) * n, `n = ${n}`).toBeLessThan(1e-6);
    }
    let se = 0;
    const n = 512, A = Math.SQRT2;
    for (let s = 0; s < 200; s++) {
      const f = (5 + r.nextFloat() * (n / 2 - 10)) / n;
      const x = toneSignal(n, [{ frequency: f, amplitude: A, phase: 6 * r.nextFloat() }], { sigma: 1, seed: 9000 + s });
      const res = (await e.solve({ command: 'frequency', problem: canonicalFrequency(x), effort: 'flash', seed: 0 })) as NumericResult;
      se += (res.answer[0] - f) ** 2;
    }
    expect(Math.sqrt(se / 200) / toneCrbStd(n, A, 1)).toBeLessThan(1.2);
  }, 120_000);

  it('fits the tones beyond top natively: every tone within 1e-6 bin whatever top is; none of round-off; under 17 samples no floor', async () => {
    const e = native();
    const r = new Prng(31);
    for (let s = 0; s < 12; s++) {
      const n = [42, 4096, 300, 1000][s % 4];
      const k = 2 + (s % 3);
      const fs: number[] = [];
      while (fs.length < k) {
        const f = (1.5 + r.nextFloat() * (n / 2 - 3)) / n;
        if (fs.every((g) => Math.abs(g - f) * n >= 2)) fs.push(f);
      }
      const tones = fs.map((f, j) => ({ frequency: f, amplitude: 1 / (1 + j), phase: 6 * r.nextFloat() - 3 }));
      const x = toneSignal(n, tones, { offset: 0.3 });
      for (const top of [1, k + 2]) {
        const res = (await e.solve({ command: 'frequency', problem: canonicalFrequency(x, FREQUENCY_WINDOWS[s % 5], top), effort: 'medium', seed: 0 })) as NumericResult;
        const peaks = peaksOf(res.answer);
        expect(peaks.length, `case ${s}, top ${top}`).toBe(k);
        for (const t of tones) {
          const p = peaks.reduce((a, b) => (Math.abs(b.frequency - t.frequency) < Math.abs(a.frequency - t.frequency) ? b : a));
          expect(Math.abs(p.frequency - t.frequency) * n, `case ${s}, n = ${n}, top ${top}`).toBeLessThan(1e-6);
        }
        expect(res.extras.converged).toBe(1);
      }
    }
    for (let n = 2; n <= 16; n++) {
      const x = toneSignal(n, [{ frequency: 0.31, amplitude: 1, phase: 0.4 }, { frequency: 0.12, amplitude: 0.6, phase: 0 }], { offset: 0.2 });
      const res = (await e.solve({ command: 'frequency', problem: canonicalFrequency(x, 'hann', 3), effort: 'medium', seed: 0 })) as NumericResult;
      expect(peaksOf(res.answer).map((p) => [p.significant, p.tolerance]), `n = ${n}`).toEqual([[false, 0.5]]);
    }
  }, 120_000);

  it('passes the budget by name, the window as its name, and answers a cancel with the first peak', async () => {
    const x = toneSignal(777, [{ frequency: 0.11, amplitude: 1, phase: 0 }, { frequency: 0.3, amplitude: 0.3, phase: 0 }], { sigma: 0.01, seed: 2 });
    const p = canonicalFrequency(x, 'blackman', 2);
    const prepared = prepare({ command: 'frequency', problem: p, effort: 'high', seed: 0 });
    expect(prepared.problem).toBe(p);
    expect(prepared.options.family).toEqual(frequencyBudgetFor('high'));
    const cancel = newCancelSignal();
    Atomics.store(cancel.flag, 0, 1);
    const c = (await native().solve({ command: 'frequency', problem: p, effort: 'high', seed: 0 }, cancel)) as NumericResult;
    expect(c.stoppedAtDeadline).toBe(true);
    expect(peaksOf(c.answer).length).toBe(1);
    // A constant signal crosses as frequency 0 with the constant flag.
    const k = (await native().solve({ command: 'frequency', problem: canonicalFrequency([2, 2, 2]), effort: 'flash', seed: 0 })) as NumericResult;
    expect([Array.from(k.answer), k.extras.constant]).toEqual([[0, 2, 0, 0, 1], 1]);
  });
});
