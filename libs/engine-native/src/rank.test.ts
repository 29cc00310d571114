import { describe, expect, it } from 'vitest';
import { createTsEngine, newCancelSignal, type EngineRequest } from '@svc/engine-ts';
import { evaluateRank, type RankProblem } from '@svc/engine-ts/families/rank';
import { createNativeEngine, loadNativeAddon } from './index';
import { describeNative } from './testing';
import { prepare } from './native-engine';
import { rankBudgetFor } from '@svc/engine-ts/families/rank';
import { election } from '@svc/engine-ts/families/rank/testing';


describeNative('native rank', () => {
  const native = () => createNativeEngine()!;
  const ts = createTsEngine();

  it('runs the same algorithm as engine-ts without the LP (lpMaxN 0): identical orders, values, proofs, bounds and work', async () => {
    const { addon } = loadNativeAddon();
    let compared = 0;
    for (let s = 0; s < 12; s++) {
      const n = [3, 7, 12, 14, 17, 20, 25, 30, 40, 60, 90, 130][s];
      const req: EngineRequest = { command: 'rank', problem: election(s, n, 12 * n, [0.45, 0.3, 0.1][s % 3]), effort: (['flash', 'medium'] as const)[s % 2], seed: s };
      const prepared = prepare(req);
      const options = { ...prepared.options, family: { ...rankBudgetFor(req.effort), lpMaxN: 0 } };
      const [a, b] = await Promise.all([ts.solve(req), addon!.solve('rank', prepared.problem, options, prepared.flag)]);
      expect(b.kind).toBe('permutation');
      expect(Array.from(b.order), `n ${n}`).toEqual(Array.from(a.answer));
      expect(b.objective).toBe(a.objective);
      expect(b.objective).toBe(evaluateRank(req.problem as RankProblem, b.order));
      // The same triangle packing (the certificate of the bound), λ for λ.
      expect(Array.from(b.values), `n ${n}`).toEqual(Array.from((a as { triangles: Float64Array }).triangles));
      expect(b.proof).toBe(a.proof);
      expect(b.bound).toBe(a.bound);
      expect(b.work).toEqual(a.work);
      compared++;
    }
    expect(compared).toBe(12);
  }, 120_000);

  it('with the LP bound (built with CLP): certified values agree with engine-ts, bounds stay below every order found', async () => {
    const e = native();
    const clp = loadNativeAddon().addon!.libraries?.().some((l) => l.name === 'clp' && l.family === 'rank') ?? false;
    let certifiedByLpOnly = 0;
    for (let s = 0; s < 8; s++) {
      const n = [14, 17, 20, 25, 30, 35, 40, 45][s];
      const req: EngineRequest = { command: 'rank', problem: election(700 + s, n, 12 * n, 0.45), effort: (['flash', 'medium'] as const)[s % 2], seed: s };
      const [a, b] = await Promise.all([ts.solve(req), e.solve(req)]);
      expect(b.objective).toBe(evaluateRank(req.problem as RankProblem, b.answer));
      const lowA = a.proof !== null ? a.objective : a.bound!;
      const lowB = b.proof !== null ? b.objective : b.bound!;
      expect(lowB, `n ${n}`).toBeLessThanOrEqual(a.objective);
      expect(lowA, `n ${n}`).toBeLessThanOrEqual(b.objective);
      if (a.proof !== null && b.proof !== null) expect(b.objective).toBe(a.objective);
      if (b.proof !== null && a.proof === null) certifiedByLpOnly++;
    }
    // The LP closes elections the pairwise bound leaves open at these efforts.
    if (clp) expect(certifiedByLpOnly).toBeGreaterThan(0);
  }, 180_000);

  it('certified values agree with engine-ts on 100 small elections (every size up to 16)', async () => {
    const e = native();
    for (let s = 0; s < 100; s++) {
      const n = 1 + (s % 16);
      const req: EngineRequest = { command: 'rank', problem: election(500 + s, n, 5 * n, 0.4), effort: 'high', seed: 1 };
      const [a, b] = await Promise.all([ts.solve(req), e.solve({ ...req, seed: 9 })]);
      expect(a.proof).not.toBeNull();
      expect(b.proof).not.toBeNull();
      expect(b.objective).toBe(a.objective);
    }
  }, 120_000);

  it('passes the budget field for field, reads the shared vote matrix in place, and stops on cancel', async () => {
    const p = election(3, 60, 4000, 0.45);
    expect(p.wins.buffer).toBeInstanceOf(SharedArrayBuffer);
    const req: EngineRequest = { command: 'rank', problem: p, effort: 'medium', seed: 2 };
    const prepared = prepare(req);
    expect(prepared.problem).toBe(p);
    expect(prepared.options.family).toEqual(rankBudgetFor('medium'));
    const { addon } = loadNativeAddon();
    const plain = { ...p, wins: Float64Array.from(p.wins) };
    // The LP path's time on this sparse election is not the point here: lpMaxN 0.
    const options = { ...prepared.options, family: { ...rankBudgetFor('medium'), lpMaxN: 0 } };
    const [x, y] = await Promise.all([
      addon!.solve('rank', prepared.problem, options, newCancelSignal().flag),
      addon!.solve('rank', plain, options, newCancelSignal().flag),
    ]);
    expect(Array.from(y.order!)).toEqual(Array.from(x.order!));
    const cancel = newCancelSignal();
    Atomics.store(cancel.flag, 0, 1);
    const c = await native().solve({ command: 'rank', problem: p, effort: 'high', seed: 1 }, cancel);
    expect(c.proof).toBeNull();
    expect(c.stoppedAtDeadline).toBe(true);
    expect(c.objective).toBe(evaluateRank(p, c.answer));
  });

  it('refuses a rank request whose problem is not a rank problem, or with a warm start', async () => {
    const p = election(1, 4, 10, 0.2);
    expect(() => prepare({ command: 'rank', problem: { kind: 'select' } as never, effort: 'flash', seed: 0 })).toThrow(/rank needs a rank problem/);
    await expect(native().solve({ command: 'rank', problem: p, effort: 'flash', seed: 0, warmStart: new Uint8Array(4) })).rejects.toThrow(/warm start|only the vote matrix/);
  });
});
