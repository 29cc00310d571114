import { describe, expect, it } from 'vitest';
import { createTsEngine, newCancelSignal, Prng, type EngineRequest } from '@svc/engine-ts';
import { canonicalQap, evaluateQap, qapBudgetFor, type QapProblem } from '@svc/engine-ts/families/qap';
import { createNativeEngine, loadNativeAddon } from './index';
import { describeNative } from './testing';
import { prepare } from './native-engine';


function random(seed: number, n: number): QapProblem {
  const r = new Prng(seed);
  const m = (lo: number, real: boolean) => Array.from({ length: n }, () => Array.from({ length: n }, () => (real ? lo + r.nextFloat() * 10 : lo + r.nextInt(10))));
  return canonicalQap(m(seed % 2 ? -3 : 0, seed % 3 === 0), m(0, false));
}

describeNative('native qap', () => {
  const native = () => createNativeEngine()!;
  const ts = createTsEngine();

  it('runs the same algorithm as engine-ts: identical assignments, costs, proofs, bounds and work', async () => {
    const e = native();
    for (const [n, effort] of [[5, 'flash'], [9, 'flash'], [11, 'medium'], [14, 'flash'], [25, 'flash'], [40, 'flash']] as const) {
      const req: EngineRequest = { command: 'qap', problem: random(n, n), effort, seed: 4 };
      const [a, b] = await Promise.all([ts.solve(req), e.solve(req)]);
      expect(b.kind).toBe('permutation');
      expect(Array.from(b.answer), `n ${n}`).toEqual(Array.from(a.answer));
      expect(b.objective).toBe(a.objective);
      expect(b.objective).toBe(evaluateQap(req.problem as QapProblem, b.answer));
      expect(b.proof).toBe(a.proof);
      expect(b.bound).toBe(a.bound);
      expect(b.work).toEqual(a.work);
    }
  }, 120_000);

  it('passes the budget field for field, reads the shared matrices in place, and stops on cancel', async () => {
    const p = random(3, 20);
    const req: EngineRequest = { command: 'qap', problem: p, effort: 'flash', seed: 2 };
    const prepared = prepare(req);
    expect(prepared.problem).toBe(p);
    expect(prepared.options.family).toEqual(qapBudgetFor('flash'));
    const { addon } = loadNativeAddon();
    const plain = { ...p, flow: Float64Array.from(p.flow), dist: Float64Array.from(p.dist) };
    const [x, y] = await Promise.all([
      addon!.solve('qap', prepared.problem, prepared.options, newCancelSignal().flag),
      addon!.solve('qap', plain, prepared.options, newCancelSignal().flag),
    ]);
    expect(Array.from(y.order!)).toEqual(Array.from(x.order!));
    const cancel = newCancelSignal();
    Atomics.store(cancel.flag, 0, 1);
    const c = await native().solve({ command: 'qap', problem: random(9, 30), effort: 'high', seed: 1 }, cancel);
    expect(c.proof).toBeNull();
    expect(c.stoppedAtDeadline).toBe(true);
  });
});
