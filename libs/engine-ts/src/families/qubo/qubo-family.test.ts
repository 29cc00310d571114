import { describe, expect, it } from 'vitest';
import { quboFamilyConformanceSuite } from './testing';
import { allStatesByEnergy, naiveIsingEnergy, naiveQuboEnergy, randomIsingInput } from './testing';
import { canonicalQubo } from './canonical';
import { bitsFromSpins, canonicalIsing, evaluateIsing, isingToQubo, spinsFromBits } from './ising';
import { applyPins, canonicalPins } from './pins';
import { evaluateQubo } from './evaluate';
import { createTsEngine } from '../../ts-engine';
import { sampleBudget } from './sample-budget';
import { reducePinned } from './pinned';
import { kBestEnumerate } from './k-best';
import { Limits, quboModel } from '../../kernels/model';
import { compareStates } from './sample-order';

quboFamilyConformanceSuite('ts', createTsEngine);

describe('Ising ↔ QUBO reduction', () => {
  it('E_ising(s) = Q(x) + offset on every state, duplicates summed, self-pairs rejected', () => {
    for (let s = 0; s < 20; s++) {
      const n = 1 + (s % 9);
      const inp = randomIsingInput(10 + s, n, { weights: s % 2 ? 'real' : 'int', duplicates: true });
      const ising = canonicalIsing(n, inp.field, inp.quadratic);
      const { qubo, offset } = isingToQubo(ising);
      for (const { x } of allStatesByEnergy(n, () => 0)) {
        const spins = spinsFromBits(x);
        const e = naiveIsingEnergy(inp, spins);
        expect(Math.abs(evaluateIsing(ising, spins) - e)).toBeLessThan(1e-9);
        expect(Math.abs(evaluateQubo(qubo, x) + offset - e)).toBeLessThan(1e-9);
        expect(Array.from(bitsFromSpins(spins))).toEqual(Array.from(x));
      }
    }
    expect(() => canonicalIsing(3, {}, [[1, 1, 2]])).toThrow(/self-pair/);
    expect(() => bitsFromSpins([1, 0])).toThrow();
  });
});

describe('pin substitution', () => {
  it('Q_full(expand(y)) = Q_reduced(y) + constant for every free assignment', () => {
    const n = 9;
    const q = canonicalQubo(n, { 0: 2, 3: -1, 5: 4, 8: -3 }, [[0, 1, 2], [1, 3, -5], [3, 5, 1.5], [5, 8, -2], [2, 7, 3], [0, 8, 1], [4, 6, -1]]);
    const pins = canonicalPins(n, { 8: 1, 3: 1, 1: 0, 6: 1 });
    const { reduced, free, constant } = reducePinned({ ...q, pins });
    expect(Array.from(free)).toEqual([0, 2, 4, 5, 7]);
    for (let code = 0; code < 2 ** free.length; code++) {
      const y = Uint8Array.from(free, (_, t) => (code >>> t) & 1);
      const x = applyPins(new Uint8Array(n), pins);
      free.forEach((v, t) => { x[v] = y[t]; });
      expect(evaluateQubo(reduced!, y) + constant).toBeCloseTo(evaluateQubo(q, x), 12);
    }
    expect(() => canonicalPins(3, {})).toThrow();
    expect(() => canonicalPins(3, { 3: 1 })).toThrow(/range/);
    expect(() => canonicalPins(3, { 1: 2 })).toThrow(/0 or 1/);
  });
});

describe('k-best enumeration', () => {
  it('keeps exactly the k smallest (energy, code) pairs, whatever k', () => {
    const inp = { linear: { 0: 1, 1: -1, 2: 0, 3: 2 } as Record<string, number>, quadratic: [[0, 1, -1], [2, 3, -2], [1, 2, 1]] as [number, number, number][] };
    const q = canonicalQubo(4, inp.linear, inp.quadratic);
    const truth = allStatesByEnergy(4, (x) => naiveQuboEnergy(inp, x));
    for (const k of [1, 2, 5, 16, 99]) {
      const r = kBestEnumerate(quboModel(q), 4, k, new Limits(null, Infinity));
      expect(r.complete).toBe(true);
      const got = Array.from(r.codes).map((c, t) => ({ c, e: r.energies[t] })).sort((a, b) => a.e - b.e || a.c - b.c);
      const want = truth.slice(0, k).map((t) => t.x.reduce((a, b, i) => a + (b << i), 0));
      expect(got.map((g) => g.c)).toEqual(want);
    }
  });

  it('orders equal energies by the assignment read from the highest index', () => {
    expect(compareStates([1, 0, 0], [0, 1, 0])).toBeLessThan(0);
    expect(compareStates([0, 0, 1], [1, 1, 0])).toBeGreaterThan(0);
    expect(compareStates([1, 1], [1, 1])).toBe(0);
  });
});

describe('sample budget', () => {
  it('is the documented formula', () => {
    expect(sampleBudget('medium', 100, 400, 16)).toEqual({ exactMaxN: 24, rounds: 256, maxFlips: 8 });
    expect(sampleBudget('high', 3, 0, 1)).toEqual({ exactMaxN: 26, rounds: 64, maxFlips: 3 });
    // Work cap: 4e6 / (8 · (deg 2000 + 1)) = 249 rounds.
    expect(sampleBudget('flash', 1000, 1_000_000, 1000).rounds).toBe(249);
    expect(() => sampleBudget('medium', 10, 0, 0)).toThrow();
  });
});
