import { describe, expect, it } from 'vitest';
import { newCancelSignal, type Effort } from '../../engine';
import { Prng } from '../../prng';
import { bruteXorsat, naiveXorsatViolations, plainRankXorsat, randomXorsat, sparseXorsat, type XorsatInput } from './testing';
import { canonicalXorsat } from './canonical';
import { backSubstitute, BitMatrix, echelonForm } from './echelon';
import { coreNullSpace } from './eliminate';
import { evaluateXorsat } from './evaluate';
import { packContradictions } from './fewest-violations';
import type { XorsatBudget } from './budget';
import { solveXorsat } from './solve';
import { planXorsat } from './structure';

const EFFORTS: Effort[] = ['flash', 'medium', 'high'];
const solve = (d: XorsatInput, effort: Effort = 'medium', seed = 0) =>
  solveXorsat({ command: 'xorsat', problem: canonicalXorsat(d.n, d.equations), effort, seed });

describe('xorsat', () => {
  it('canonical form: sorted variables, repeated ones cancel in pairs, empty equations kept', () => {
    const p = canonicalXorsat(4, [{ vars: [3, 1, 3, 3, 0], rhs: 1 }, { vars: [2, 2], rhs: 1 }]);
    expect(Array.from(p.start)).toEqual([0, 3, 3]);
    expect(Array.from(p.vars)).toEqual([0, 1, 3]);
    expect(Array.from(p.rhs)).toEqual([1, 1]);
    expect(evaluateXorsat(p, [1, 0, 0, 0])).toBe(1); // the empty equation 0 = 1 is always violated
  });

  it('echelon form: the rank and consistency of plain row reduction on dense matrices of many shapes; back-substitution solves', () => {
    const r = new Prng(7);
    for (const [m, n] of [[1, 1], [3, 70], [70, 3], [64, 64], [65, 63], [130, 129], [200, 300], [257, 140]]) {
      for (const density of [1, 4, 9]) {
        const equations: { vars: number[]; rhs: number }[] = [];
        for (let e = 0; e < m; e++) {
          const vars = e > 2 && r.nextInt(4) === 0 ? [...equations[e - 2].vars] : Array.from({ length: n }, (_, i) => i).filter(() => r.nextInt(8) < density);
          equations.push({ vars, rhs: r.nextInt(2) });
        }
        const d = { n, equations };
        const plain = plainRankXorsat(d);
        const a = new BitMatrix(m, n + 1);
        equations.forEach((eq, e) => {
          for (const i of eq.vars) a.flip(e, i);
          if (eq.rhs) a.flip(e, n);
        });
        const ech = echelonForm(a, n);
        expect(ech.rank, `${m}×${n}`).toBe(plain.rank);
        let zero = true;
        for (let row = ech.rank; row < m; row++) {
          for (let c = 0; c < n; c++) expect(a.get(row, c)).toBe(0);
          if (a.get(row, n)) zero = false;
        }
        expect(zero).toBe(plain.consistent);
        if (plain.consistent) expect(naiveXorsatViolations(d, backSubstitute(a, ech, n, n))).toBe(0);
      }
    }
  });

  it('rank, consistency, solutions and the fewest violations agree with brute force on 400 random systems', () => {
    for (let s = 0; s < 400; s++) {
      const n = 1 + (s % 14);
      const d = randomXorsat(s, n, 1 + (s % 23), 1 + (s % 5), s % 3 === 0);
      const brute = bruteXorsat(d);
      const r = solve(d, EFFORTS[s % 3], s);
      expect(r.rank, `seed ${s}`).toBe(brute.rank);
      expect(r.consistent, `seed ${s}`).toBe(brute.solutions > 0);
      if (brute.solutions > 0) expect(brute.solutions, `seed ${s}`).toBe(2 ** (n - r.rank!));
      expect(r.proof, `seed ${s}`).toBe('exhaustive');
      expect(r.objective, `seed ${s}`).toBe(brute.violations);
      expect(naiveXorsatViolations(d, r.answer), `seed ${s}`).toBe(r.objective);
    }
  });

  it('peeled, dense and lazy plans: the rank and consistency of plain row reduction; consistent ones certified and solved', () => {
    const seen = { peeled: 0, dense: 0, lazy: 0 };
    for (let s = 0; s < 60; s++) {
      const n = 50 + ((s * 13) % 500);
      const m = Math.floor((0.5 + 0.1 * (s % 8)) * n);
      const d = sparseXorsat(1000 + s, n, m, s % 3 === 0 ? 2 : 3, 5, s % 2 === 0);
      const plan = planXorsat(canonicalXorsat(d.n, d.equations));
      if (plan.core.m === 0) seen.peeled++;
      else if (plan.lazy) seen.lazy++;
      else seen.dense++;
      const plain = plainRankXorsat(d);
      const r = solve(d, 'flash', s);
      expect(r.rank, `seed ${s}`).toBe(plain.rank);
      expect(r.consistent, `seed ${s}`).toBe(plain.consistent);
      expect(naiveXorsatViolations(d, r.answer)).toBe(r.objective);
      if (plain.consistent) expect([r.objective, r.proof]).toEqual([0, 'exhaustive']);
      else expect(r.objective).toBeGreaterThan(0);
    }
    expect(seen.peeled).toBeGreaterThan(5);
    expect(seen.dense).toBeGreaterThan(5);
    expect(seen.lazy).toBeGreaterThan(5);
  });

  it('the syndrome search and the column-space walk find the same fewest violations; packed contradictions are disjoint and sum to 0 = 1', () => {
    const withBudget = (d: XorsatInput, b: XorsatBudget, seed = 0) =>
      solveXorsat({ command: 'xorsat', problem: canonicalXorsat(d.n, d.equations), effort: 'medium', seed }, undefined, b);
    for (let s = 0; s < 30; s++) {
      const n = 12 + (s % 10);
      const d = sparseXorsat(5000 + s, n, n + 2 + (s % 5), 2, 4, false);
      const walk = withBudget(d, { enumMaxRank: 24, dualMaxDim: 0, dualWork: 0, searchSteps: 0, searchWork: 0 });
      const dual = withBudget(d, { enumMaxRank: 0, dualMaxDim: 24, dualWork: 1e12, searchSteps: 0, searchWork: 0 });
      expect([walk.proof, dual.proof]).toEqual(['exhaustive', 'exhaustive']);
      expect(dual.objective, `seed ${s}`).toBe(walk.objective);
      expect(naiveXorsatViolations(d, dual.answer)).toBe(dual.objective);
      const plan = planXorsat(canonicalXorsat(d.n, d.equations));
      const groups: number[][] = [];
      const packed = packContradictions(coreNullSpace(plan.core)!, groups);
      expect(plan.emptyViolated + packed).toBeLessThanOrEqual(walk.objective);
      const used = new Set<number>();
      for (const g of groups) {
        const sum = new Uint8Array(plan.core.n);
        let parity = 0;
        for (const e of g) {
          expect(used.has(e)).toBe(false);
          used.add(e);
          parity ^= plan.core.rhs[e];
          for (let k = plan.core.start[e]; k < plan.core.start[e + 1]; k++) sum[plan.core.vars[k]] ^= 1;
        }
        expect(parity).toBe(1);
        expect(sum.every((b) => b === 0)).toBe(true);
      }
      const h = withBudget(d, { enumMaxRank: 0, dualMaxDim: 0, dualWork: 0, searchSteps: 500, searchWork: 1e9 }, s);
      expect(h.objective).toBeGreaterThanOrEqual(walk.objective);
      if (h.proof === null) expect(h.bound).toBe(plan.emptyViolated + Math.max(1, packed));
    }
  });

  it('large inconsistent systems: a heuristic answer never worse than elimination, with its proven bound; deterministic', () => {
    for (let s = 0; s < 3; s++) {
      const d = sparseXorsat(700 + s, 300, 600, 2, 3, false);
      const r = solve(d, 'flash', s);
      expect(r.rank).toBe(plainRankXorsat(d).rank);
      expect(naiveXorsatViolations(d, r.answer)).toBe(r.objective);
      if (r.proof === null) expect(r.bound).toBeGreaterThanOrEqual(1);
      const again = solve(d, 'flash', s);
      expect(Array.from(again.answer)).toEqual(Array.from(r.answer));
    }
  });

  it('a cancel before the elimination ends: the constructive answer (core 0, every peeled equation held), rank and consistency unknown, heuristic', () => {
    const d = sparseXorsat(5, 300, 600, 2, 3, false);
    const signal = newCancelSignal();
    Atomics.store(signal.flag, 0, 1);
    const problem = canonicalXorsat(d.n, d.equations);
    const r = solveXorsat({ command: 'xorsat', problem, effort: 'high', seed: 0 }, signal);
    expect([r.proof, r.rank, r.consistent, r.stoppedAtDeadline]).toEqual([null, null, null, true]);
    expect(naiveXorsatViolations(d, r.answer)).toBe(r.objective);
    // Every peeled equation holds: only core and empty equations may be violated, fewer than by all 0.
    const plan = planXorsat(problem);
    expect(plan.peelEq.length).toBeGreaterThan(0);
    let core = 0;
    for (let e = 0; e < plan.core.m; e++) {
      let b = plan.core.rhs[e];
      for (let q = plan.core.start[e]; q < plan.core.start[e + 1]; q++) b ^= r.answer[plan.coreVars[plan.core.vars[q]]];
      core += b;
    }
    expect(r.objective).toBe(core + plan.emptyViolated);
    expect(r.objective).toBeLessThan(naiveXorsatViolations(d, new Uint8Array(d.n)));
  });
});
