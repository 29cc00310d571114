import { expect, it } from 'vitest';
import { createTsEngine, newCancelSignal, type EngineRequest, type NumericResult } from '@svc/engine-ts';
import { canonicalEntropy } from '@svc/engine-ts/families/entropy';
import { ghzState, randomState, referenceEntropy } from '@svc/engine-ts/families/entropy/testing';
import { tfimTerms, xxzTerms, type TermJson } from '@svc/engine-ts/families/spectrum/testing';
import { createNativeEngine } from './index';
import { describeNative } from './testing';

const ofState = (n: number, state: [number, number][], sub: number[]): EngineRequest =>
  ({ command: 'entropy', problem: canonicalEntropy(n, sub, { state }), effort: 'medium', seed: 0 });
const ofTerms = (n: number, terms: TermJson[], sub: number[]): EngineRequest =>
  ({ command: 'entropy', problem: canonicalEntropy(n, sub, { terms }), effort: 'medium', seed: 0 });

describeNative('native entropy', () => {
  const ts = createTsEngine();

  it('native and TS agree within the sum of their bounds, and with an independent reduced density matrix', async () => {
    const e = createNativeEngine()!;
    expect(e.supports('entropy')).toBe(true);
    const cases: [EngineRequest, number | null][] = [];
    for (let s = 0; s < 10; s++) {
      const n = 3 + (s % 6);
      const state = randomState(500 + s, n, s % 2 === 0);
      const sub = Array.from({ length: n }, (_, q) => q).filter((q) => (q + s) % 3 === 0);
      cases.push([ofState(n, state, sub), referenceEntropy(n, state, sub).entropy]);
    }
    cases.push([ofState(9, ghzState(9), [2, 5, 7]), 1]);
    cases.push([ofTerms(12, tfimTerms(12, 1, 1, true), [0, 1, 2, 3, 4, 5]), null]);
    cases.push([ofTerms(10, xxzTerms(10, 1, 0.5, true), [0, 1, 2]), null]);
    for (const [req, want] of cases) {
      const [a, b] = (await Promise.all([ts.solve(req), e.solve(req)])) as NumericResult[];
      expect(b.kind).toBe('numeric');
      expect(b.extras.schmidt).toBe(a.extras.schmidt);
      expect(Math.abs(a.answer[0] - b.answer[0])).toBeLessThanOrEqual(a.answer[2] + b.answer[2]);
      expect(Math.abs(a.answer[1] - b.answer[1])).toBeLessThanOrEqual(a.answer[3] + b.answer[3]);
      if (want !== null) expect(Math.abs(b.answer[0] - want)).toBeLessThanOrEqual(b.answer[2] + 1e-12);
      expect(b.answer[2]).toBeLessThan(1e-6);
    }
  }, 120_000);

  it('a cancel already set: the deadline rule — the search runs on to its first complete answer, marked stopped', async () => {
    const e = createNativeEngine()!;
    const signal = newCancelSignal();
    Atomics.store(signal.flag, 0, 1);
    const r = (await e.solve(ofTerms(12, tfimTerms(12, 1, 1.5, true), [0, 1]), signal)) as NumericResult;
    expect(r.stoppedAtDeadline).toBe(true);
    expect(r.answer.length).toBeGreaterThan(5);
    // Either the vector so far with the trivial bound log2 4 = 2, or the complete search's proven one.
    expect(r.answer[2] === 2 || r.answer[2] < 1e-6).toBe(true);
  });
});
