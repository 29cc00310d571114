import { describe, expect, it } from 'vitest';
import { newCancelSignal, type Effort } from '../../engine';
import { bruteXorsat, naiveXorsatViolations, randomXorsat, type XorsatInput } from '../../testing/xorsat';
import { canonicalXorsat } from './canonical';
import { evaluateXorsat } from './evaluate';
import { eliminateXorsat, solveXorsat } from './solve';

const EFFORTS: Effort[] = ['flash', 'medium', 'high'];
const solve = (d: XorsatInput, effort: Effort = 'medium', seed = 0, extra: { deadlineMs?: number } = {}) =>
  solveXorsat({ command: 'xorsat', problem: canonicalXorsat(d.n, d.equations), effort, seed, ...extra });

describe('xorsat', () => {
  it('canonical form: sorted variables, repeated ones cancel in pairs, empty equations kept', () => {
    const p = canonicalXorsat(4, [{ vars: [3, 1, 3, 3, 0], rhs: 1 }, { vars: [2, 2], rhs: 1 }]);
    expect(Array.from(p.start)).toEqual([0, 3, 3]);
    expect(Array.from(p.vars)).toEqual([0, 1, 3]);
    expect(Array.from(p.rhs)).toEqual([1, 1]);
    expect(evaluateXorsat(p, [1, 0, 0, 0])).toBe(1); // the empty equation 0 = 1 is always violated
  });

  it('rank, consistency and the fewest violations agree with brute force on 300 random systems', () => {
    for (let s = 0; s < 300; s++) {
      const n = 1 + (s % 12);
      const d = randomXorsat(s, n, 1 + (s % 17), 1 + (s % 5), s % 3 === 0);
      const brute = bruteXorsat(d);
      const p = canonicalXorsat(d.n, d.equations);
      const el = eliminateXorsat(p);
      expect(el.rank, `seed ${s}`).toBe(brute.rank);
      expect(el.inconsistent === 0, `seed ${s}`).toBe(brute.solutions > 0);
      if (brute.solutions > 0) expect(brute.solutions, `seed ${s}`).toBe(2 ** (n - el.rank));
      const r = solve(d, EFFORTS[s % 3], s);
      expect(r.proof, `seed ${s}`).not.toBeNull();
      expect(r.objective, `seed ${s}`).toBe(brute.violations);
      expect(naiveXorsatViolations(d, r.answer), `seed ${s}`).toBe(r.objective);
    }
  });

  it('large consistent systems are solved exactly by elimination', () => {
    for (let s = 0; s < 4; s++) {
      const d = randomXorsat(900 + s, 400, 600, 6, true);
      const r = solve(d, 'flash', s);
      expect(r.objective).toBe(0);
      expect(r.proof).toBe('exhaustive');
      expect(naiveXorsatViolations(d, r.answer)).toBe(0);
    }
  });

  it('large inconsistent systems: a heuristic answer never worse than elimination, with the proven bound', () => {
    for (let s = 0; s < 3; s++) {
      const d = randomXorsat(700 + s, 60, 200, 3, false);
      const p = canonicalXorsat(d.n, d.equations);
      const el = eliminateXorsat(p);
      expect(el.rank).toBeGreaterThan(24);
      const r = solve(d, 'flash', s);
      expect(r.objective).toBeLessThanOrEqual(el.inconsistent);
      expect(naiveXorsatViolations(d, r.answer)).toBe(r.objective);
      if (r.proof === null) expect(r.bound).toBe(el.emptyViolated + 1);
      const again = solve(d, 'flash', s);
      expect(Array.from(again.answer)).toEqual(Array.from(r.answer));
    }
  });

  it('a cancel keeps a valid answer, labelled heuristic', () => {
    const d = randomXorsat(5, 60, 200, 3, false);
    const signal = newCancelSignal();
    Atomics.store(signal.flag, 0, 1);
    const r = solveXorsat({ command: 'xorsat', problem: canonicalXorsat(d.n, d.equations), effort: 'high', seed: 0 }, signal);
    expect(r.proof).toBeNull();
    expect(r.stoppedAtDeadline).toBe(true);
    expect(naiveXorsatViolations(d, r.answer)).toBe(r.objective);
  });
});
