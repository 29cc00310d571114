import { describe, expect, it } from 'vitest';
import { newCancelSignal, type Effort } from '../../engine';
import { bruteMilp, naiveMilpObjective, randomMilp, randomSingularMilp, type MilpInput } from '../../testing/milp';
import { canonicalMilp } from './canonical';
import { solveMilp } from './solve';

const solve = (d: MilpInput, effort: Effort = 'medium', seed = 0) =>
  solveMilp({ command: 'milp', problem: canonicalMilp(d.vars, d.linear, d.diag, d.quadratic), effort, seed });
const EFFORTS: Effort[] = ['flash', 'medium', 'high'];

describe('milp', () => {
  it('certifies the optimum of 120 random convex instances (≤ 7 binaries, ≤ 4 continuous, infinite bounds)', () => {
    for (let s = 0; s < 120; s++) {
      const d = randomMilp(s, s % 8, 1 + (s % 4));
      const r = solve(d, EFFORTS[s % 3], s);
      const want = bruteMilp(d);
      expect(r.convex).toBe(true);
      expect(r.proof, `seed ${s}`).toBe('branch_and_bound');
      expect(Math.abs(r.objective - want), `seed ${s}: ${r.objective} vs ${want}`).toBeLessThan(1e-6 * (1 + Math.abs(want)));
      expect(r.objective).toBeCloseTo(naiveMilpObjective(d, r.answer), 9);
    }
  });

  it('the two false certificates of issue 19: a linear-only continuous variable coupled to binaries, a fixed one', () => {
    // x0 ∈ [−2, 5] has no curvature: no shift of the binaries makes the relaxation convex. The optimum is [5, 0, 0] at −20.
    const kiln: MilpInput = { vars: [{ domain: 'continuous', lo: -2, hi: 5 }, { domain: 'binary' }, { domain: 'binary' }], linear: { 0: -4, 2: -5 }, diag: {}, quadratic: [[0, 1, 5], [0, 2, 5]] };
    // x2 = −2 is fixed (lo = hi); x3 ≥ −2 then minimises ½x3² − 2x3: x3 = 2, the optimum −2.
    const clay: MilpInput = {
      vars: [{ domain: 'binary' }, { domain: 'binary' }, { domain: 'continuous', lo: -2, hi: -2 }, { domain: 'continuous', lo: -2, hi: null }],
      linear: { 0: -5 }, diag: { 2: 1, 3: 1 }, quadratic: [[0, 1, -3], [0, 2, -3], [2, 3, 1]],
    };
    for (const effort of EFFORTS) {
      for (const [d, want] of [[kiln, -20], [clay, -2]] as const) {
        expect(bruteMilp(d)).toBeCloseTo(want, 12);
        const r = solve(d, effort, 0);
        expect(r.objective, effort).toBeCloseTo(want, 9);
        expect(r.proof).toBe('branch_and_bound');
      }
    }
    expect(Array.from(solve(kiln).answer)).toEqual([5, 0, 0]);
  });

  it('singular curvature, fixed and linear-only variables: certified only at the brute-force optimum (300 instances)', () => {
    let certified = 0;
    for (let s = 0; s < 300; s++) {
      const d = randomSingularMilp(s, s % 7, 1 + (s % 5));
      const r = solve(d, EFFORTS[s % 3], s);
      const want = bruteMilp(d);
      const eps = 1e-6 * (1 + Math.abs(want));
      expect(r.objective, `seed ${s}`).toBeGreaterThanOrEqual(want - eps);
      expect(r.objective).toBeCloseTo(naiveMilpObjective(d, r.answer), 9);
      if (r.bound !== undefined) expect(r.bound, `seed ${s}`).toBeLessThanOrEqual(want + eps);
      if (r.proof !== null) {
        expect(Math.abs(r.objective - want), `seed ${s}: certified ${r.objective}, optimum ${want}`).toBeLessThanOrEqual(eps);
        certified++;
      }
    }
    // Every instance has at most 6 binaries: the tree closes on all of them when the curvature is semidefinite.
    expect(certified).toBeGreaterThanOrEqual(270);
  }, 60_000);

  it('pure binary problems are certified at the enumerated optimum; answers are 0/1', () => {
    for (let s = 0; s < 30; s++) {
      const d = randomMilp(500 + s, 2 + (s % 9), 0);
      const r = solve(d, 'flash', s);
      expect(r.proof).toBe('branch_and_bound');
      expect(r.objective).toBeCloseTo(bruteMilp(d), 9);
      for (const v of r.answer) expect([0, 1]).toContain(v);
    }
  });

  it('a tree cut by its node budget leaves a proven lower bound at or below the certified optimum', () => {
    let bounded = 0;
    for (let s = 0; s < 12; s++) {
      const d = randomMilp(1200 + s, 16 + (s % 5), 4 + (s % 3));
      const cut = solve(d, 'flash', s); // 2,000 nodes
      const exact = solve(d, 'high', s);
      expect(exact.proof, `seed ${s}`).toBe('branch_and_bound');
      if (cut.proof !== null) continue;
      expect(cut.convex).toBe(true);
      expect(cut.bound, `seed ${s}`).toBeDefined();
      expect(cut.bound!).toBeLessThanOrEqual(exact.objective + 1e-9 * (1 + Math.abs(exact.objective)));
      expect(cut.bound!).toBeLessThanOrEqual(cut.objective);
      bounded++;
    }
    expect(bounded).toBeGreaterThanOrEqual(4);
  }, 60_000);

  it('a non-convex instance gets a valid heuristic answer within its boxes, never a certificate', () => {
    for (let s = 0; s < 10; s++) {
      const d = randomMilp(900 + s, 3, 3, false);
      const r = solve(d, 'flash', s);
      const p = canonicalMilp(d.vars, d.linear, d.diag, d.quadratic);
      if (!r.convex) expect(r.proof).toBeNull();
      for (let i = 0; i < p.n; i++) {
        expect(r.answer[i]).toBeGreaterThanOrEqual(p.lo[i]);
        expect(r.answer[i]).toBeLessThanOrEqual(p.hi[i]);
      }
      expect(r.objective).toBeCloseTo(naiveMilpObjective(d, r.answer), 9);
    }
  });

  it('issue 31: leaves the symmetric saddle point along negative curvature (−4 and −8.5, not 0), heuristic', () => {
    const box = { domain: 'continuous', lo: -1, hi: 1 } as const;
    const pair: MilpInput = { vars: [box, box], linear: {}, diag: { 0: 1, 1: 1 }, quadratic: [[0, 1, 5]] };
    const chain: MilpInput = { vars: [box, box, box], linear: {}, diag: { 0: 1, 1: 1, 2: 1 }, quadratic: [[0, 1, 5], [1, 2, 5]] };
    for (const effort of EFFORTS) {
      for (const seed of [0, 1, 7]) {
        for (const [d, want] of [[pair, -4], [chain, -8.5]] as const) {
          const r = solve(d, effort, seed);
          expect(r.convex).toBe(false);
          expect(r.objective, `${effort} seed ${seed}`).toBe(want);
          expect(r.proof).toBeNull();
        }
      }
    }
  });

  it('random non-convex boxes (half without continuous linear terms): never below the face-enumerated optimum, nearly always at it', () => {
    // bruteMilp enumerates every face; that finds a non-convex box QP's optimum too (the minimal face of a
    // global minimiser has a semidefinite free block, and a flat direction there leads to a smaller face).
    let reached = 0;
    for (let s = 0; s < 120; s++) {
      const raw = randomMilp(3000 + s, s % 3, 2 + (s % 4), false);
      const linear = s % 2 ? Object.fromEntries(Object.entries(raw.linear).filter(([k]) => raw.vars[Number(k)].domain === 'binary')) : raw.linear;
      const d: MilpInput = { ...raw, linear };
      const r = solve(d, EFFORTS[s % 3], s);
      const want = bruteMilp(d);
      const eps = 1e-9 * (1 + Math.abs(want));
      expect(r.objective, `seed ${s}`).toBeGreaterThanOrEqual(want - eps);
      if (!r.convex) expect(r.proof).toBeNull();
      if (r.objective <= want + eps) reached++;
    }
    expect(reached).toBeGreaterThanOrEqual(114);
  });

  it('a cancel keeps a valid answer, heuristic', () => {
    const d = randomMilp(7, 14, 6);
    const signal = newCancelSignal();
    Atomics.store(signal.flag, 0, 1);
    const r = solveMilp({ command: 'milp', problem: canonicalMilp(d.vars, d.linear, d.diag, d.quadratic), effort: 'high', seed: 0 }, signal);
    expect(r.stoppedAtDeadline).toBe(true);
    expect(r.proof).toBeNull();
    expect(r.objective).toBeCloseTo(naiveMilpObjective(d, r.answer), 9);
  });
});
