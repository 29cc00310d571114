import { describe, expect, it } from 'vitest';
import { newCancelSignal, type Effort } from '../../engine';
import { bruteMilp, naiveMilpObjective, randomMilp, randomSingularMilp, type MilpInput } from './testing';
import { canonicalMilp } from './canonical';
import { Prng } from '../../prng';
import { solveMilp } from './solve';

const solve = (d: MilpInput, effort: Effort = 'medium', seed = 0) =>
  solveMilp({ command: 'milp', problem: canonicalMilp(d.vars, d.linear, d.diag, d.quadratic), effort, seed });
const EFFORTS: Effort[] = ['flash', 'medium', 'high'];

/** n continuous variables, curvature MᵀM/2 − 0.3·I (M uniform in [−1, 1]), boxes of width 0.5 to 4 about 0. */
function nearlyConvexMilp(seed: number, n: number): MilpInput {
  const r = new Prng(seed);
  const M = Array.from({ length: n }, () => Array.from({ length: n }, () => 2 * r.nextFloat() - 1));
  const vars: MilpInput['vars'] = [];
  const linear: Record<string, number> = {};
  const diag: Record<string, number> = {};
  const quadratic: [number, number, number][] = [];
  for (let i = 0; i < n; i++) {
    const lo = -3 * r.nextFloat();
    vars.push({ domain: 'continuous', lo, hi: lo + 0.5 + 3.5 * r.nextFloat() });
    linear[String(i)] = 4 * r.nextFloat() - 2;
    for (let j = i; j < n; j++) {
      let h = 0;
      for (let k = 0; k < n; k++) h += M[k][i] * M[k][j] / 2;
      if (i === j) diag[String(i)] = h - 0.3;
      else quadratic.push([i, j, h]);
    }
  }
  return { vars, linear, diag, quadratic };
}

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
  }, 60_000);

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

  it('a non-convex instance gets a valid answer within its boxes, certified only at the enumerated optimum', () => {
    for (let s = 0; s < 10; s++) {
      const d = randomMilp(900 + s, 3, 3, false);
      const r = solve(d, 'flash', s);
      const p = canonicalMilp(d.vars, d.linear, d.diag, d.quadratic);
      if (r.proof !== null) expect(r.objective).toBeCloseTo(bruteMilp(d), 9);
      for (let i = 0; i < p.n; i++) {
        expect(r.answer[i]).toBeGreaterThanOrEqual(p.lo[i]);
        expect(r.answer[i]).toBeLessThanOrEqual(p.hi[i]);
      }
      expect(r.objective).toBeCloseTo(naiveMilpObjective(d, r.answer), 9);
    }
  });

  it('issue 31: saddle points — −4 and −8.5 certified by the spatial tree; past its 16 variables the second-order local search leaves them', () => {
    const box = { domain: 'continuous', lo: -1, hi: 1 } as const;
    // A chain of n: ½Σx² + 5Σ x_k·x_{k+1} on [−1, 1]ⁿ, 0 at the stationary start, ½n − 5(n − 1) at the alternating vertices.
    const chain = (n: number): MilpInput => ({
      vars: Array.from({ length: n }, () => box), linear: {},
      diag: Object.fromEntries(Array.from({ length: n }, (_, k) => [String(k), 1])),
      quadratic: Array.from({ length: n - 1 }, (_, k) => [k, k + 1, 5] as [number, number, number]),
    });
    // Nine separate saddles (q_k ≤ 3 < |w_k|): each pair's least value is q_k − |w_k| at a vertex.
    const pairs: MilpInput = { vars: Array.from({ length: 18 }, () => box), linear: {}, diag: {}, quadratic: [] };
    let pairsWant = 0;
    for (let k = 0; k < 9; k++) {
      const q = 1 + (k % 3);
      const w = (k % 2 ? -1 : 1) * (4 + (k % 3));
      pairs.diag[String(2 * k)] = pairs.diag[String(2 * k + 1)] = q;
      pairs.quadratic.push([2 * k, 2 * k + 1, w]);
      pairsWant += q - Math.abs(w);
    }
    for (const effort of EFFORTS) {
      for (const seed of [0, 1, 7]) {
        for (const n of [2, 3]) {
          const r = solve(chain(n), effort, seed);
          expect([r.objective, r.proof, r.convex], `${effort} seed ${seed}`).toEqual([0.5 * n - 5 * (n - 1), 'branch_and_bound', false]);
        }
        const big = solve(chain(20), effort, seed);
        expect([big.objective, big.proof]).toEqual([-85, null]);
        const sep = solve(pairs, effort, seed);
        expect([sep.objective, sep.proof]).toEqual([pairsWant, null]);
      }
    }
  }, 60_000);

  it('random non-convex boxes (half without continuous linear terms): certified at the face-enumerated optimum', () => {
    // bruteMilp enumerates every face; that finds a non-convex box QP's optimum too (the minimal face of a
    // global minimiser has a semidefinite free block, and a flat direction there leads to a smaller face).
    for (let s = 0; s < 120; s++) {
      const raw = randomMilp(3000 + s, s % 3, 2 + (s % 4), false);
      const linear = s % 2 ? Object.fromEntries(Object.entries(raw.linear).filter(([k]) => raw.vars[Number(k)].domain === 'binary')) : raw.linear;
      const d: MilpInput = { ...raw, linear };
      const r = solve(d, EFFORTS[s % 3], s);
      const want = bruteMilp(d);
      const eps = 1e-9 * (1 + Math.abs(want));
      expect(r.proof, `seed ${s}`).toBe('branch_and_bound');
      expect(Math.abs(r.objective - want), `seed ${s}: ${r.objective} vs ${want}`).toBeLessThanOrEqual(eps);
    }
  }, 60_000);

  it('a spatial tree cut by its node budget leaves a proven lower bound at or below the optimum', () => {
    // 12 to 14 continuous variables with a nearly convex dense curvature MᵀM/2 − 0.3·I (an
    // interior optimum): flash's 1,000 boxes do not close the tree; medium's answer bounds the optimum from above.
    let bounded = 0;
    for (let s = 0; s < 3; s++) {
      const d = nearlyConvexMilp(5000 + s, 12 + s);
      const cut = solve(d, 'flash', s);
      expect(cut.convex).toBe(false);
      if (cut.proof !== null) continue;
      const exact = solve(d, 'medium', s);
      expect(cut.bound, `seed ${s}`).toBeDefined();
      expect(cut.bound!).toBeLessThanOrEqual(cut.objective);
      expect(cut.bound!).toBeLessThanOrEqual(exact.objective + 1e-9 * (1 + Math.abs(exact.objective)));
      if (exact.bound !== undefined) expect(exact.bound).toBeLessThanOrEqual(exact.objective);
      bounded++;
    }
    expect(bounded).toBeGreaterThanOrEqual(2);
  }, 60_000);

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
