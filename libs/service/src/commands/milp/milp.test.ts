import { describe, expect, it } from 'vitest';
import { validateProblem } from '@svc/contracts';
import type { EngineResult } from '@svc/engine-ts';
import { bruteMilp, randomMilp, randomSingularMilp } from '@svc/engine-ts/families/milp/testing';
import { CHECKERS } from '../index';
import { createNativeEngine } from '@svc/engine-native';
import { adapterHarness, engineFailure, TAG } from '../../../test/adapters';
import { dyadic, sum, toDecimal } from './exact';

const DESCRIPTION = 'Decide which depots to open and how much to stock.';
const { prepare, run } = adapterHarness(DESCRIPTION);

describe('milp through the service adapter', () => {
  it('certified objectives of convex instances equal an independent optimum over the JSON', () => {
    for (let s = 0; s < 24; s++) {
      const d = randomMilp(40 + s, s % 6, 1 + (s % 3));
      const { done } = run('milp', { n: d.vars.length, ...d }, { seed: s, effort: (['flash', 'medium', 'high'] as const)[s % 3] });
      expect(done.proof, `seed ${s}`).toBe('branch_and_bound');
      const want = bruteMilp(d);
      expect(Math.abs((done.fields.objective as number) - want)).toBeLessThan(1e-6 * (1 + Math.abs(want)));
      expect(Number(done.fields.objective_decimal)).toBeCloseTo(done.fields.objective as number, 9);
    }
  });

  it('issue 19: singular curvature is never certified at a wrong objective (the two reproductions, random singular instances)', () => {
    const kiln = { n: 3, vars: [{ domain: 'continuous', lo: -2, hi: 5 }, { domain: 'binary' }, { domain: 'binary' }], linear: { 0: -4, 2: -5 }, quadratic: [[0, 1, 5], [0, 2, 5]] };
    const clay = {
      n: 4, vars: [{ domain: 'binary' }, { domain: 'binary' }, { domain: 'continuous', lo: -2, hi: -2 }, { domain: 'continuous', lo: -2, hi: null }],
      linear: { 0: -5 }, diag: { 2: 1, 3: 1 }, quadratic: [[0, 1, -3], [0, 2, -3], [2, 3, 1]],
    };
    expect(run('milp', kiln, { effort: 'medium' }).done.fields.objective).toBe(-20);
    expect(run('milp', clay, { effort: 'high' }).done.fields.objective).toBe(-2);
    for (let s = 0; s < 24; s++) {
      const d = randomSingularMilp(300 + s, s % 6, 1 + (s % 4));
      const { done } = run('milp', { n: d.vars.length, ...d }, { seed: s, effort: (['flash', 'medium', 'high'] as const)[s % 3] });
      const want = bruteMilp(d);
      if (done.proof !== null) expect(Math.abs((done.fields.objective as number) - want), `seed ${s}`).toBeLessThan(1e-6 * (1 + Math.abs(want)));
      else expect(done.fields.objective as number).toBeGreaterThanOrEqual(want - 1e-6 * (1 + Math.abs(want)));
    }
  });

  it('issue 31: the saddle cases are certified at −4 and −8.5 (not 0), on both engines', async () => {
    const box = { domain: 'continuous', lo: -1, hi: 1 };
    const pair = { vars: [box, box], diag: { 0: 1, 1: 1 }, quadratic: [[0, 1, 5]] };
    const chain = { vars: [box, box, box], diag: { 0: 1, 1: 1, 2: 1 }, quadratic: [[0, 1, 5], [1, 2, 5]] };
    const native = createNativeEngine();
    for (const effort of ['flash', 'medium', 'high'] as const) {
      for (const [body, want] of [[pair, -4], [chain, -8.5]] as const) {
        const { done } = run('milp', body, { effort, seed: 3 });
        expect([done.fields.objective, done.proof]).toEqual([want, 'branch_and_bound']);
        if (native === null) continue;
        const prep = prepare('milp', body);
        const r = await native.solve({ command: 'milp', problem: prep.problem, effort, seed: 3 }, { flag: new Int32Array(new SharedArrayBuffer(4)) });
        const nat = prep.finish(r, { deadlineFired: false });
        expect([nat.fields.objective, nat.proof]).toEqual([want, 'branch_and_bound']);
      }
    }
  });

  it('non-convex instances: answers stay in their domains, certified only at the enumerated optimum', () => {
    for (let s = 0; s < 6; s++) {
      const d = randomMilp(700 + s, 3, 3, false);
      const { done } = run('milp', { n: d.vars.length, ...d }, { effort: 'flash', seed: s });
      if (done.proof !== null) expect(done.fields.objective as number).toBeCloseTo(bruteMilp(d), 9);
      const x = done.fields.answer as number[];
      d.vars.forEach((v, i) => {
        if (v.domain === 'binary') expect([0, 1]).toContain(x[i]);
        else expect(x[i] >= (v.lo ?? -Infinity) && x[i] <= (v.hi ?? Infinity)).toBe(true);
      });
    }
  });

  it('the exact objective: 0.1·0.1 is not 0.01 in doubles, and the decimal says so', () => {
    const { done } = run('milp', { n: 1, vars: [{ domain: 'continuous', lo: 0.1, hi: 0.1 }], diag: { '0': 2 } });
    expect(done.fields.objective_decimal).toBe('0.01000000000000000111022302462515657123851');
    expect(toDecimal(sum([dyadic(0.5), dyadic(0.25)]))).toBe('0.75');
    expect(toDecimal(dyadic(-3 * 2 ** 60))).toBe('-3458764513820540928');
    // As many terms as a request may hold: a spread of them into Math.min overflowed the stack.
    expect(toDecimal(sum(Array.from({ length: 250_000 }, () => dyadic(0.5))))).toBe('125000');
  });

  it('rejects an engine answer outside its domains, a wrong objective, and a bound above the answer', () => {
    const d = randomMilp(3, 2, 2);
    const body = { n: d.vars.length, ...d };
    const { prep, r } = run('milp', body);
    const finish = (x: Partial<EngineResult>) => () => prep.finish({ ...r, ...x } as EngineResult, { deadlineFired: false });
    expect(engineFailure(finish({ objective: r.objective + 1 }))).toMatch(/re-score/);
    const bin = d.vars.findIndex((v) => v.domain === 'binary');
    const bad = Float64Array.from(r.answer as Float64Array);
    bad[bin] = 0.5;
    expect(engineFailure(finish({ answer: bad }))).toMatch(/outside its domain/);
    // A bound is passed on for a heuristic answer (a convex tree or a spatial tree cut short), never above the answer.
    const heuristic = { proof: null, bound: r.objective - 2 };
    expect(prep.finish({ ...r, ...heuristic } as EngineResult, { deadlineFired: false })).toMatchObject({ bound: r.objective - 2 });
    expect(prep.finish({ ...r, ...heuristic, convex: false } as EngineResult, { deadlineFired: false })).toMatchObject({ bound: r.objective - 2 });
    expect(prep.finish({ ...r, stoppedAtDeadline: true } as EngineResult, { deadlineFired: true }).proof).toBeNull();
    expect(engineFailure(finish({ proof: null, bound: r.objective + 1 }))).toMatch(/above its own objective/);
  });

  it('a tree cut by its node budget answers with a bound at or below the certified optimum and its gap', () => {
    let bounded = 0;
    for (let s = 0; s < 6; s++) {
      const d = randomMilp(1300 + s, 18 + (s % 3), 4);
      const cut = run('milp', { n: d.vars.length, ...d }, { seed: s, effort: 'flash' }).done;
      const exact = run('milp', { n: d.vars.length, ...d }, { seed: s, effort: 'high' }).done;
      expect(exact.proof).toBe('branch_and_bound');
      if (cut.proof !== null) continue;
      expect(cut.bound!).toBeLessThanOrEqual((exact.fields.objective as number) + 1e-9);
      expect(cut.gap!).toBeGreaterThanOrEqual(0);
      bounded++;
    }
    expect(bounded).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('verify recomputes the objective exactly and checks the domains', () => {
    const body = { n: 2, vars: [{ domain: 'binary' }, { domain: 'continuous', lo: 0, hi: 10 }], linear: { '0': 1, '1': -1 }, diag: { '1': 0.2 }, quadratic: [[0, 1, -0.5]] };
    const v = validateProblem('milp', { tag: TAG, description: DESCRIPTION, ...body }, { sandbox: false });
    const check = (answer: unknown, declared: Record<string, unknown> | null) => CHECKERS.milp!.check({ v, prep: prepare('milp', body), answer, declared });
    const ok = check([1, 7.5], { objective: -4.625 });
    expect(ok.checks.every((c) => c.ok)).toBe(true);
    expect(ok.objective).toBe(-4.625);
    expect(check([0.5, 7.5], null).checks[0]).toMatchObject({ name: 'answer_shape', ok: false });
    expect(check([1, 11], null).checks[0]).toMatchObject({ name: 'answer_shape', ok: false });
    expect(check([1, 7.5], { objective: -4 }).checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(['declared_objective']);
  });
});
