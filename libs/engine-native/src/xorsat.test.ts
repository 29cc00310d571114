import { expect, it } from 'vitest';
import { createTsEngine, newCancelSignal, type EngineRequest, type Effort } from '@svc/engine-ts';
import { canonicalXorsat, evaluateXorsat, planXorsat, type XorsatProblem } from '@svc/engine-ts/families/xorsat';
import { bruteXorsat, plainRankXorsat, randomXorsat, sparseXorsat, type XorsatInput } from '@svc/engine-ts/families/xorsat/testing';
import { createNativeEngine } from './index';
import { describeNative } from './testing';

const problemOf = (d: XorsatInput): XorsatProblem => canonicalXorsat(d.n, d.equations);

describeNative('native xorsat', () => {
  const ts = createTsEngine();
  const run = async (d: XorsatInput, effort: Effort, seed: number) => {
    const e = createNativeEngine()!;
    const req: EngineRequest = { command: 'xorsat', problem: problemOf(d), effort, seed };
    const [a, b] = await Promise.all([ts.solve(req), e.solve(req)]);
    if (a.kind !== 'xorsat' || b.kind !== 'xorsat') throw new Error(`kinds ${a.kind}, ${b.kind}`);
    return { a, b, req };
  };

  it('small systems: both engines certify the brute-force optimum, rank and consistency', async () => {
    for (let s = 0; s < 120; s++) {
      const d = randomXorsat(300 + s, 1 + (s % 13), 1 + (s % 19), 1 + (s % 5), s % 3 === 0);
      const brute = bruteXorsat(d);
      const { a, b } = await run(d, (['flash', 'medium', 'high'] as const)[s % 3], s);
      for (const r of [a, b]) {
        expect([r.proof, r.objective, r.rank, r.consistent], `seed ${s}`).toEqual(['exhaustive', brute.violations, brute.rank, brute.solutions > 0]);
      }
    }
  }, 120_000);

  it('the same algorithm as engine-ts: identical answers, violations, proofs, bounds, ranks and work on every path', async () => {
    // [seed, n, m, min vars, max vars, planted, effort]: peeled, lazy, syndromes, walk, local search on lazy and dense cores.
    const cases = [
      [1, 200, 100, 3, 5, true, 'flash'], [2, 300, 290, 2, 3, true, 'flash'], [3, 2000, 1900, 3, 5, true, 'medium'],
      [4, 30, 34, 2, 4, false, 'high'], [5, 18, 40, 2, 4, false, 'medium'], [6, 300, 600, 2, 3, false, 'flash'],
      [7, 400, 380, 3, 5, false, 'flash'], [8, 3000, 3100, 3, 5, false, 'flash'], [9, 150, 120, 1, 150, false, 'medium'],
      [10, 200, 260, 60, 120, false, 'flash'],
    ] as const;
    for (const [s, n, m, lo, hi, planted, effort] of cases) {
      const d = sparseXorsat(s, n, m, lo, hi, planted, planted ? 0 : 3);
      const { a, b, req } = await run(d, effort, s);
      expect(Array.from(b.answer), `case ${s}`).toEqual(Array.from(a.answer));
      expect(b.objective).toBe(evaluateXorsat(req.problem as XorsatProblem, b.answer));
      expect([b.objective, b.proof, b.bound, b.rank, b.consistent, b.work], `case ${s}`).toEqual([a.objective, a.proof, a.bound, a.rank, a.consistent, a.work]);
      if (n <= 3000) expect(b.rank, `case ${s}`).toBe(plainRankXorsat(d).rank);
    }
  }, 300_000);

  it('a sparse system of 20,000 variables (lazy elimination) and a dense 600 × 600 one: the same rank, consistency and answer', async () => {
    const sparse = sparseXorsat(11, 20_000, 20_000, 3, 5, true);
    expect(planXorsat(problemOf(sparse)).lazy).toBe(true);
    const dense = randomXorsat(12, 600, 600, 600, false);
    for (const d of [sparse, dense]) {
      const { a, b } = await run(d, 'flash', 0);
      expect([b.rank, b.consistent, b.objective, b.proof]).toEqual([a.rank, a.consistent, a.objective, a.proof]);
      expect(Array.from(b.answer)).toEqual(Array.from(a.answer));
    }
  }, 300_000);

  it('a cancel already set: the same all-0 answer as engine-ts, rank unknown, heuristic', async () => {
    const e = createNativeEngine()!;
    const req: EngineRequest = { command: 'xorsat', problem: problemOf(sparseXorsat(5, 300, 600, 2, 3, false)), effort: 'high', seed: 0 };
    const [ca, cb] = [newCancelSignal(), newCancelSignal()];
    Atomics.store(ca.flag, 0, 1);
    Atomics.store(cb.flag, 0, 1);
    const [a, b] = await Promise.all([ts.solve(req, ca), e.solve(req, cb)]);
    expect(Array.from(b.answer)).toEqual(Array.from(a.answer));
    if (b.kind !== 'xorsat') throw new Error(b.kind);
    expect([b.proof, b.stoppedAtDeadline, b.rank, b.consistent]).toEqual([null, true, null, null]);
  });
});
