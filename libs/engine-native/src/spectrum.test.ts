import { expect, it } from 'vitest';
import { createTsEngine, newCancelSignal, type EngineRequest, type NumericResult } from '@svc/engine-ts';
import { canonicalSpectrum } from '@svc/engine-ts/families/spectrum';
import { randomPauliTerms, tfimPeriodicLowest, tfimTerms, xxzTerms, type TermJson } from '@svc/engine-ts/testing/spectrum';
import { createNativeEngine } from './index';
import { describeNative } from './testing';

const request = (n: number, terms: TermJson[], k: number, effort: EngineRequest['effort'] = 'medium', vectors = false): EngineRequest =>
  ({ command: 'spectrum', problem: canonicalSpectrum(n, terms, k, vectors), effort, seed: 0 });

describeNative('native spectrum', () => {
  const ts = createTsEngine();

  it('native and TS agree within the sum of their stated bounds (Ising, XXZ, random real and complex sums; dense and Lanczos sizes)', async () => {
    const e = createNativeEngine()!;
    expect(e.supports('spectrum')).toBe(true);
    const cases: [number, TermJson[], number][] = [
      [6, tfimTerms(6, 1, 0.7, true), 4], [12, tfimTerms(12, 1, 1, false), 3], [14, tfimTerms(14, 1, 0.5, true), 2],
      [12, xxzTerms(12, 1, 0.4, true), 5], [5, randomPauliTerms(1, 5, 14), 6], [11, randomPauliTerms(2, 11, 30, 0.4), 3],
      [12, randomPauliTerms(3, 12, 25, 0.3, true), 2],
    ];
    for (const [n, terms, k] of cases) {
      const [a, b] = (await Promise.all([ts.solve(request(n, terms, k)), e.solve(request(n, terms, k))])) as NumericResult[];
      expect(b.kind).toBe('numeric');
      expect(b.extras.count).toBe(a.extras.count);
      expect(b.extras.symmetry).toBe(a.extras.symmetry);
      expect(b.extras.converged).toBe(1);
      const c = b.extras.count;
      for (let i = 0; i < c; i++) {
        expect(Math.abs(a.answer[i] - b.answer[i]), `n=${n} #${i}`).toBeLessThanOrEqual(a.answer[c + i] + b.answer[c + i]);
        expect(b.answer[c + i]).toBeLessThan(1e-9);
      }
    }
  }, 120_000);

  it('the Ising chain at L = 18 against its free-fermion spectrum, and eigenvectors as engine-ts lays them out', async () => {
    const e = createNativeEngine()!;
    const r = (await e.solve(request(18, tfimTerms(18, 1, 1, true), 2))) as NumericResult;
    const ref = tfimPeriodicLowest(18, 1, 1, 2);
    for (let i = 0; i < 2; i++) expect(Math.abs(r.answer[i] - ref[i])).toBeLessThanOrEqual(r.answer[2 + i] + 1e-12 * Math.abs(ref[i]));
    const v = (await e.solve(request(6, tfimTerms(6, 1, 0.7, true), 2, 'medium', true))) as NumericResult;
    expect(v.extras.vectors).toBe(2);
    expect(v.answer.length).toBe(6 + 2 * 2 * 64);
  }, 60_000);

  it('a cancel already set: stopped, not converged', async () => {
    const e = createNativeEngine()!;
    const signal = newCancelSignal();
    Atomics.store(signal.flag, 0, 1);
    const r = (await e.solve(request(16, tfimTerms(16, 1, 1, true), 2), signal)) as NumericResult;
    expect(r.stoppedAtDeadline).toBe(true);
    expect(r.extras.converged).toBe(0);
  });
});
