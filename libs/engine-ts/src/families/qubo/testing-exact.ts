/**
 * Conformance cases of the exact methods beyond enumeration (branch and bound, proven bounds of
 * heuristic answers) for optimize and maxcut; `engineConformanceSuite` registers them for every
 * engine. Brute force stays at n <= 18; larger optima come from certified answers.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CanonicalProblem, Effort, Engine, EngineRequest, EngineResult } from '../../engine';
import type { MaxcutProblem } from './problem';
import { bruteForce, naiveObjective, plantedBipartiteMaxcut, randomMaxcut, randomQubo, tol, type WeightKind } from './testing-generators';

function req(p: CanonicalProblem, extra: Partial<EngineRequest> = {}): EngineRequest {
  return { command: p.kind === 'qubo' ? 'optimize' : 'maxcut', problem: p, effort: 'medium', seed: 0, ...extra };
}

/** The answer is re-scored, and a bound (when present) is on the right side of it. */
function expectConsistent(p: CanonicalProblem, r: EngineResult): void {
  expect(r.answer.length).toBe(p.n);
  expect(Math.abs(naiveObjective(p, r.answer) - r.objective)).toBeLessThanOrEqual(tol(p));
  if (r.proof !== null) expect(r.bound).toBeUndefined();
  if (r.bound !== undefined) {
    if (p.kind === 'qubo') expect(r.objective).toBeGreaterThanOrEqual(r.bound - tol(p));
    else expect(r.objective).toBeLessThanOrEqual(r.bound + tol(p));
  }
}

/** A proven bound never crosses the optimum: ≤ it for optimize, ≥ it for maxcut. */
function expectBoundHolds(p: CanonicalProblem, bound: number, optimum: number, label: string): void {
  if (p.kind === 'qubo') expect(bound, label).toBeLessThanOrEqual(optimum + tol(p));
  else expect(bound, label).toBeGreaterThanOrEqual(optimum - tol(p));
}

/** Random small instances of both commands, n in [lo, hi], varied weights and densities. */
function mixedInstances(count: number, seed0: number, lo: number, hi: number): { label: string; p: CanonicalProblem }[] {
  const kinds: WeightKind[] = ['int', 'real', 'pm1', 'unit'];
  const out: { label: string; p: CanonicalProblem }[] = [];
  for (let s = 0; s < count; s++) {
    const n = lo + (s % (hi - lo + 1));
    const weights = kinds[s % 4];
    const o = {
      density: [0.2, 0.5, 0.9][s % 3],
      weights,
      zeroFraction: s % 5 === 0 ? 0.3 : 0.05,
      isolatedFraction: s % 7 === 0 ? 0.2 : 0,
      duplicates: s % 2 === 0,
    };
    const p = s % 2 === 0 ? randomQubo(seed0 + s, n, o) : randomMaxcut(seed0 + s, n, o);
    out.push({ label: `${p.kind}#${s} n=${n} ${weights}`, p });
  }
  return out;
}

