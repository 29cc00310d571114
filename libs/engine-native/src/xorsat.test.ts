import { expect, it } from 'vitest';
import { createTsEngine, newCancelSignal, type EngineRequest } from '@svc/engine-ts';
import { canonicalXorsat, evaluateXorsat, type XorsatProblem } from '@svc/engine-ts/families/xorsat';
import { randomXorsat } from '@svc/engine-ts/testing/xorsat';
import { createNativeEngine } from './index';
import { describeNative } from './testing';

const instance = (seed: number, n: number, m: number, maxVars: number, planted: boolean): XorsatProblem => {
  const d = randomXorsat(seed, n, m, maxVars, planted);
  return canonicalXorsat(d.n, d.equations);
};

describeNative('native xorsat', () => {
  const ts = createTsEngine();

  it('runs the same algorithm as engine-ts: identical answers, violations, proofs, bounds and work', async () => {
    const e = createNativeEngine()!;
    expect(e.supports('xorsat')).toBe(true);
    const cases = [[10, 14, 3, true, 'flash'], [12, 30, 3, false, 'medium'], [18, 60, 4, false, 'flash'], [300, 500, 6, true, 'flash'], [60, 200, 3, false, 'flash'], [80, 300, 4, false, 'medium']] as const;
    for (const [s, [n, m, k, planted, effort]] of cases.entries()) {
      const req: EngineRequest = { command: 'xorsat', problem: instance(80 + s, n, m, k, planted), effort, seed: s };
      const [a, b] = await Promise.all([ts.solve(req), e.solve(req)]);
      expect(b.kind).toBe('binary');
      expect(Array.from(b.answer as Uint8Array), `case ${s}`).toEqual(Array.from(a.answer as Uint8Array));
      expect(b.objective).toBe(evaluateXorsat(req.problem as XorsatProblem, b.answer as Uint8Array));
      expect([b.objective, b.proof, b.bound, b.work]).toEqual([a.objective, a.proof, a.bound, a.work]);
    }
  }, 120_000);

  it('a cancel already set: the same partial answer as engine-ts, labelled heuristic', async () => {
    const e = createNativeEngine()!;
    const req: EngineRequest = { command: 'xorsat', problem: instance(5, 60, 200, 3, false), effort: 'high', seed: 0 };
    const [ca, cb] = [newCancelSignal(), newCancelSignal()];
    Atomics.store(ca.flag, 0, 1);
    Atomics.store(cb.flag, 0, 1);
    const [a, b] = await Promise.all([ts.solve(req, ca), e.solve(req, cb)]);
    expect(Array.from(b.answer as Uint8Array)).toEqual(Array.from(a.answer as Uint8Array));
    expect([b.proof, b.stoppedAtDeadline]).toEqual([null, true]);
  });
});
