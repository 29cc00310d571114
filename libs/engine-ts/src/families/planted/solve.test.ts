import { describe, expect, it } from 'vitest';
import { newCancelSignal } from '../../engine';
import type { PlantedIsingProblem } from './problem';
import { evaluate, notWorse } from '../../evaluate';
import { quantumScaleBudget } from './budget';
import { createTsEngine, solveSync } from '../../ts-engine';
import { buildPlantedGraph, plantedEnergyOf, plantedLayout } from './generate';
import { acceptThresholds, expNeg, WordStream } from './solve';
import { Prng } from '../../prng';
import { expectKind } from '../../testing/expect-kind';

const problem = (n: number, degree: number, instanceSeed: number): PlantedIsingProblem => ({
  kind: 'planted-ising', n, degree, instanceSeed,
});

describe('quantum-scale solver (ts)', () => {
  it('expNeg matches Math.exp and thresholds are floor(e^(-2aβ)·2^32)', () => {
    for (let x = 0; x <= 40; x += 0.173) expect(Math.abs(expNeg(x) - Math.exp(-x))).toBeLessThanOrEqual(1e-13 * Math.exp(-x));
    expect(expNeg(40.5)).toBe(0);
    const thr = new Float64Array(17);
    acceptThresholds(0.5, thr);
    expect(thr[1]).toBe(Math.floor(expNeg(1) * 2 ** 32));
    expect(thr[16]).toBeLessThan(thr[1]);
    acceptThresholds(0, thr);
    expect(thr[3]).toBe(4294967295);
  });

  it('WordStream is prng.ts, number for number', () => {
    for (const seed of [0, 1, 0xffffffff, 123456789]) {
      const a = new Prng(seed);
      const b = new WordStream(seed);
      for (let k = 0; k < 1000; k++) expect(b.nextU32()).toBe(a.nextU32());
    }
  });

  it('reaches the planted floor on medium instances of every degree class, labelled planted', () => {
    for (const degree of [3, 4, 9, 16]) {
      const p = problem(20_000, degree, 11);
      const r = expectKind(solveSync({ command: 'quantum-scale', problem: p, effort: 'medium', seed: 5 }), 'planted');
      const L = plantedLayout(p.n, p.degree, p.instanceSeed);
      expect(r.plantedEnergy).toBe(L.plantedEnergy);
      expect(r.edges).toBe(L.edges);
      expect(r.objective).toBe(plantedEnergyOf(L, r.answer));
      expect(r.objective).toBe(L.plantedEnergy);
      expect(r.proof).toBe('planted');
      expect(r.bound).toBeUndefined();
      expect(r.stoppedAtDeadline).toBe(false);
    }
  });

  it('small instances (brute-force sizes) reach the floor at every effort', () => {
    for (const effort of ['flash', 'medium', 'high'] as const) {
      for (const n of [1, 2, 9, 16]) {
        const p = problem(n, 3 + (n % 5), n);
        const r = solveSync({ command: 'quantum-scale', problem: p, effort, seed: 1 });
        expect(r.proof).toBe('planted');
        expect(evaluate(p, r.answer)).toBe(r.objective);
      }
    }
  });

  it('the same request gives the same answer; another seed may take another path but is scored alike', async () => {
    const p = problem(3000, 5, 2);
    const a = expectKind(solveSync({ command: 'quantum-scale', problem: p, effort: 'flash', seed: 7 }), 'planted');
    const b = await createTsEngine().solve({ command: 'quantum-scale', problem: p, effort: 'flash', seed: 7 });
    expect(Array.from(b.answer)).toEqual(Array.from(a.answer));
    const c = solveSync({ command: 'quantum-scale', problem: p, effort: 'flash', seed: 8 });
    expect(evaluate(p, c.answer)).toBe(c.objective);
    expect(notWorse(p, a.plantedEnergy, c.objective)).toBe(true);
  });

  it('a raised cancel flag returns a valid heuristic answer with the planted bound', () => {
    const p = problem(50_000, 3, 4);
    const signal = newCancelSignal();
    Atomics.store(signal.flag, 0, 1);
    const r = expectKind(solveSync({ command: 'quantum-scale', problem: p, effort: 'high', seed: 0 }, signal), 'planted');
    expect(r.stoppedAtDeadline).toBe(true);
    expect(r.proof).toBeNull();
    expect(r.bound).toBe(r.plantedEnergy);
    expect(r.answer.length).toBe(50_000);
    expect(evaluate(p, r.answer)).toBe(r.objective);
    expect(r.objective).toBeGreaterThan(r.bound as number);
    // At least the constructive answer: one greedy sweep (flip every spin with s_i·h_i > 0, i
    // ascending) from the start of step 1, recomputed here from the generator words.
    const g = buildPlantedGraph(plantedLayout(50_000, 3, 4));
    const words = new WordStream(0);
    const s = new Int8Array(50_000);
    for (let w = 0; w < 50_000; w += 32) {
      const word = words.nextU32();
      for (let k = 0; k < 32 && w + k < 50_000; k++) s[w + k] = ((word >>> k) & 1) !== 0 ? 1 : -1;
    }
    for (let i = 0; i < 50_000; i++) {
      let h = 0;
      for (let q = g.offsets[i]; q < g.offsets[i + 1]; q++) h += g.couplings[q] * s[g.neighbours[q]];
      if (s[i] * h > 0) s[i] = -s[i];
    }
    const greedy = evaluate(p, Uint8Array.from(s, (v) => (v > 0 ? 1 : 0)));
    expect(greedy).toBeLessThan(0);
    expect(r.objective).toBeLessThanOrEqual(greedy);
  });

  it('honours a deadline on a large instance', () => {
    const p = problem(400_000, 3, 4);
    const t0 = performance.now();
    const r = solveSync({ command: 'quantum-scale', problem: p, effort: 'high', seed: 0, deadlineMs: 300 });
    // Building the graph happens before the search; the search itself stops within a sweep chunk.
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(r.stoppedAtDeadline).toBe(true);
    expect(r.proof).toBeNull();
  });

  it('rejects what it cannot solve', () => {
    const p = problem(10, 3, 0);
    expect(() => solveSync({ command: 'quantum-scale', problem: p, effort: 'flash', seed: 0, warmStart: new Uint8Array(10) })).toThrow(/warm start/);
    expect(() => solveSync({ command: 'quantum-scale', problem: { ...p, degree: 2 }, effort: 'flash', seed: 0 })).toThrow(/degree/);
    expect(createTsEngine().supports('quantum-scale')).toBe(true);
  });

  it('budgets are work counts that shrink per spin as n grows', () => {
    const high = quantumScaleBudget('high', 1_000_000);
    expect(high).toEqual({ annealSweeps: 512, reheatSweeps: 128, maxSweeps: 3072, betaStart: 0.1, betaEnd: 3, betaReheat: 1 });
    expect(quantumScaleBudget('high', 10_000_000).maxSweeps).toBe(800);
    expect(quantumScaleBudget('flash', 10_000_000)).toMatchObject({ annealSweeps: 30, maxSweeps: 30 });
    expect(quantumScaleBudget('medium', 100).maxSweeps).toBe(1024);
    expect(() => quantumScaleBudget('ultra' as 'high', 10)).toThrow(/effort/);
  });
});
