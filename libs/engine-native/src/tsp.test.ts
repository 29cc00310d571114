import { describe, expect, it } from 'vitest';
import { createTsEngine, newCancelSignal, Prng, type EngineRequest } from '@svc/engine-ts';
import { canonicalTsp, evaluateTsp, tspBudgetFor, type TspMetric, type TspProblem } from '@svc/engine-ts/families/tsp';
import { createNativeEngine, loadNativeAddon } from './index';
import { describeNative } from './testing';
import { prepare } from './native-engine';


function points(seed: number, n: number, metric: TspMetric = 'euc_2d'): TspProblem {
  const r = new Prng(seed);
  const side = metric === 'geo' ? 60 : 1000;
  return canonicalTsp({ points: Array.from({ length: n }, () => [r.nextInt(side * 100) / 100, r.nextInt(side * 100) / 100]), metric });
}

function matrix(seed: number, n: number): TspProblem {
  const r = new Prng(seed);
  const m = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) m[i][j] = m[j][i] = r.nextInt(200) - 20;
  return canonicalTsp({ matrix: m });
}

/** One-way distances: every ordered pair drawn on its own (negative entries allowed). */
function directed(seed: number, n: number, lo = -30, hi = 500): { m: number[][]; p: TspProblem } {
  const r = new Prng(seed);
  const m = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 0 : lo + r.nextInt(hi - lo + 1))));
  return { m, p: canonicalTsp({ matrix: m }) };
}

/** Shortest directed closed tour over every permutation from city 0. */
function bruteDirected(m: number[][]): number {
  const n = m.length;
  let best = Infinity;
  const rec = (last: number, left: number[], len: number): void => {
    if (left.length === 0) best = Math.min(best, len + m[last][0]);
    for (let i = 0; i < left.length; i++) rec(left[i], [...left.slice(0, i), ...left.slice(i + 1)], len + m[last][left[i]]);
  };
  rec(0, Array.from({ length: n - 1 }, (_, i) => i + 1), 0);
  return best;
}

