import { describe, expect, it } from 'vitest';
import { createTsEngine, newCancelSignal, type EngineRequest } from '@svc/engine-ts';
import { evaluateRules, rulesBudgetFor, rulesSizeOf } from '@svc/engine-ts/families/rules';
import { canonicalSelect, evaluateSelect, selectBudgetFor } from '@svc/engine-ts/families/select';
import { randomRules } from '@svc/engine-ts/families/rules/testing';
import { randomSelect, randomSelectInput } from '@svc/engine-ts/families/select/testing';
import { createNativeEngine, loadNativeAddon } from './index';
import { describeNative } from './testing';
import { prepare } from './native-engine';


describeNative('native select and rules', () => {
  const native = () => createNativeEngine()!;
  const ts = createTsEngine();

  it('runs the same algorithm as engine-ts: identical answers, values and work for the same seed', async () => {
    const e = native();
    let compared = 0;
    for (let s = 0; s < 6; s++) {
      const reqs: EngineRequest[] = [
        { command: 'select', problem: randomSelect(10 + s, 30 + 25 * s, 4 + 3 * s, { weights: s % 2 ? 'real' : 'signed' }), effort: 'flash', seed: s },
        { command: 'rules', problem: randomRules(20 + s, 30 + 50 * s, { objective: 'quadratic' }), effort: 'flash', seed: s },
      ];
      for (const req of reqs) {
        const [a, b] = await Promise.all([ts.solve(req), e.solve(req)]);
        expect(Array.from(b.answer)).toEqual(Array.from(a.answer));
        expect(b.objective).toBe(a.objective);
        expect(b.kind === 'rules' ? b.violations : undefined).toBe(a.kind === 'rules' ? a.violations : undefined);
        expect(b.proof).toBe(a.proof);
        expect(b.work).toEqual(a.work);
        compared++;
      }
    }
    expect(compared).toBe(12);
  }, 120_000);

  it('certified objectives agree with engine-ts (select m = 40 by branch and bound)', async () => {
    const e = native();
    for (let s = 0; s < 4; s++) {
      const p = randomSelect(300 + s, 40, 6 + 3 * s, { density: 0.5 });
      const req: EngineRequest = { command: 'select', problem: p, effort: 'high', seed: 100 + s };
      const [a, b] = await Promise.all([ts.solve(req), e.solve({ ...req, seed: 7 })]);
      expect(a.proof).toBe('branch_and_bound');
      expect(b.proof).toBe('branch_and_bound');
      expect(Math.abs(a.objective - b.objective)).toBeLessThanOrEqual(1e-9 * (1 + Math.abs(a.objective)));
    }
  }, 120_000);

  it('reads a shared redundancy in place and copies a plain one: same answer', async () => {
    const { addon } = loadNativeAddon();
    const inp = randomSelectInput(5, 120, 30, { weights: 'real' });
    const p = canonicalSelect(inp.m, inp.k, inp.affinity, inp.redundancy);
    expect(p.redundancy!.buffer).toBeInstanceOf(SharedArrayBuffer);
    const req: EngineRequest = { command: 'select', problem: p, effort: 'flash', seed: 3 };
    const shared = prepare(req);
    const plainProblem = { ...p, redundancy: Float64Array.from(p.redundancy!) };
    expect(plainProblem.redundancy.buffer).not.toBeInstanceOf(SharedArrayBuffer);
    const a = await addon!.solve('select', shared.problem, shared.options, newCancelSignal().flag);
    const b = await addon!.solve('select', plainProblem, shared.options, newCancelSignal().flag);
    expect(Array.from(b.answer)).toEqual(Array.from(a.answer));
    expect(a.objective).toBe(evaluateSelect(p, a.answer));
  });

  it('hands the canonical problem over as it is, with the engine-ts budgets by name', () => {
    const sp = randomSelect(1, 50, 10);
    const sel = prepare({ command: 'select', problem: sp, effort: 'high', seed: 0 });
    expect(sel.problem).toBe(sp);
    expect(sel.options.family).toEqual(selectBudgetFor('high', 50, 10));
    const rp = randomRules(2, 600);
    const rules = prepare({ command: 'rules', problem: rp, effort: 'medium', seed: 0 });
    expect(rules.problem).toBe(rp);
    expect(rules.options.family).toEqual(rulesBudgetFor('medium', rulesSizeOf(rp)));
    expect((rules.options.family as { useTrees: boolean }).useTrees).toBe(true);
  });

  it('rejects a problem of the wrong kind before the addon, and malformed ones in the core', async () => {
    const sp = randomSelect(1, 10, 3);
    expect(() => prepare({ command: 'rules', problem: sp, effort: 'flash', seed: 0 })).toThrow(/rules needs/);
    const rp = randomRules(3, 10);
    expect(() => prepare({ command: 'select', problem: rp, effort: 'flash', seed: 0 })).toThrow(/select needs/);
    const e = native();
    await expect(e.solve({ command: 'select', problem: { ...sp, k: 11 }, effort: 'flash', seed: 0 })).rejects.toThrow(/m=10 k=11/);
    const badType = { ...rp, rules: { ...rp.rules, type: Uint8Array.from(rp.rules.type, () => 9) } };
    await expect(e.solve({ command: 'rules', problem: badType, effort: 'flash', seed: 0 })).rejects.toThrow(/unknown rule type code/);
    // The binding names a field of the wrong type.
    await expect(e.solve({ command: 'select', problem: { ...sp, affinity: [1, 2] } as never, effort: 'flash', seed: 0 })).rejects.toThrow(/select problem field affinity must be a Float64Array/);
  });

  it('the core rejects an asymmetric redundancy and a node named twice', async () => {
    const e = native();
    const sp = randomSelect(4, 6, 2);
    const asym = Float64Array.from(sp.redundancy!);
    asym[1] += 1;
    await expect(e.solve({ command: 'select', problem: { ...sp, redundancy: asym }, effort: 'flash', seed: 0 })).rejects.toThrow(/symmetric/);
    const rp = randomRules(5, 6, { rules: 1 });
    const twice = { ...rp, rules: { type: Uint8Array.of(0), k: Int32Array.of(0), start: Int32Array.of(0, 2), nodes: Int32Array.of(1, 1) } };
    await expect(e.solve({ command: 'rules', problem: twice, effort: 'flash', seed: 0 })).rejects.toThrow(/twice/);
  });

  it('rules follows the model version (dispatch order) identically in both engines', async () => {
    const e = native();
    const rp = randomRules(79, 200, { rules: 240, objective: 'quadratic' });
    const works = new Set<string>();
    for (const model of ['2026-11-01', '2026-11-21']) {
      const req = { command: 'rules', problem: rp, effort: 'flash', seed: 2, model } as EngineRequest;
      const a = await ts.solve(req);
      const b = await e.solve(req);
      expect(Array.from(b.answer)).toEqual(Array.from(a.answer));
      expect(b.work).toEqual(a.work);
      works.add(JSON.stringify(a.work));
    }
    expect(works.size).toBe(2);
  });

  // Speed against engine-ts is measured by `BENCH_ONLY=family npm run bench`, not here.
  it('gives the answers of engine-ts on a large rules instance and a large select instance', async () => {
    const e = native();
    const rp = randomRules(77, 4000, { rules: 4800, objective: 'quadratic' });
    const sp = randomSelect(78, 800, 200, { density: 0.3 });
    for (const req of [
      { command: 'rules', problem: rp, effort: 'flash', seed: 1 },
      { command: 'select', problem: sp, effort: 'flash', seed: 1 },
    ] as EngineRequest[]) {
      const a = await ts.solve(req);
      const b = await e.solve(req);
      expect(Array.from(b.answer)).toEqual(Array.from(a.answer));
      expect(b.objective).toBe(a.objective);
      if (req.command === 'rules') expect(evaluateRules(rp, b.answer).violations).toBe(b.kind === 'rules' ? b.violations : undefined);
    }
  }, 120_000);
});
