import { describe, expect, it } from 'vitest';
import { canonicalMaxcut, canonicalQubo } from '../families/qubo/canonical';
import type { CanonicalProblem } from '../engine';
import { bruteForce, randomMaxcut, randomQubo, type WeightKind } from '../families/qubo/testing';
import { branchAndBound, bnbOrder } from './bnb';
import { Limits, type Model, modelEnergy, quboModel } from './model';
import { maxcutModel } from '../families/qubo/model';

const none = () => new Limits(null, Infinity);

function modelOf(p: CanonicalProblem): Model {
  if (p.kind === 'qubo') return quboModel(p);
  if (p.kind === 'maxcut') return maxcutModel(p);
  throw new Error('optimize/maxcut only');
}

/** Minimum model energy by brute force (QUBO energy; −max cut for max-cut). */
function bruteModelMin(p: CanonicalProblem): number {
  const bf = bruteForce(p).objective;
  return p.kind === 'qubo' ? bf : -bf;
}

function instances(count: number, seed0: number): CanonicalProblem[] {
  const kinds: WeightKind[] = ['int', 'real', 'pm1', 'unit'];
  const out: CanonicalProblem[] = [];
  for (let s = 0; s < count; s++) {
    const n = 1 + (s % 16);
    const weights = kinds[s % 4];
    const o = { density: [0.25, 0.5, 0.85][s % 3], weights, zeroFraction: s % 5 === 0 ? 0.3 : 0.05, duplicates: s % 2 === 0 };
    out.push(s % 2 === 0 ? randomQubo(seed0 + s, n, o) : randomMaxcut(seed0 + s, n, o));
  }
  return out;
}

describe('branch and bound (Russian-doll bounds)', () => {
  it('finds the brute-force minimum on 400 random QUBO and max-cut models (n <= 16)', { timeout: 60_000 }, () => {
    let searched = 0;
    for (const p of [...instances(300, 31_000), ...instances(100, 33_000)]) {
      const m = modelOf(p);
      const r = branchAndBound(m, { symmetric: p.kind === 'maxcut', workLimit: 1e12, incumbent: null }, none());
      const opt = bruteModelMin(p);
      const tol = 1e-9 * (1 + Math.abs(opt));
      expect(r.complete).toBe(true);
      expect(r.stop).toBeNull();
      expect(r.x).not.toBeNull();
      expect(Math.abs(modelEnergy(m, r.x!) - opt)).toBeLessThanOrEqual(tol);
      expect(Math.abs(r.energy - opt)).toBeLessThanOrEqual(tol);
      expect(r.bound).toBe(r.energy);
      if (r.nodes > p.n) searched++;
    }
    expect(searched).toBeGreaterThan(200);
  });

  it('keeps an optimal incumbent and proves it', () => {
    for (const p of instances(40, 32_000)) {
      const m = modelOf(p);
      const first = branchAndBound(m, { symmetric: p.kind === 'maxcut', workLimit: 1e12, incumbent: null }, none());
      const again = branchAndBound(m, { symmetric: p.kind === 'maxcut', workLimit: 1e12, incumbent: first.x }, none());
      expect(again.complete).toBe(true);
      expect(again.energy).toBe(first.energy);
    }
  });

  it('out of work: stops with a valid lower bound (from the open nodes once in the full problem)', { timeout: 60_000 }, () => {
    let withBound = 0;
    for (const p of instances(160, 33_000)) {
      if (p.n < 12) continue;
      const m = modelOf(p);
      const opt = bruteModelMin(p);
      const full = branchAndBound(m, { symmetric: p.kind === 'maxcut', workLimit: 1e12, incumbent: null }, none());
      // Caps from tiny to just short of the complete run, so some stop inside the full problem.
      for (const workLimit of [30, 300, ...[0.6, 0.75, 0.9, 0.97].map((f) => Math.floor(full.work * f)), full.work - 2]) {
        const r = branchAndBound(m, { symmetric: p.kind === 'maxcut', workLimit, incumbent: null }, none());
        if (r.complete) {
          expect(Math.abs(r.energy - opt)).toBeLessThanOrEqual(1e-9 * (1 + Math.abs(opt)));
          continue;
        }
        expect(['work', 'abandoned']).toContain(r.stop);
        expect(r.bound).toBeLessThanOrEqual(opt + 1e-9 * (1 + Math.abs(opt)));
        if (r.x !== null) {
          expect(modelEnergy(m, r.x)).toBeGreaterThanOrEqual(opt - 1e-9 * (1 + Math.abs(opt)));
          expect(r.bound).toBeGreaterThan(-Infinity);
          withBound++;
        } else {
          expect(r.bound).toBe(-Infinity);
        }
      }
    }
    expect(withBound).toBeGreaterThan(15);
  });

  it('a fired limit stops it before the first subproblem', () => {
    const flag = new Int32Array(new SharedArrayBuffer(4));
    flag[0] = 1;
    const m = modelOf(randomQubo(5, 30, { density: 0.5 }));
    const r = branchAndBound(m, { symmetric: false, workLimit: 1e12, incumbent: null }, new Limits(flag, Infinity));
    expect(r.complete).toBe(false);
    expect(r.stop).toBe('limits');
    expect(r.x).toBeNull();
  });

  it('certifies a dense 40-variable QUBO and a 36-node max-cut', { timeout: 30_000 }, () => {
    const q = quboModel(randomQubo(7, 40, { density: 0.5, weights: 'int' }));
    const c = maxcutModel(randomMaxcut(8, 36, { density: 0.5, weights: 'pm1' }));
    for (const [m, symmetric] of [[q, false], [c, true]] as const) {
      const r = branchAndBound(m, { symmetric, workLimit: 1e9, incumbent: null }, none());
      expect(r.complete).toBe(true);
      expect(r.nodes).toBeGreaterThan(m.n);
    }
  });

  it('orders by coupling strength, then by connection to the placed variables', () => {
    // Star: the centre has the largest |W| sum and comes first; leaves follow by connection.
    const star = quboModel(canonicalQubo(4, { '0': 1 }, [[2, 0, 5], [2, 1, -4], [2, 3, 1]]));
    expect(Array.from(bnbOrder(star))).toEqual([2, 0, 1, 3]);
    const path = maxcutModel(canonicalMaxcut(4, [[0, 1, 1], [1, 2, 3], [2, 3, 1]], false));
    expect(Array.from(bnbOrder(path))).toEqual([1, 2, 0, 3]);
  });
});