describeNative('native tsp', () => {
  const native = () => createNativeEngine()!;
  const ts = createTsEngine();

  it('asymmetric matrices: both engines certify the brute-force optimum (n ≤ 8); past the DP both read a real directed tour, agree on certified values and on the root bound', async () => {
    const e = native();
    for (let s = 0; s < 42; s++) {
      const { m, p } = directed(300 + s, 2 + (s % 7));
      const req: EngineRequest = { command: 'tsp', problem: p, effort: s % 2 ? 'flash' : 'medium', seed: s };
      const [a, b] = await Promise.all([ts.solve(req), e.solve(req)]);
      const best = bruteDirected(m);
      expect([a.proof, a.objective, b.proof, b.objective], `seed ${s}`).toEqual(['dynamic_program', best, 'dynamic_program', best]);
      expect(evaluateTsp(p, b.answer)).toBe(best);
    }
    for (const [n, effort] of [[13, 'flash'], [20, 'flash'], [25, 'medium'], [40, 'medium'], [150, 'flash']] as const) {
      const { p } = directed(n, n);
      const req: EngineRequest = { command: 'tsp', problem: p, effort, seed: 2 };
      const [a, b] = await Promise.all([ts.solve(req), e.solve(req)]);
      for (const r of [a, b]) {
        expect(Array.from(r.answer).sort((x, y) => x - y)).toEqual(Array.from({ length: n }, (_, i) => i));
        expect(r.answer[0]).toBe(0);
        expect(r.objective, `n ${n}`).toBe(evaluateTsp(p, r.answer));
        if (r.proof === null) expect(r.bound!).toBeLessThanOrEqual(r.objective);
      }
      if (a.proof !== null && b.proof !== null) expect(b.objective, `n ${n}`).toBe(a.objective);
      if (a.proof !== null) expect(b.objective, `n ${n}`).toBeGreaterThanOrEqual(a.objective);
      if (b.proof !== null) expect(a.objective, `n ${n}`).toBeGreaterThanOrEqual(b.objective);
      if (a.proof === null && b.proof === null) expect(b.bound, `n ${n}`).toBe(a.bound);
    }
  }, 120_000);

  it('agrees with engine-ts where it must: the same root bound, the same certified lengths, a real tour of its length (native adds Lin–Kernighan, so its tours may differ)', async () => {
    const e = native();
    const cases: [TspProblem, 'flash' | 'medium'][] = [
      [matrix(1, 9), 'flash'], [matrix(2, 14), 'flash'], [points(3, 15), 'medium'], [points(4, 40, 'att'), 'flash'],
      [points(5, 60, 'geo'), 'flash'], [points(6, 120, 'ceil_2d'), 'flash'], [points(7, 200), 'flash'], [matrix(8, 80), 'flash'],
      // medium: branch and bound below the root (n ≤ 60).
      [points(10, 30), 'medium'], [matrix(11, 24), 'medium'], [points(12, 45, 'att'), 'medium'], [matrix(13, 50), 'medium'],
    ];
    for (const [problem, effort] of cases) {
      const req: EngineRequest = { command: 'tsp', problem, effort, seed: 5 };
      const [a, b] = await Promise.all([ts.solve(req), e.solve(req)]);
      const at = `n ${problem.n} ${problem.metric}`;
      expect(b.kind).toBe('permutation');
      expect(Array.from(b.answer).sort((x, y) => x - y), at).toEqual(Array.from({ length: problem.n }, (_, i) => i));
      expect(b.answer[0]).toBe(0);
      expect(b.objective, at).toBe(evaluateTsp(problem, b.answer));
      if (a.proof !== null && b.proof !== null) expect(b.objective, at).toBe(a.objective);
      if (a.proof !== null) expect(b.objective, at).toBeGreaterThanOrEqual(a.objective);
      if (b.proof !== null) expect(a.objective, at).toBeGreaterThanOrEqual(b.objective);
      if (a.proof === null && b.proof === null) expect(b.bound, at).toBe(a.bound);
      if (b.proof === null) expect(b.bound!, at).toBeLessThanOrEqual(b.objective);
    }
  }, 120_000);

  it('certified lengths agree with engine-ts on 60 small instances', async () => {
    const e = native();
    for (let s = 0; s < 60; s++) {
      const n = 2 + (s % 14);
      const problem = s % 2 ? points(100 + s, n) : matrix(100 + s, n);
      const req: EngineRequest = { command: 'tsp', problem, effort: 'medium', seed: 1 };
      const [a, b] = await Promise.all([ts.solve(req), e.solve({ ...req, seed: 9 })]);
      expect(a.proof).toBe('dynamic_program');
      expect(b.proof).toBe('dynamic_program');
      expect(b.objective).toBe(a.objective);
    }
  }, 120_000);

  it('with a cancel already set: the same tour, bound and work as engine-ts; past 11 cities (the DP cut, or no DP) the bound is present', async () => {
    const e = native();
    const cases: [TspProblem, 'flash' | 'medium' | 'high'][] = [
      [matrix(21, 9), 'flash'], [matrix(22, 14), 'medium'], [points(23, 13), 'flash'], [points(24, 18, 'att'), 'high'],
      [points(25, 60, 'geo'), 'medium'], [points(26, 200), 'high'], [matrix(27, 80), 'flash'],
    ];
    for (const [problem, effort] of cases) {
      const req: EngineRequest = { command: 'tsp', problem, effort, seed: 3 };
      const [ca, cb] = [newCancelSignal(), newCancelSignal()];
      Atomics.store(ca.flag, 0, 1);
      Atomics.store(cb.flag, 0, 1);
      const [a, b] = await Promise.all([ts.solve(req, ca), e.solve(req, cb)]);
      expect(Array.from(b.answer), `n ${problem.n}`).toEqual(Array.from(a.answer));
      expect([b.objective, b.proof, b.bound, b.stoppedAtDeadline]).toEqual([a.objective, a.proof, a.bound, a.stoppedAtDeadline]);
      expect(b.work).toEqual(a.work);
      if (problem.n <= 11) expect([b.proof, b.bound]).toEqual(['dynamic_program', undefined]);
      else {
        expect(b.proof).toBeNull();
        expect(b.bound!, `n ${problem.n}`).toBeLessThanOrEqual(b.objective);
      }
    }
  });

  it('passes the budget field for field, reads the shared matrix in place, and stops on cancel', async () => {
    const p = matrix(3, 60);
    expect(p.matrix!.buffer).toBeInstanceOf(SharedArrayBuffer);
    const req: EngineRequest = { command: 'tsp', problem: p, effort: 'flash', seed: 2 };
    const prepared = prepare(req);
    expect(prepared.problem).toBe(p);
    expect(prepared.options.family).toEqual(tspBudgetFor('flash'));
    const { addon } = loadNativeAddon();
    const plain = { ...p, matrix: Float64Array.from(p.matrix!) };
    const [x, y] = await Promise.all([
      addon!.solve('tsp', prepared.problem, prepared.options, newCancelSignal().flag),
      addon!.solve('tsp', plain, prepared.options, newCancelSignal().flag),
    ]);
    expect(Array.from(y.order!)).toEqual(Array.from(x.order!));
    const cancel = newCancelSignal();
    Atomics.store(cancel.flag, 0, 1);
    const c = await native().solve({ command: 'tsp', problem: points(9, 500), effort: 'high', seed: 1 }, cancel);
    expect(c.proof).toBeNull();
    expect(c.stoppedAtDeadline).toBe(true);
  });
});
