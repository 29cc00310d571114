import { describe, expect, it } from 'vitest';
import { expectKind } from '@svc/engine-ts/testing';
import { createTsEngine, newCancelSignal, type EngineRequest } from '@svc/engine-ts';
import { plantedEnergyOf, plantedLayout, type PlantedIsingProblem } from '@svc/engine-ts/families/planted';
import { createNativeEngine } from './index';
import { describeNative } from './testing';
import { prepare } from './native-engine';


const problem = (n: number, degree: number, instanceSeed: number): PlantedIsingProblem => ({
  kind: 'planted-ising', n, degree, instanceSeed,
});

describeNative('native engine: quantum-scale', () => {
  it('the same request gives the same answer as the ts engine (same instance, same moves)', async () => {
    const native = createNativeEngine()!;
    const ts = createTsEngine();
    const reqs: EngineRequest[] = [
      { command: 'quantum-scale', problem: problem(16, 3, 0), effort: 'flash', seed: 0 },
      { command: 'quantum-scale', problem: problem(2000, 3, 1), effort: 'flash', seed: 9 },
      { command: 'quantum-scale', problem: problem(5000, 8, 77), effort: 'medium', seed: 3 },
      { command: 'quantum-scale', problem: problem(4099, 16, 123456789), effort: 'flash', seed: 4294967295 },
      { command: 'quantum-scale', problem: problem(30_000, 5, 2), effort: 'flash', seed: 1 },
    ];
    for (const req of reqs) {
      const a = expectKind(await native.solve(req), 'planted');
      const b = await ts.solve(req);
      const p = req.problem as PlantedIsingProblem;
      const L = plantedLayout(p.n, p.degree, p.instanceSeed);
      expect([a.plantedEnergy, a.edges]).toEqual([L.plantedEnergy, L.edges]);
      expect(a.objective).toBe(plantedEnergyOf(L, a.answer));
      expect(a.objective).toBe(b.objective);
      expect(a.proof).toBe(b.proof);
      expect(a.work).toEqual(b.work);
      expect(Buffer.from(a.answer).equals(Buffer.from(b.answer))).toBe(true);
    }
  });

  it('reaches the floor on 200,000 spins at medium effort, labelled planted', async () => {
    const r = expectKind(await createNativeEngine()!.solve({ command: 'quantum-scale', problem: problem(200_000, 3, 5), effort: 'medium', seed: 0 }), 'planted');
    expect(r.proof).toBe('planted');
    expect(r.objective).toBe(r.plantedEnergy);
    expect(r.bound).toBeUndefined();
  });

  it('a raised cancel flag: a valid answer, heuristic, with the planted energy as bound', async () => {
    const signal = newCancelSignal();
    Atomics.store(signal.flag, 0, 1);
    const p = problem(100_000, 4, 3);
    const r = expectKind(await createNativeEngine()!.solve({ command: 'quantum-scale', problem: p, effort: 'high', seed: 0 }, signal), 'planted');
    expect(r.stoppedAtDeadline).toBe(true);
    expect(r.proof).toBeNull();
    expect(r.bound).toBe(r.plantedEnergy);
    expect(r.objective).toBe(plantedEnergyOf(plantedLayout(p.n, p.degree, p.instanceSeed), r.answer));
  });

  it('validates before crossing into C++ (the warm start in the core)', async () => {
    const q = problem(10, 3, 0);
    expect(() => prepare({ command: 'quantum-scale', problem: { ...q, degree: 17 }, effort: 'flash', seed: 0 })).toThrow(/degree/);
    expect(() => prepare({ command: 'quantum-scale', problem: { ...q, instanceSeed: -1 }, effort: 'flash', seed: 0 })).toThrow(/seed/);
    expect(() => prepare({ command: 'optimize', problem: q, effort: 'flash', seed: 0 })).toThrow(/optimize needs a qubo problem/);
    await expect(createNativeEngine()!.solve({ command: 'quantum-scale', problem: q, effort: 'flash', seed: 0, warmStart: new Uint8Array(10) })).rejects.toThrow(/warm start/);
    const { problem: args, options } = prepare({ command: 'quantum-scale', problem: q, effort: 'high', seed: 0 });
    expect(args).toBe(q);
    expect(options.family).toMatchObject({ annealSweeps: 512 });
  });
});
