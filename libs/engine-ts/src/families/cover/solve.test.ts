import { describe, expect, it } from 'vitest';
import { newCancelSignal, type Effort } from '../../engine';
import { bruteCover, naiveCoverCost, randomCover, type CoverInput } from '../../testing/cover';
import { canonicalCover } from './canonical';
import { evaluateCover } from './evaluate';
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

  it('the canonical form sorts and de-duplicates each set and refuses an element in no set', () => {
    const p = canonicalCover(3, [[2, 0, 2], [1]], [1, 2]);
    expect(Array.from(p.elems)).toEqual([0, 2, 1]);
    expect(Array.from(p.start)).toEqual([0, 2, 3]);
    expect(() => canonicalCover(4, [[0, 1], [2]])).toThrow(/element 3 is in no set/);
  });
});
