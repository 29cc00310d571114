import { describe, expect, it } from 'vitest';
import { evaluateMaxcut, evaluateQubo } from '../families/qubo/evaluate';
import { Prng } from '../prng';
import { randomMaxcut, randomQubo } from '../families/qubo/testing';
import { Limits, modelEnergy, quboModel } from './model';
import { maxcutModel } from '../families/qubo/model';
import { isSymmetric, tabuSearch, type TabuParams } from './tabu';

function params(n: number, maxMoves: number, over: Partial<TabuParams> = {}): TabuParams {
  return {
    maxMoves,
    maxPhases: 1000,
    stall: 300,
    tenureBase: Math.max(2, Math.floor(n / 40)),
    tenureSpan: Math.max(2, Math.floor(n / 20)),
    annealSweeps: 50,
    shrinkRounds: 4,
    elitePool: 4,
    ...over,
  };
}

function bruteMin(energy: (x: Uint8Array) => number, n: number): number {
  let best = Infinity;
  const x = new Uint8Array(n);
  for (let code = 0; code < 1 << n; code++) {
    for (let b = 0; b < n; b++) x[b] = (code >> b) & 1;
    best = Math.min(best, energy(x));
  }
  return best;
}

describe('tabuSearch (annealed tabu search with path relinking)', () => {
  it('reaches the brute-force optimum on small instances', () => {
    for (let s = 0; s < 8; s++) {
      const q = randomQubo(800 + s, 14, { density: 0.5, weights: s % 2 ? 'real' : 'int' });
      const rq = tabuSearch(quboModel(q), params(14, 20000), new Prng(s), new Limits(null, Infinity), null, s % 2 === 0);
      expect(evaluateQubo(q, rq.x)).toBeCloseTo(bruteMin((x) => evaluateQubo(q, x), 14), 9);
      const c = randomMaxcut(900 + s, 14, { density: 0.4, weights: 'pm1' });
      const rc = tabuSearch(maxcutModel(c), params(14, 20000), new Prng(s), new Limits(null, Infinity), null, false);
      expect(-evaluateMaxcut(c, rc.x)).toBe(bruteMin((x) => -evaluateMaxcut(c, x), 14));
    }
  });

  it('is deterministic, runs relinking rounds, stays within its move budget and reports the true energy', () => {
    const m = maxcutModel(randomMaxcut(31, 150, { density: 0.05, weights: 'pm1' }));
    const p = params(150, 30000, { maxPhases: 31, stall: 500, annealSweeps: 20, elitePool: 3 });
    const a = tabuSearch(m, p, new Prng(5), new Limits(null, Infinity), null, false);
    const b = tabuSearch(m, p, new Prng(5), new Limits(null, Infinity), null, true);
    expect(Array.from(a.x)).toEqual(Array.from(b.x));
    expect(a.moves).toBe(b.moves);
    expect(a.flips).toBe(b.flips);
    expect(a.phases).toBe(31);
    expect(a.moves).toBeLessThanOrEqual(30000);
    expect(a.energy).toBe(modelEnergy(m, a.x));
  });

  it('never returns worse than the warm start, and returns it untouched with no budget', () => {
    const rng = new Prng(6);
    for (let s = 0; s < 6; s++) {
      const m = quboModel(randomQubo(40 + s, 60, { density: 0.2, weights: 'real' }));
      const warm = Uint8Array.from({ length: 60 }, () => rng.nextInt(2));
      for (const budget of [0, 1, 50, 3000]) {
        const r = tabuSearch(m, params(60, budget), new Prng(s), new Limits(null, Infinity), warm, false);
        expect(modelEnergy(m, r.x)).toBeLessThanOrEqual(modelEnergy(m, warm) + 1e-9);
        expect(r.moves).toBeLessThanOrEqual(budget);
        if (budget === 0) expect(Array.from(r.x)).toEqual(Array.from(warm));
      }
    }
  });

  it('a limit that fired before the call returns the start point at once', () => {
    const m = quboModel(randomQubo(7, 500, { pairs: 2000 }));
    const flag = new Int32Array(new SharedArrayBuffer(4));
    Atomics.store(flag, 0, 1);
    const warm = new Uint8Array(500).fill(1);
    const r = tabuSearch(m, params(500, 100000), new Prng(1), new Limits(flag, Infinity), warm, true);
    expect(r.moves).toBe(0);
    expect(Array.from(r.x)).toEqual(Array.from(warm));
  });

  it('recognises the symmetric max-cut reduction', () => {
    expect(isSymmetric(maxcutModel(randomMaxcut(8, 50, { density: 0.2, weights: 'real' })))).toBe(true);
    expect(isSymmetric(quboModel(randomQubo(9, 50, { density: 0.2 })))).toBe(false);
  });
});
