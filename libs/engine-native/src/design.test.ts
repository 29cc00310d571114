import { describe, expect, it } from 'vitest';
import { createTsEngine, newCancelSignal, type EngineRequest } from '@svc/engine-ts';
import { canonicalDesign, designBudgetFor, evaluateDesign, type DesignProblem } from '@svc/engine-ts/families/design';
import { randomDesign } from '@svc/engine-ts/families/design/testing';
import { createNativeEngine } from './index';
import { describeNative } from './testing';
import { prepare } from './native-engine';


describeNative('native design', () => {
  const native = () => createNativeEngine()!;
  const ts = createTsEngine();

  it('runs the same algorithm as engine-ts: identical values, energies, proofs, bounds and work', async () => {
    const e = native();
    const cases = [
      [6, 3, 'general', 'flash'], [7, 4, 'general', 'medium'], [9, 2, 'general', 'flash'], [40, 5, 'tree', 'flash'],
      [20, 3, 'general', 'medium'], [28, 4, 'colouring', 'flash'], [60, 9, 'colouring', 'flash'], [90, 4, 'general', 'flash'],
      [300, 6, 'chain', 'flash'], [130, 7, 'colouring', 'flash'],
    ] as const;
    for (const [s, [L, K, shape, effort]] of cases.entries()) {
      const req: EngineRequest = { command: 'design', problem: canonicalDesign(randomDesign(40 + s, L, K, shape)), effort, seed: s };
      const [a, b] = await Promise.all([ts.solve(req), e.solve(req)]);
      expect(b.kind).toBe('labels');
      expect(Array.from(b.answer), `case ${s}`).toEqual(Array.from(a.answer));
      expect(b.objective).toBe(a.objective);
      expect(b.objective).toBe(evaluateDesign(req.problem as DesignProblem, b.answer));
      expect(b.proof).toBe(a.proof);
      expect(b.bound).toBe(a.bound);
      expect(b.work).toEqual(a.work);
    }
  }, 120_000);

  it('passes the budget field for field and stops on cancel with a valid answer', async () => {
    const p = canonicalDesign(randomDesign(3, 100, 7, 'colouring'));
    const prepared = prepare({ command: 'design', problem: p, effort: 'flash', seed: 2 });
    const b = designBudgetFor('flash');
    expect(prepared.problem).toBe(p);
    expect(prepared.options.family).toEqual(b);
    const cancel = newCancelSignal();
    Atomics.store(cancel.flag, 0, 1);
    const c = await native().solve({ command: 'design', problem: p, effort: 'high', seed: 1 }, cancel);
    expect(c.stoppedAtDeadline).toBe(true);
    expect(c.proof).toBeNull();
    expect(c.objective).toBe(evaluateDesign(p, c.answer));
  });
});
