import { describe, expect, it } from 'vitest';
import { createTsEngine, newCancelSignal, type EngineRequest } from '@svc/engine-ts';
import { canonicalCover, coverBudgetFor, evaluateCover, type CoverProblem } from '@svc/engine-ts/families/cover';
import { randomCover } from '@svc/engine-ts/families/cover/testing';
import { createNativeEngine } from './index';
import { describeNative } from './testing';
import { prepare } from './native-engine';
import { loadNativeAddon } from './load-native-addon';

const instance = (seed: number, universe: number, sets: number, density: number): CoverProblem => {
  const d = randomCover(seed, universe, sets, density);
  return canonicalCover(d.universe, d.sets, d.costs);
};

describeNative('native cover', () => {
  const native = () => createNativeEngine()!;
  const ts = createTsEngine();

  // Built with CLP, the native engine replaces the Lagrangian tree by its LP tree (docs/cover.md):
  // the same optimum wherever both certify, by different trees; without CLP, the same algorithm.
  const lp = (loadNativeAddon().addon?.libraries?.() ?? []).some((l) => l.name === 'clp' && l.family === 'cover');

  it(lp ? 'with CLP: the same certified costs as engine-ts, every bound at most the other engine\'s certified cost' : 'runs the same algorithm as engine-ts: identical covers, costs, proofs, bounds and work', async () => {
    const e = native();
    const cases = [[8, 6, 0.3, 'flash'], [15, 12, 0.2, 'medium'], [40, 60, 0.08, 'flash'], [120, 400, 0.04, 'flash'], [200, 600, 0.02, 'medium'], [60, 300, 0.05, 'flash'], [30, 40, 0.1, 'medium'], [50, 80, 0.06, 'medium']] as const;
    let both = 0;
    for (const [s, [U, n, density, effort]] of cases.entries()) {
      const req: EngineRequest = { command: 'cover', problem: instance(70 + s, U, n, density), effort, seed: s };
      const [a, b] = await Promise.all([ts.solve(req), e.solve(req)]);
      expect(b.kind).toBe('binary');
      expect(b.objective).toBe(evaluateCover(req.problem as CoverProblem, b.answer as Uint8Array));
      if (lp) {
        const tol = 1e-9 * (1 + Math.abs(a.objective));
        if (a.proof !== null && b.proof !== null) {
          both++;
          expect(Math.abs(b.objective - a.objective), `case ${s}`).toBeLessThanOrEqual(tol);
        }
        if (a.proof !== null) expect(b.bound ?? -Infinity, `case ${s}`).toBeLessThanOrEqual(a.objective + tol);
        if (b.proof !== null) expect(a.bound ?? -Infinity, `case ${s}`).toBeLessThanOrEqual(b.objective + tol);
        if (a.proof !== null) expect(b.proof, `case ${s}: the LP tree closes whatever the Lagrangian one closes`).not.toBeNull();
        continue;
      }
      expect(Array.from(b.answer as Uint8Array), `case ${s}`).toEqual(Array.from(a.answer as Uint8Array));
      expect(b.objective).toBe(a.objective);
      expect(b.proof).toBe(a.proof);
      expect(b.bound).toBe(a.bound);
      expect(b.work).toEqual(a.work);
    }
    if (lp) expect(both).toBeGreaterThanOrEqual(4);
  }, 120_000);

  it('with a cancel already set: the same cover, bound and work as engine-ts, the bound present whenever the reductions leave the answer heuristic', async () => {
    const e = native();
    const cases = [[8, 6, 0.3, 'flash'], [15, 12, 0.2, 'medium'], [40, 60, 0.08, 'high'], [120, 400, 0.04, 'flash'], [200, 600, 0.02, 'medium'], [6, 5, 0.2, 'flash']] as const;
    let heuristic = 0;
    for (const [s, [U, n, density, effort]] of cases.entries()) {
      const req: EngineRequest = { command: 'cover', problem: instance(170 + s, U, n, density), effort, seed: s };
      const [ca, cb] = [newCancelSignal(), newCancelSignal()];
      Atomics.store(ca.flag, 0, 1);
      Atomics.store(cb.flag, 0, 1);
      const [a, b] = await Promise.all([ts.solve(req, ca), e.solve(req, cb)]);
      expect(Array.from(b.answer as Uint8Array), `case ${s}`).toEqual(Array.from(a.answer as Uint8Array));
      expect([b.objective, b.proof, b.bound, b.stoppedAtDeadline]).toEqual([a.objective, a.proof, a.bound, a.stoppedAtDeadline]);
      expect(b.work).toEqual(a.work);
      if (b.proof === null) {
        heuristic++;
        expect(b.bound!, `case ${s}`).toBeLessThanOrEqual(b.objective);
      } else expect(b.bound).toBeUndefined();
    }
    expect(heuristic).toBeGreaterThanOrEqual(4);
  });

  it('passes the budget field for field and stops on cancel with a valid cover', async () => {
    const p = instance(3, 150, 500, 0.03);
    const prepared = prepare({ command: 'cover', problem: p, effort: 'flash', seed: 2 });
    const b = coverBudgetFor('flash');
    expect(prepared.problem).toBe(p);
    expect(prepared.options.family).toEqual(b);
    const cancel = newCancelSignal();
    Atomics.store(cancel.flag, 0, 1);
    const c = await native().solve({ command: 'cover', problem: p, effort: 'high', seed: 1 }, cancel);
    expect(c.stoppedAtDeadline).toBe(true);
    expect(c.proof).toBeNull();
    expect(c.objective).toBe(evaluateCover(p, c.answer as Uint8Array));
  });
});
