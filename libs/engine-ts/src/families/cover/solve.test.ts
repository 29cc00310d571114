import { describe, expect, it } from 'vitest';
import { newCancelSignal, type Effort } from '../../engine';
import { bruteCover, naiveCoverCost, randomCover, type CoverInput } from './testing';
import { canonicalCover } from './canonical';
import { evaluateCover } from './evaluate';
import { coverLocalSearch } from './local-search';
import { Limits } from '../../kernels/model';
import { Prng } from '../../prng';
import { solveCover } from './solve';

const solve = (d: CoverInput, effort: Effort = 'medium', seed = 0, extra: { deadlineMs?: number } = {}) =>
  solveCover({ command: 'cover', problem: canonicalCover(d.universe, d.sets, d.costs), effort, seed, ...extra });
const chosen = (x: ArrayLike<number>) => Array.from(x).flatMap((b, j) => (b ? [j] : []));
const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * (1 + Math.abs(b));
const EFFORTS: Effort[] = ['flash', 'medium', 'high'];

describe('cover', () => {
  it('certifies the brute-force optimum on 200 random instances (unit, integer, real, zero and negative costs)', () => {
    for (let s = 0; s < 200; s++) {
      const sets = 2 + (s % 13);
      const d = randomCover(s, 3 + (s % 17), sets, 0.15 + (s % 5) * 0.08);
      const r = solve(d, EFFORTS[s % 3], s);
      expect(r.proof, `seed ${s}`).not.toBeNull();
      expect(close(r.objective, bruteCover(d)), `seed ${s}: ${r.objective} vs ${bruteCover(d)}`).toBe(true);
      expect(close(naiveCoverCost(d, chosen(r.answer)), r.objective)).toBe(true);
    }
  });

  it('larger instances: a valid cover with a bound at or below it, certified only when it meets it', () => {
    for (let s = 0; s < 6; s++) {
      const d = randomCover(500 + s, 120, 400, 0.04);
      const r = solve(d, 'flash', s);
      expect(close(naiveCoverCost(d, chosen(r.answer)), r.objective)).toBe(true);
      if (r.proof === null) expect(r.bound!).toBeLessThanOrEqual(r.objective + 1e-9);
    }
  });

  it('forced sets and sets of cost ≤ 0 are taken; a cancel keeps a valid cover; a seed repeats', () => {
    const r = solve({ universe: 4, sets: [[0, 1], [1, 2], [3], [2, 3]], costs: [1, 0, 5, 2] });
    expect([r.objective, chosen(r.answer), r.proof]).toEqual([3, [0, 1, 3], 'branch_and_bound']);
    const neg = solve({ universe: 2, sets: [[0], [1], [0, 1]], costs: [-1, -2, 4] });
    expect([neg.objective, chosen(neg.answer)]).toEqual([-3, [0, 1]]);
    const d = randomCover(9, 150, 500, 0.03);
    const a = solve(d, 'flash', 3);
    const b = solve(d, 'flash', 3);
    expect(Array.from(a.answer)).toEqual(Array.from(b.answer));
    const signal = newCancelSignal();
    Atomics.store(signal.flag, 0, 1);
    const c = solveCover({ command: 'cover', problem: canonicalCover(d.universe, d.sets, d.costs), effort: 'high', seed: 0 }, signal);
    expect(c.stoppedAtDeadline).toBe(true);
    expect(c.proof).toBeNull();
    expect(evaluateCover(canonicalCover(d.universe, d.sets, d.costs), c.answer)).toBe(c.objective);
  });

  it('a cancel already set: an answer the reductions decide is certified without a bound, any other carries a bound at most the brute-force optimum', () => {
    let heuristic = 0;
    for (let s = 0; s < 200; s++) {
      const d = randomCover(300 + s, 4 + (s % 14), 3 + (s % 12), 0.2 + (s % 4) * 0.08);
      const p = canonicalCover(d.universe, d.sets, d.costs);
      const signal = newCancelSignal();
      Atomics.store(signal.flag, 0, 1);
      const r = solveCover({ command: 'cover', problem: p, effort: EFFORTS[s % 3], seed: s }, signal);
      const opt = bruteCover(d);
      expect(close(naiveCoverCost(d, chosen(r.answer)), r.objective)).toBe(true);
      if (r.proof !== null) {
        // The reductions decided every element before anything looked at the flag.
        expect([r.bound, r.stoppedAtDeadline, close(r.objective, opt)], `seed ${s}`).toEqual([undefined, false, true]);
        continue;
      }
      heuristic++;
      expect(r.stoppedAtDeadline).toBe(true);
      expect(Number.isFinite(r.bound), `seed ${s}`).toBe(true);
      expect(r.bound!).toBeLessThanOrEqual(r.objective);
      expect(r.bound!, `seed ${s}`).toBeLessThanOrEqual(opt + 1e-9 * (1 + Math.abs(opt)));
    }
    expect(heuristic).toBeGreaterThanOrEqual(100);
  });

  it('max_latency_ms 1 (deadlineMs 1) or a cancel: a heuristic answer always carries a bound at most its cost, and the bound without limits is at least the cancelled one', () => {
    for (let s = 0; s < 6; s++) {
      const d = randomCover(520 + s, 120 + 20 * s, 400, 0.04);
      const p = canonicalCover(d.universe, d.sets, d.costs);
      for (const effort of EFFORTS) {
        // Whether the deadline fires depends on the machine; what an answer carries does not.
        const r = solveCover({ command: 'cover', problem: p, effort, seed: s, deadlineMs: 1 });
        expect(close(naiveCoverCost(d, chosen(r.answer)), r.objective)).toBe(true);
        if (r.proof === null) expect(r.bound!, `seed ${s} ${effort}`).toBeLessThanOrEqual(r.objective);
        else expect(r.bound).toBeUndefined();
      }
      const signal = newCancelSignal();
      Atomics.store(signal.flag, 0, 1);
      const c = solveCover({ command: 'cover', problem: p, effort: 'flash', seed: s }, signal);
      const full = solveCover({ command: 'cover', problem: p, effort: 'flash', seed: s });
      expect(c.proof).toBeNull();
      expect(c.bound!).toBeLessThanOrEqual(c.objective);
      expect(c.bound!).toBeLessThanOrEqual(full.proof === null ? full.bound! : full.objective + 1e-9 * (1 + Math.abs(full.objective)));
    }
  });

  it('the local search alone: from every set chosen, a valid cover no dearer than its start, its cost reported exactly, the brute-force optimum on most small instances', () => {
    let atOptimum = 0;
    for (let s = 0; s < 100; s++) {
      const d = randomCover(700 + s, 6 + (s % 12), 4 + (s % 11), 0.2 + (s % 4) * 0.05);
      const p = canonicalCover(d.universe, d.sets, d.costs);
      const estart = new Int32Array(p.universe + 1);
      for (const e of p.elems) estart[e + 1]++;
      for (let e = 0; e < p.universe; e++) estart[e + 1] += estart[e];
      const fill = estart.slice(0, p.universe);
      const esets = new Int32Array(p.elems.length);
      for (let j = 0; j < p.n; j++) for (let k = p.start[j]; k < p.start[j + 1]; k++) esets[fill[p.elems[k]]++] = j;
      const fixed = Int8Array.from(p.cost, (c) => (c <= 0 ? 1 : 0));
      const start = new Uint8Array(p.n).fill(1);
      const startCost = evaluateCover(p, start);
      const r = coverLocalSearch(p, estart, esets, fixed, start, startCost, 5_000, -Infinity, 1e-9, new Prng(s), new Limits(null, Infinity));
      expect(r.bestCost).toBeLessThanOrEqual(startCost);
      expect(close(evaluateCover(p, r.best), r.bestCost), `seed ${s}`).toBe(true);
      expect(r.bestCost).toBeGreaterThanOrEqual(bruteCover(d) - 1e-9);
      if (close(r.bestCost, bruteCover(d))) atOptimum++;
    }
    expect(atOptimum).toBeGreaterThanOrEqual(90);
  });

  it('the canonical form sorts and de-duplicates each set and refuses an element in no set', () => {
    const p = canonicalCover(3, [[2, 0, 2], [1]], [1, 2]);
    expect(Array.from(p.elems)).toEqual([0, 2, 1]);
    expect(Array.from(p.start)).toEqual([0, 2, 3]);
    expect(() => canonicalCover(4, [[0, 1], [2]])).toThrow(/element 3 is in no set/);
  });
});
