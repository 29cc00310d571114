import { describe, expect, it } from 'vitest';
import { createTsEngine, type EngineRequest } from '@svc/engine-ts';
import { canonicalIsing, canonicalPins, canonicalQubo, isingToQubo } from '@svc/engine-ts/families/qubo';
import { expectKind } from '@svc/engine-ts/testing';
import { quboFamilyConformanceSuite, randomIsingInput, randomPins, randomQuboInput } from '@svc/engine-ts/families/qubo/testing';
import { createNativeEngine, nativeStatus } from './index';
import { describeNative } from './testing';


describeNative('native engine: feel, want, sample', () => {
  quboFamilyConformanceSuite('native', () => {
    const e = createNativeEngine();
    if (e === null) throw new Error(nativeStatus().error);
    return e;
  });

  it('certified feel/want objectives and certified sample lists agree exactly with the ts engine', async () => {
    const native = createNativeEngine()!;
    const ts = createTsEngine();
    for (let s = 0; s < 12; s++) {
      const n = 3 + s;
      const ising = randomIsingInput(600 + s, n, { weights: s % 2 ? 'real' : 'int', duplicates: true });
      const q = randomQuboInput(700 + s, n, { density: 0.5, weights: s % 3 ? 'int' : 'real', duplicates: true });
      const base = canonicalQubo(n, q.linear, q.quadratic);
      const reqs: EngineRequest[] = [
        { command: 'feel', problem: isingToQubo(canonicalIsing(n, ising.field, ising.quadratic)).qubo, effort: 'medium', seed: s },
        { command: 'want', problem: { ...base, pins: canonicalPins(n, randomPins(800 + s, n, 1 + (s % n))) }, effort: 'medium', seed: s },
        { command: 'sample', problem: { ...base, sampling: { count: 1 + 7 * s, ...(s % 4 === 0 ? { energyWindow: 4 } : {}) } }, effort: 'flash', seed: s },
      ];
      for (const req of reqs) {
        const a = await native.solve(req);
        const b = await ts.solve(req);
        expect(a.proof, req.command).not.toBeNull();
        expect(b.proof, req.command).not.toBeNull();
        expect(a.objective, req.command).toBe(b.objective);
        // The (energy, state) order is total, so certified sample lists are identical.
        expect(a.kind === 'sample' ? a.samples.map((x) => [Array.from(x.x), x.objective, x.count]) : undefined).toEqual(b.kind === 'sample' ? b.samples.map((x) => [Array.from(x.x), x.objective, x.count]) : undefined);
      }
    }
  });

  it('the addon passes pins and the sample spec through, and refuses bad ones', async () => {
    const native = createNativeEngine()!;
    const base = canonicalQubo(6, { 0: -1, 5: 2 }, [[0, 5, -3], [1, 2, 1]]);
    const r = await native.solve({ command: 'want', problem: { ...base, pins: canonicalPins(6, { 5: 1, 2: 0 }) }, effort: 'flash', seed: 0 });
    expect(r.answer[5]).toBe(1);
    expect(r.answer[2]).toBe(0);
    expect(r.objective).toBe(-2);
    const s = await native.solve({ command: 'sample', problem: { ...base, sampling: { count: 64 } }, effort: 'flash', seed: 0 });
    expect(expectKind(s, 'sample').samples).toHaveLength(64);
    await expect(native.solve({ command: 'want', problem: base, effort: 'flash', seed: 0 })).rejects.toThrow(/pins/);
    await expect(native.solve({ command: 'sample', problem: { ...base, sampling: { count: 0 } }, effort: 'flash', seed: 0 })).rejects.toThrow();
    await expect(native.solve({ command: 'feel', problem: { ...base, pins: canonicalPins(6, { 1: 1 }) }, effort: 'flash', seed: 0 })).rejects.toThrow();
  });
});