/** Register the exact-method conformance cases for an engine factory. */
export function exactConformanceSuite(name: string, makeEngine: () => Engine | Promise<Engine>): void {
  describe(`exact methods (branch and bound, proven bounds): ${name}`, () => {
    let engine: Engine;
    beforeAll(async () => {
      engine = await makeEngine();
    });

    it('forced branch and bound equals an independent brute force (240 instances, n <= 18)', { timeout: 120_000 }, async () => {
      let searched = 0;
      const efforts: Effort[] = ['flash', 'medium', 'high'];
      const all = [...mixedInstances(234, 61_000, 2, 16), ...mixedInstances(6, 62_000, 17, 18)];
      for (const [k, { label, p }] of all.entries()) {
        const r = await engine.solve(req(p, { exactMethod: 'branch_and_bound', effort: efforts[k % 3], seed: k }));
        expectConsistent(p, r);
        expect(r.proof, label).toBe('branch_and_bound');
        expect(r.stoppedAtDeadline, label).toBe(false);
        expect(Math.abs(r.objective - bruteForce(p).objective), label).toBeLessThanOrEqual(tol(p));
        if (r.work.nodes > 0) searched++;
      }
      // The rest closed at the root (the answer met the roof-dual or cycle bound).
      expect(searched).toBeGreaterThan(all.length / 3);
    });

    it('branch and bound and enumeration certify the same optimum (n = 19, 20)', { timeout: 60_000 }, async () => {
      for (let s = 0; s < 4; s++) {
        const n = 19 + (s % 2);
        const p = s < 2 ? randomQubo(63_000 + s, n, { density: 0.5, weights: 'int' }) : randomMaxcut(63_000 + s, n, { density: 0.5, weights: 'pm1' });
        const byEnumeration = await engine.solve(req(p, { effort: 'flash' }));
        const byBnb = await engine.solve(req(p, { effort: 'flash', exactMethod: 'branch_and_bound' }));
        expect(byEnumeration.proof).toBe('exhaustive');
        expect(byBnb.proof).toBe('branch_and_bound');
        expect(Math.abs(byBnb.objective - byEnumeration.objective)).toBeLessThanOrEqual(tol(p));
      }
    });

    it('proven bounds of heuristic answers never cross the brute-force optimum (n <= 16)', { timeout: 60_000 }, async () => {
      let heuristic = 0;
      for (const { label, p } of mixedInstances(160, 64_000, 4, 16)) {
        const r = await engine.solve(req(p, { exactMethod: 'heuristic', effort: 'flash' }));
        expectConsistent(p, r);
        const opt = bruteForce(p).objective;
        if (r.proof === null) {
          heuristic++;
          expect(typeof r.bound, label).toBe('number');
          expectBoundHolds(p, r.bound as number, opt, label);
        } else {
          // The root closed: the answer met its proven bound, so it is optimal.
          expect(r.proof, label).toBe('branch_and_bound');
          expect(Math.abs(r.objective - opt), label).toBeLessThanOrEqual(tol(p));
        }
      }
      expect(heuristic).toBeGreaterThan(40);
    });

    it('certifies above the enumeration cap, and heuristic bounds hold against those optima', { timeout: 60_000 }, async () => {
      const cases: CanonicalProblem[] = [
        randomQubo(65_000, 36, { density: 0.5, weights: 'int' }),
        randomQubo(65_001, 40, { density: 0.3, weights: 'real' }),
        randomMaxcut(65_002, 34, { density: 0.5, weights: 'pm1' }),
        randomMaxcut(65_003, 40, { density: 0.15, weights: 'unit' }),
      ];
      for (const p of cases) {
        const exact = await engine.solve(req(p, { effort: 'high' }));
        expectConsistent(p, exact);
        expect(exact.proof).toBe('branch_and_bound');
        expect(exact.work.nodes).toBeGreaterThan(0);
        const heur = await engine.solve(req(p, { effort: 'flash', exactMethod: 'heuristic', seed: 9 }));
        expectConsistent(p, heur);
        if (heur.proof === null) expectBoundHolds(p, heur.bound as number, exact.objective, `n=${p.n}`);
        else expect(Math.abs(heur.objective - exact.objective)).toBeLessThanOrEqual(tol(p));
      }
    });

    it('an answer that meets its proven bound is certified without search (planted bipartite max-cut)', async () => {
      const { problem, optimum } = plantedBipartiteMaxcut(66_000, 300, 3);
      // exactMethod 'heuristic' keeps the closed form for balanced graphs out: the search's answer meets the bound.
      const r = await engine.solve(req(problem, { effort: 'flash', exactMethod: 'heuristic' }));
      expect(r.objective).toBe(optimum);
      expect(r.proof).toBe('branch_and_bound');
      expect(r.work.nodes).toBe(0);
    });

    it('a deadline cuts branch and bound: heuristic, stopped, with a bound above the best cut', { timeout: 60_000 }, async () => {
      // Dense unit max-cut on 46 nodes takes branch and bound seconds at effort high.
      const p = randomMaxcut(67_000, 46, { density: 0.5, weights: 'unit', zeroFraction: 0 }) as MaxcutProblem;
      const best = await engine.solve(req(p, { effort: 'high', exactMethod: 'heuristic' }));
      expectConsistent(p, best);
      const cut = await engine.solve(req(p, { effort: 'high', deadlineMs: 150 }));
      expectConsistent(p, cut);
      expect(cut.proof).toBeNull();
      expect(cut.stoppedAtDeadline).toBe(true);
      expect(typeof cut.bound).toBe('number');
      // Every cut is at most the optimum, which is at most any proven bound.
      expect(cut.bound as number).toBeGreaterThanOrEqual(best.objective);
      expect(cut.bound as number).toBeLessThanOrEqual(p.edges?.w.length ?? Infinity);
    });

    it('a warm start on the branch-and-bound path: certified, never worse, same nodes', { timeout: 60_000 }, async () => {
      const p = randomQubo(68_000, 34, { density: 0.5, weights: 'int' });
      const plain = await engine.solve(req(p, { effort: 'medium' }));
      const warm = await engine.solve(req(p, { effort: 'medium', warmStart: new Uint8Array(34).fill(1) }));
      expect(plain.proof).toBe('branch_and_bound');
      expect(warm.proof).toBe('branch_and_bound');
      expect(warm.objective).toBe(plain.objective);
      const again = await engine.solve(req(p, { effort: 'medium' }));
      expect(again.work).toEqual(plain.work);
      expect(Array.from(again.answer)).toEqual(Array.from(plain.answer));
    });

    it('rejects an unknown exact method', async () => {
      const p = randomQubo(1, 30);
      await expect(engine.solve(req(p, { exactMethod: 'magic' as never }))).rejects.toThrow(/exactMethod/);
    });
  });
}
