import { expect, it } from 'vitest';
import { createTsEngine, newCancelSignal, type EngineRequest, type NumericResult } from '@svc/engine-ts';
import { canonicalWorld, worldBudgetFor, type WorldInput } from '@svc/engine-ts/families/world';
import { randomChains, randomCloud, sampledGrid } from '@svc/engine-ts/families/world/testing';
import { Prng } from '@svc/engine-ts';
import { createNativeEngine } from './index';
import { describeNative } from './testing';
import { prepare } from './native-engine';

describeNative('native world', () => {
  const native = () => createNativeEngine()!;
  const ts = createTsEngine();
  const both = async (w: WorldInput) => {
    const req: EngineRequest = { command: 'world', problem: canonicalWorld(w), effort: 'medium', seed: 0 };
    return (await Promise.all([ts.solve(req), native().solve(req)])) as [NumericResult, NumericResult];
  };
  const agree = (a: NumericResult, b: NumericResult) => {
    expect(b.kind).toBe('numeric');
    expect(b.answer.length).toBe(a.answer.length);
    const tol = Math.max(a.extras.tolerance, b.extras.tolerance);
    for (let i = 0; i < a.answer.length; i++) expect(Math.abs(b.answer[i] - a.answer[i]), `entry ${i}`).toBeLessThanOrEqual(tol);
    expect(Math.abs(b.objective - a.objective)).toBeLessThanOrEqual(tol * Math.max(1, a.answer.length));
  };

  it('kinematics, terrain and predict agree with engine-ts within the stated tolerance', async () => {
    for (let s = 0; s < 10; s++) {
      const { links, dh } = randomChains(s, 1 + 7 * s);
      agree(...(await both({ op: 'kinematics', links, base: { x: 1, y: -1, theta: 0.5 } })));
      agree(...(await both({ op: 'kinematics', dh })));
      const r = new Prng(s);
      const grid = sampledGrid(4 + s, 6 + s, 0.5, 0.7, -1, 2, (x, y) => Math.sin(x) * Math.cos(y) + 0.1 * x * y);
      const points = Array.from({ length: 40 }, () => [-1 + 0.5 * (5 + s) * r.nextFloat(), 2 + 0.7 * (3 + s) * r.nextFloat()]);
      agree(...(await both({ op: 'terrain', grid, cell: [0.5, 0.7], origin: [-1, 2], points })));
      const poses = Array.from({ length: 2 + (s % 4) }, (_, t) => ({ t: t * 0.3 + r.nextFloat() * 0.1, x: r.nextFloat(), y: r.nextFloat(), z: r.nextFloat(), theta: 6 * r.nextFloat() - 3 }));
      agree(...(await both({ op: 'predict', poses, at: 2 })));
    }
  }, 120_000);

  it('neighbors: the same indices and the same distances, bit for bit, with duplicates and ties in 1..8 dimensions', async () => {
    for (let s = 0; s < 16; s++) {
      const dim = 1 + (s % 8);
      const points = randomCloud(s, 50 + 97 * s, dim, { duplicates: 0.15, grid: s % 2 === 0 ? 5 : undefined });
      const queries = randomCloud(500 + s, 200, dim, { grid: s % 2 === 0 ? 5 : undefined });
      const [a, b] = await both({ op: 'neighbors', points, queries, k: 1 + (s % 9) });
      expect(Array.from(b.ints)).toEqual(Array.from(a.ints));
      expect(Array.from(b.answer)).toEqual(Array.from(a.answer));
      expect(b.objective).toBe(a.objective);
      expect(b.extras.tolerance).toBe(a.extras.tolerance);
    }
  }, 120_000);

  it('passes the budget by name; a cancel is an error, not a partial list', async () => {
    const p = canonicalWorld({ op: 'neighbors', points: randomCloud(1, 5000, 3), queries: randomCloud(2, 5000, 3), k: 1 });
    expect(prepare({ command: 'world', problem: p, effort: 'flash', seed: 0 }).options.family).toEqual(worldBudgetFor('flash'));
    const cancel = newCancelSignal();
    Atomics.store(cancel.flag, 0, 1);
    await expect(native().solve({ command: 'world', problem: p, effort: 'flash', seed: 0 }, cancel)).rejects.toThrow(/stopped/);
  });
});
