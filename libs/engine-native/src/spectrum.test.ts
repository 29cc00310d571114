import { expect, it } from 'vitest';
import { createTsEngine, newCancelSignal, type EngineRequest, type NumericResult } from '@svc/engine-ts';
import { canonicalSpectrum } from '@svc/engine-ts/families/spectrum';
import { randomPauliTerms, tfimPeriodicLowest, tfimTerms, xxzTerms, type TermJson } from '@svc/engine-ts/families/spectrum/testing';
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
      // Lanczos sizes are not proven complete: heuristic on both engines.
      expect([a.extras.converged, b.extras.converged]).toEqual((b.extras.methods & 4) !== 0 ? [0, 0] : [1, 1]);
      const c = b.extras.count;
      for (let i = 0; i < c; i++) {
        expect(Math.abs(a.answer[i] - b.answer[i]), `n=${n} #${i}`).toBeLessThanOrEqual(a.answer[c + i] + b.answer[c + i]);
        // A Lanczos sector states its residual (not proven complete), a dense one its Kato–Temple bound.
        expect(b.answer[c + i]).toBeLessThan((b.extras.methods & 4) !== 0 ? 1e-4 : 1e-9);
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

  it('a deadline that leaves no time: the first complete answer (k values, each ≥ λ_i), stopped, not converged', async () => {
    const e = createNativeEngine()!;
    for (const [n, terms, k] of [[14, tfimTerms(14, 1, 1.3, true), 4], [12, xxzTerms(12, 1, 0.4, true), 5]] as [number, TermJson[], number][]) {
      const r = (await e.solve({ ...request(n, terms, k), deadlineMs: 1e-6 }, newCancelSignal())) as NumericResult;
      expect(r.stoppedAtDeadline).toBe(true);
      expect(r.extras.count).toBe(k);
      expect(r.extras.converged).toBe(0);
      if (n === 14) {
        const ref = tfimPeriodicLowest(14, 1, 1.3, 4);
        for (let i = 0; i < 4; i++) expect(r.answer[i]).toBeGreaterThanOrEqual(ref[i] - 1e-9);
      }
    }
  });

  it('issue 31: a single X term answers its vectors in the computational basis; a 4+4 cluster under 1e4 at flash', async () => {
    const e = createNativeEngine()!;
    const one = (await e.solve(request(8, [{ coeff: 3, ops: 'IIXIIIII' }], 2, 'medium', true), newCancelSignal())) as NumericResult;
    for (let i = 0; i < 2; i++) {
      const v = one.answer.subarray(6 + i * 512, 6 + (i + 1) * 512);
      let energy = 0;
      for (let b = 0; b < 256; b++) energy += 3 * (v[2 * b] * v[2 * (b ^ 4)] + v[2 * b + 1] * v[2 * (b ^ 4) + 1]);
      expect(energy).toBeCloseTo(-3, 12);
    }
    // 1e4·I plus a random H on qubits 2..9 of 10: every level 4-fold; flash runs Lanczos on 1,024 states.
    const eight = randomPauliTerms(31, 8, 24, 0.4);
    const terms = [{ coeff: 1e4, ops: 'I'.repeat(10) }, ...eight.map((t) => ({ coeff: t.coeff, ops: 'II' + t.ops }))];
    const ref = (await ts.solve(request(8, eight, 2, 'high'))) as NumericResult;
    const r = (await e.solve(request(10, terms, 8, 'flash'), newCancelSignal())) as NumericResult;
    const want = [ref.answer[0], ref.answer[0], ref.answer[0], ref.answer[0], ref.answer[1], ref.answer[1], ref.answer[1], ref.answer[1]].map((v) => v + 1e4);
    for (let i = 0; i < 8; i++) expect(Math.abs(r.answer[i] - want[i]), `#${i}`).toBeLessThanOrEqual(r.answer[8 + i] + Math.max(ref.answer[2], ref.answer[3]) + 1e-12 * 1e4);
    expect(r.extras.converged).toBe(0);
  }, 60_000);
});
