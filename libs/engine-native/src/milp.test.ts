import { describe, expect, it } from 'vitest';
import { createTsEngine, newCancelSignal, type EngineRequest } from '@svc/engine-ts';
import { canonicalMilp, evaluateMilp, milpBudgetFor, type MilpProblem, type VectorResult } from '@svc/engine-ts/families/milp';
import { randomMilp, randomSingularMilp } from '@svc/engine-ts/families/milp/testing';
import { createNativeEngine } from './index';
import { describeNative } from './testing';
import { prepare } from './native-engine';

const instance = (seed: number, nb: number, nc: number, convex = true): MilpProblem => {
  const d = randomMilp(seed, nb, nc, convex);
  return canonicalMilp(d.vars, d.linear, d.diag, d.quadratic);
};

describeNative('native milp', () => {
  const native = () => createNativeEngine()!;
  const ts = createTsEngine();

  it('runs the same algorithm as engine-ts: identical values, objectives, proofs and work', async () => {
    const e = native();
    // The last two cut their tree at flash's 2,000 nodes: the bound they leave must agree too.
    const cases = [[3, 2, true, 'flash'], [6, 3, true, 'medium'], [0, 4, true, 'flash'], [9, 0, true, 'flash'], [10, 6, true, 'medium'], [4, 4, false, 'flash'], [12, 12, true, 'flash'], [18, 4, true, 'flash'], [20, 5, true, 'flash']] as const;
    for (const [s, [nb, nc, convex, effort]] of cases.entries()) {
      const req: EngineRequest = { command: 'milp', problem: instance(80 + s, nb, nc, convex), effort, seed: s };
      const [a, b] = (await Promise.all([ts.solve(req), e.solve(req)])) as [VectorResult, VectorResult];
      expect(b.kind).toBe('vector');
      expect(Array.from(b.answer), `case ${s}`).toEqual(Array.from(a.answer));
      expect(b.objective).toBe(a.objective);
      expect(b.objective).toBe(evaluateMilp(req.problem as MilpProblem, b.answer));
      expect([b.proof, b.convex]).toEqual([a.proof, a.convex]);
      expect(b.bound).toBe(a.bound);
      expect(b.work).toEqual(a.work);
      if (s >= 7) expect(a.bound, `case ${s}`).toBeDefined();
    }
  }, 120_000);

  it('singular curvature (linear-only, fixed, rank-deficient continuous variables): identical to engine-ts', async () => {
    const e = native();
    for (let s = 0; s < 40; s++) {
      const d = randomSingularMilp(700 + s, s % 7, 1 + (s % 5));
      const req: EngineRequest = { command: 'milp', problem: canonicalMilp(d.vars, d.linear, d.diag, d.quadratic), effort: (['flash', 'medium', 'high'] as const)[s % 3], seed: s };
      const [a, b] = (await Promise.all([ts.solve(req), e.solve(req)])) as [VectorResult, VectorResult];
      expect(Array.from(b.answer), `seed ${s}`).toEqual(Array.from(a.answer));
      expect([b.objective, b.proof, b.convex, b.bound]).toEqual([a.objective, a.proof, a.convex, a.bound]);
      expect(b.work).toEqual(a.work);
    }
  }, 120_000);

  it('non-convex objectives (issue 31 saddles, random indefinite boxes, a spatial tree cut short): identical to engine-ts', async () => {
    const e = native();
    const box = { domain: 'continuous', lo: -1, hi: 1 } as const;
    const chain = (n: number) => canonicalMilp(Array.from({ length: n }, () => box), {}, Object.fromEntries(Array.from({ length: n }, (_, k) => [String(k), 1])),
      Array.from({ length: n - 1 }, (_, k) => [k, k + 1, 5] as [number, number, number]));
    // Certified by the spatial tree, and past its 16 variables left by the second-order local search.
    const problems: [MilpProblem, [number, string | null] | null][] = [[chain(2), [-4, 'branch_and_bound']], [chain(3), [-8.5, 'branch_and_bound']], [chain(20), [-85, null]]];
    for (let s = 0; s < 4; s++) {
      const d = randomMilp(5000 + s, 0, 12 + s, false);
      problems.push([canonicalMilp(d.vars, d.linear, d.diag, d.quadratic), null]);
    }
    for (let s = 0; s < 30; s++) {
      const d = randomMilp(4000 + s, s % 3, 2 + (s % 5), false);
      const linear = s % 2 ? Object.fromEntries(Object.entries(d.linear).filter(([k]) => d.vars[Number(k)].domain === 'binary')) : d.linear;
      problems.push([canonicalMilp(d.vars, linear, d.diag, d.quadratic), null]);
    }
    for (const [s, [problem, want]] of problems.entries()) {
      const req: EngineRequest = { command: 'milp', problem, effort: (['flash', 'medium', 'high'] as const)[s % 3], seed: s };
      const [a, b] = (await Promise.all([ts.solve(req), e.solve(req)])) as [VectorResult, VectorResult];
      expect(Array.from(b.answer), `case ${s}`).toEqual(Array.from(a.answer));
      expect([b.objective, b.proof, b.convex, b.bound]).toEqual([a.objective, a.proof, a.convex, a.bound]);
      expect(b.work).toEqual(a.work);
      if (want !== null) expect([b.objective, b.proof, b.convex]).toEqual([...want, false]);
    }
  }, 120_000);

  it('passes the budget field for field and stops on cancel with a valid answer', async () => {
    const p = instance(3, 14, 6);
    const prepared = prepare({ command: 'milp', problem: p, effort: 'flash', seed: 2 });
    const b = milpBudgetFor('flash');
    expect(prepared.problem).toBe(p);
    expect(prepared.options.family).toEqual(b);
    const cancel = newCancelSignal();
    Atomics.store(cancel.flag, 0, 1);
    const c = await native().solve({ command: 'milp', problem: p, effort: 'high', seed: 1 }, cancel);
    expect(c.stoppedAtDeadline).toBe(true);
    expect(c.proof).toBeNull();
    expect(c.objective).toBe(evaluateMilp(p, c.answer as Float64Array));
  });
});
