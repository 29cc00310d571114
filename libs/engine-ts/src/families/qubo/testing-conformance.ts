/**
 * The engine conformance suite that both engines (ts, native) must pass: optimize and maxcut here,
 * then the select/rules and exact-method suites.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalMaxcut, canonicalQubo } from './canonical';
import { budgetFor, exactBudgetFor } from './budget';
import { BUDGET_MODELS, LATEST_BUDGET_MODEL } from '../../effort';
import { type CanonicalProblem, type Effort, type Engine, type EngineRequest, type EngineResult, newCancelSignal } from '../../engine';
import type { MaxcutProblem } from './problem';
import { Prng } from '../../prng';
import { exactConformanceSuite } from './testing-exact';
import { bruteForce, naiveObjective, plantedBipartiteMaxcut, randomMaxcut, randomQubo, tol, type RandomInstanceOptions, type WeightKind } from './testing-generators';
import { rulesConformance } from '../rules/testing';
import { selectConformance } from '../select/testing';

// ---------------------------------------------------------------------------------------------
// Conformance suite

function command(p: CanonicalProblem): 'optimize' | 'maxcut' {
  return p.kind === 'qubo' ? 'optimize' : 'maxcut';
}

function request(p: CanonicalProblem, extra: Partial<EngineRequest> = {}): EngineRequest {
  return { command: command(p), problem: p, effort: 'medium', seed: 0, ...extra };
}

/** Whether objective a is at least as good as b within tolerance. */
function atLeastAsGood(p: CanonicalProblem, a: number, b: number): boolean {
  return p.kind === 'qubo' ? a <= b + tol(p) : a >= b - tol(p);
}

/** Shape, 0/1 values and a re-evaluated objective. */
function expectValid(p: CanonicalProblem, r: EngineResult): void {
  expect(r.kind).toBe('binary');
  expect(r.answer.length).toBe(p.n);
  for (let i = 0; i < p.n; i++) expect(r.answer[i] === 0 || r.answer[i] === 1).toBe(true);
  expect(Math.abs(naiveObjective(p, r.answer) - r.objective)).toBeLessThanOrEqual(tol(p));
  expect(r.work.iterations).toBeGreaterThanOrEqual(0);
  expect(r.engineMs).toBeGreaterThanOrEqual(0);
  if (r.bound !== undefined) {
    if (p.kind === 'qubo') expect(r.objective).toBeGreaterThanOrEqual(r.bound - tol(p));
    else expect(r.objective).toBeLessThanOrEqual(r.bound + tol(p));
  }
}

/** Σ max(0, w) over a max-cut problem's edges: every positive edge cut, no negative one. */
function positiveWeight(p: MaxcutProblem): number {
  let b = 0;
  for (const w of (p.edges as NonNullable<MaxcutProblem['edges']>).w) if (w > 0) b += w;
  return b;
}

/**
 * A random signed graph planted balanced (hidden sides: positive weights across, negative within,
 * some zero), with one edge's sign flipped when `flip` (which unbalances it unless that edge is a bridge).
 */
function signedGraph(seed: number, n: number, flip: boolean): { problem: MaxcutProblem; flipped: boolean } {
  const rng = new Prng(seed);
  const side = Array.from({ length: n }, () => rng.nextInt(2));
  const edges: [number, number, number][] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (rng.nextInt(3) !== 0) continue;
      const mag = rng.nextInt(5) === 0 ? 0 : 1 + rng.nextInt(4);
      edges.push([i, j, side[i] !== side[j] ? mag : -mag]);
    }
  }
  if (edges.length === 0) edges.push([0, 1, side[0] !== side[1] ? 2 : -2]);
  const flipped = flip && edges.some((e) => e[2] !== 0);
  if (flipped) {
    const e = edges.find((x) => x[2] !== 0) as [number, number, number];
    e[2] = -e[2];
  }
  return { problem: canonicalMaxcut(n, edges, false), flipped };
}

/** Small instances of both commands covering the edge cases (n <= 16). */
export function smallInstances(): { label: string; problem: CanonicalProblem }[] {
  const out: { label: string; problem: CanonicalProblem }[] = [];
  const kinds: WeightKind[] = ['int', 'real', 'pm1'];
  for (let s = 0; s < 36; s++) {
    const n = 1 + (s % 16);
    const o: RandomInstanceOptions = {
      density: [0.2, 0.5, 0.9][s % 3],
      weights: kinds[s % 3],
      zeroFraction: s % 4 === 0 ? 0.4 : 0.05,
      isolatedFraction: s % 5 === 0 ? 0.3 : 0,
      duplicates: s % 2 === 0,
    };
    out.push({ label: `qubo#${s} n=${n} ${o.weights}`, problem: randomQubo(1000 + s, n, o) });
    out.push({
      label: `maxcut#${s} n=${n} ${o.weights}`,
      problem: randomMaxcut(2000 + s, n, { ...o, weights: (['unit', 'pm1', 'real', 'int'] as const)[s % 4] }),
    });
  }
  // Hand-made edge cases.
  out.push({ label: 'qubo n=1 empty', problem: canonicalQubo(1, undefined, undefined) });
  out.push({ label: 'qubo n=1 negative', problem: canonicalQubo(1, { '0': -2.5 }, undefined) });
  out.push({ label: 'qubo n=1 self-pair only', problem: canonicalQubo(1, { '0': 1 }, [[0, 0, -3]]) });
  out.push({ label: 'qubo all zero', problem: canonicalQubo(5, { '1': 0 }, [[0, 1, 0], [2, 3, 0]]) });
  out.push({ label: 'qubo all positive', problem: canonicalQubo(6, { '0': 1, '5': 2 }, [[0, 5, 3], [1, 2, 1]]) });
  out.push({ label: 'qubo all negative', problem: canonicalQubo(6, { '0': -1, '3': -2 }, [[0, 3, -3], [1, 4, -1]]) });
  out.push({ label: 'qubo isolated only', problem: canonicalQubo(7, { '2': -1, '6': 4 }, []) });
  out.push({ label: 'maxcut n=2 single edge', problem: canonicalMaxcut(2, [[0, 1, 3]], false) });
  out.push({ label: 'maxcut n=2 negative edge', problem: canonicalMaxcut(2, [[1, 0, -3]], false) });
  out.push({ label: 'maxcut zero edge', problem: canonicalMaxcut(3, [[0, 2, 0]], false) });
  out.push({ label: 'maxcut isolated nodes', problem: canonicalMaxcut(9, [[3, 7, 2], [7, 8, 1], [3, 8, 1]], false) });
  out.push({ label: 'maxcut all negative', problem: canonicalMaxcut(5, [[0, 1, -1], [1, 2, -2], [2, 4, -1]], false) });
  out.push({ label: 'maxcut duplicates summed to 0', problem: canonicalMaxcut(4, [[0, 1, 2], [1, 0, -2], [2, 3, 1]], false) });
  for (const n of [1, 2, 3, 4, 7, 10, 11]) {
    out.push({ label: `maxcut complete n=${n}`, problem: canonicalMaxcut(n, undefined, true) });
  }
  return out;
}

/**
 * Register the engine conformance tests (vitest `describe`/`it`) for an engine factory.
 * Both engines share `budgetFor` and `exactBudgetFor`, so n <= 16 is always certified and n = 170
 * (above the branch-and-bound size) heuristic.
 */
export function engineConformanceSuite(name: string, makeEngine: () => Engine | Promise<Engine>): void {
  describe(`engine conformance: ${name}`, () => {
    let engine: Engine;
    beforeAll(async () => {
      engine = await makeEngine();
    });

    it('identifies itself and supports optimize and maxcut', () => {
      expect(typeof engine.id).toBe('string');
      expect(engine.id.length).toBeGreaterThan(0);
      expect(['ts', 'native']).toContain(engine.kind);
      expect(engine.supports('optimize')).toBe(true);
      expect(engine.supports('maxcut')).toBe(true);
    });

    it('certified answers equal an independent brute force (n <= 16, both commands)', async () => {
      const instances = smallInstances();
      expect(instances.length).toBeGreaterThan(80);
      for (const { label, problem } of instances) {
        const r = await engine.solve(request(problem, { seed: 3 }));
        const bf = bruteForce(problem);
        expectValid(problem, r);
        // Balanced signed graphs attain Σ max(0, w) by construction; everything else is enumerated.
        const attained = problem.kind === 'maxcut' && !problem.complete && Math.abs(bf.objective - positiveWeight(problem)) <= tol(problem);
        expect(r.proof, label).toBe(attained ? 'bound_attained' : 'exhaustive');
        expect(r.stoppedAtDeadline, label).toBe(false);
        expect(Math.abs(r.objective - bf.objective), label).toBeLessThanOrEqual(tol(problem));
      }
    });

    it('every effort certifies small instances', async () => {
      for (const effort of ['flash', 'medium', 'high'] as const) {
        for (let s = 0; s < 4; s++) {
          const q = randomQubo(300 + s, 14, { weights: 'real', density: 0.6 });
          const c = randomMaxcut(400 + s, 15, { weights: 'pm1', density: 0.5 });
          for (const p of [q, c]) {
            const r = await engine.solve(request(p, { effort, seed: s }));
            expectValid(p, r);
            expect(r.proof).toBe('exhaustive');
            expect(Math.abs(r.objective - bruteForce(p).objective)).toBeLessThanOrEqual(tol(p));
          }
        }
      }
    });

    it('balanced signed graphs are certified by construction, exactly when the cut attains Σ max(0, w)', async () => {
      let balanced = 0;
      for (let s = 0; s < 60; s++) {
        const n = 2 + (s % 11);
        const { problem, flipped } = signedGraph(9100 + s, n, s % 3 === 0);
        const r = await engine.solve(request(problem, { seed: s, effort: 'flash' }));
        expectValid(problem, r);
        const bf = bruteForce(problem);
        expect(Math.abs(r.objective - bf.objective), `#${s}`).toBeLessThanOrEqual(tol(problem));
        const attained = Math.abs(bf.objective - positiveWeight(problem)) <= tol(problem);
        expect(r.proof === 'bound_attained', `#${s} flipped=${flipped}`).toBe(attained);
        if (attained) balanced++;
      }
      expect(balanced).toBeGreaterThan(30);
      // Far above every exact cap: a 60×40 torus (even sides: bipartite) and a random signed tree.
      const torus: [number, number, number][] = [];
      for (let y = 0; y < 40; y++) for (let x = 0; x < 60; x++) torus.push([y * 60 + x, y * 60 + ((x + 1) % 60), 1], [y * 60 + x, ((y + 1) % 40) * 60 + x, 1]);
      const rng = new Prng(5);
      const tree: [number, number, number][] = [];
      for (let v = 1; v < 3000; v++) tree.push([v, rng.nextInt(v), rng.nextInt(2) === 0 ? -(1 + rng.nextInt(9)) : 1 + rng.nextInt(9)]);
      for (const [n, edges] of [[2400, torus], [3000, tree]] as const) {
        const p = canonicalMaxcut(n, edges, false);
        const r = await engine.solve(request(p, { effort: 'flash' }));
        expectValid(p, r);
        expect([r.proof, r.objective, r.work.iterations]).toEqual(['bound_attained', positiveWeight(p), 0]);
      }
      // An odd ring is not balanced: searched, not certified by construction.
      const odd = canonicalMaxcut(301, Array.from({ length: 301 }, (_, i) => [i, (i + 1) % 301, 1] as [number, number, number]), false);
      expect((await engine.solve(request(odd, { effort: 'flash' }))).proof).not.toBe('bound_attained');
    });

    it('complete maxcut is solved by construction, at any n', async () => {
      for (const n of [1, 2, 5, 12]) {
        const p = canonicalMaxcut(n, undefined, true);
        const r = await engine.solve(request(p));
        expectValid(p, r);
        expect(r.proof).toBe('exhaustive');
        expect(r.objective).toBe(Math.floor((n * n) / 4));
        expect(r.objective).toBe(bruteForce(p).objective);
      }
      const big = canonicalMaxcut(100000, undefined, true);
      const t0 = performance.now();
      const r = await engine.solve(request(big, { effort: 'high' }));
      expect(performance.now() - t0).toBeLessThan(2000);
      expect(r.objective).toBe(2500000000);
      expect(r.proof).toBe('exhaustive');
      expect(r.answer.length).toBe(100000);
      let ones = 0;
      for (const v of r.answer) ones += v;
      expect(ones * (100000 - ones)).toBe(2500000000);
    });

    it('heuristic answers above the exact cap: proof null, valid bound, re-evaluated objective', { timeout: 60_000 }, async () => {
      for (const effort of ['flash', 'medium', 'high'] as const) {
        // 170 variables: above the enumeration cap and the branch-and-bound size of every effort.
        const q = randomQubo(11, 170, { density: 0.3, weights: 'int' });
        const c = randomMaxcut(12, 170, { density: 0.2, weights: 'pm1' });
        expect(budgetFor('optimize', effort, 170, 0).exactMaxN).toBeLessThan(170);
        expect(exactBudgetFor('optimize', effort, 170).bnbMaxN).toBeLessThan(170);
        for (const p of [q, c]) {
          const r = await engine.solve(request(p, { effort, seed: 5 }));
          expectValid(p, r);
          expect(r.proof).toBeNull();
          expect(r.stoppedAtDeadline).toBe(false);
          expect(typeof r.bound).toBe('number');
          expect(r.work.iterations).toBeGreaterThan(0);
        }
      }
    });

    it('the heuristic finds a planted optimum (bipartite max-cut, n = 200)', async () => {
      for (let s = 0; s < 3; s++) {
        const { problem, optimum } = plantedBipartiteMaxcut(70 + s, 200, 3);
        // exactMethod 'heuristic': the search alone (else the closed form answers without search).
        const r = await engine.solve(request(problem, { seed: s, exactMethod: 'heuristic' }));
        expectValid(problem, r);
        expect(r.objective).toBe(optimum);
      }
    });

    it('never returns worse than the warm start (heuristic path, n = 60)', async () => {
      for (let s = 0; s < 4; s++) {
        const q = randomQubo(500 + s, 60, { density: 0.25, weights: s % 2 ? 'real' : 'int' });
        const c = randomMaxcut(600 + s, 60, { density: 0.15, weights: s % 2 ? 'real' : 'pm1' });
        for (const p of [q, c]) {
          // A strong prior answer, then resumed with less effort, another seed and a tight deadline.
          // exactMethod 'heuristic': no branch and bound, which would certify these sizes.
          const prior = await engine.solve(request(p, { effort: 'high', seed: 100 + s, exactMethod: 'heuristic' }));
          const warmValue = naiveObjective(p, prior.answer);
          for (const extra of [
            { effort: 'flash' as Effort, seed: s },
            { effort: 'flash' as Effort, seed: s + 1, deadlineMs: 1 },
          ]) {
            const r = await engine.solve(request(p, { ...extra, warmStart: prior.answer as Uint8Array, exactMethod: 'heuristic' }));
            expectValid(p, r);
            expect(atLeastAsGood(p, r.objective, warmValue)).toBe(true);
          }
          // The same warm start on a changed problem is re-evaluated on the new one.
          const changed = p.kind === 'qubo'
            ? randomQubo(700 + s, 60, { density: 0.25 })
            : randomMaxcut(800 + s, 60, { density: 0.15, weights: 'pm1' });
          const r2 = await engine.solve(request(changed, { effort: 'flash', warmStart: prior.answer as Uint8Array, exactMethod: 'heuristic' }));
          expectValid(changed, r2);
          expect(atLeastAsGood(changed, r2.objective, naiveObjective(changed, prior.answer))).toBe(true);
        }
      }
    });

    it('a 1 ms deadline with a warm start still returns at least the warm start (n = 3000)', async () => {
      const q = randomQubo(51, 3000, { pairs: 20000, weights: 'int' });
      const c = randomMaxcut(52, 3000, { pairs: 20000, weights: 'pm1' });
      for (const p of [q, c]) {
        const prior = await engine.solve(request(p, { effort: 'flash', seed: 1 }));
        const r = await engine.solve(request(p, { effort: 'high', seed: 2, deadlineMs: 1, warmStart: prior.answer as Uint8Array }));
        expectValid(p, r);
        expect(r.stoppedAtDeadline).toBe(true);
        expect(atLeastAsGood(p, r.objective, naiveObjective(p, prior.answer))).toBe(true);
      }
    });

    it('a warm start on the exact path is still certified and not beaten by it', async () => {
      const p = randomQubo(900, 12, { weights: 'real' });
      const warm = new Uint8Array(12).fill(1);
      const r = await engine.solve(request(p, { warmStart: warm }));
      expectValid(p, r);
      expect(r.proof).toBe('exhaustive');
      expect(atLeastAsGood(p, r.objective, naiveObjective(p, warm))).toBe(true);
    });

    it('the same seed gives the same answer (both paths), including a fresh engine', { timeout: 60_000 }, async () => {
      const other = await makeEngine();
      const cases: CanonicalProblem[] = [
        randomQubo(21, 60, { density: 0.3, weights: 'real' }),
        randomMaxcut(22, 80, { density: 0.1, weights: 'int' }),
        randomQubo(23, 14, { weights: 'int' }),
        randomMaxcut(24, 15, { weights: 'pm1' }),
      ];
      for (const p of cases) {
        const a = await engine.solve(request(p, { seed: 42 }));
        const b = await engine.solve(request(p, { seed: 42 }));
        const c = await other.solve(request(p, { seed: 42 }));
        expect(Array.from(b.answer)).toEqual(Array.from(a.answer));
        expect(Array.from(c.answer)).toEqual(Array.from(a.answer));
        expect(b.objective).toBe(a.objective);
        expect(b.work).toEqual(a.work);
      }
    });

    it('follows the named model version: its own budget table (work done), the newest when absent, unknown refused', async () => {
      const p = randomMaxcut(25, 200, { density: 0.03, weights: 'int' });
      const byModel = new Map<string, EngineResult>();
      for (const model of BUDGET_MODELS) {
        const r = await engine.solve(request(p, { seed: 1, model }));
        expectValid(p, r);
        byModel.set(model, r);
      }
      const latest = byModel.get(LATEST_BUDGET_MODEL)!;
      const absent = await engine.solve(request(p, { seed: 1 }));
      expect(Array.from(absent.answer)).toEqual(Array.from(latest.answer));
      expect(absent.work).toEqual(latest.work);
      // The tables differ here, so the work differs: the model really reached the search.
      expect(new Set([...byModel.values()].map((r) => JSON.stringify(r.work))).size).toBe(BUDGET_MODELS.length);
      await expect(engine.solve(request(p, { model: '1999-01-01' }))).rejects.toThrow(/model version/);
    });

    it('a 1 ms deadline on a large instance stops quickly with a valid answer', async () => {
      const q = randomQubo(31, 3000, { pairs: 30000, weights: 'int' });
      const c = randomMaxcut(32, 3000, { pairs: 30000, weights: 'pm1' });
      for (const p of [q, c]) {
        const t0 = performance.now();
        const r = await engine.solve(request(p, { effort: 'high', deadlineMs: 1 }));
        expect(performance.now() - t0).toBeLessThan(1500);
        expectValid(p, r);
        expect(r.stoppedAtDeadline).toBe(true);
        expect(r.proof).toBeNull();
      }
    });

    it('a cancel flag set before the call returns promptly with a valid answer', async () => {
      const cases: CanonicalProblem[] = [
        randomQubo(41, 3000, { pairs: 30000 }),
        randomMaxcut(42, 3000, { pairs: 30000, weights: 'real' }),
        randomQubo(43, 20, { density: 0.5 }),
        randomMaxcut(44, 21, { density: 0.5 }),
      ];
      for (const p of cases) {
        const signal = newCancelSignal();
        Atomics.store(signal.flag, 0, 1);
        const t0 = performance.now();
        const r = await engine.solve(request(p, { effort: 'high' }), signal);
        expect(performance.now() - t0).toBeLessThan(1500);
        expectValid(p, r);
        // Cut short: never certified.
        expect(r.proof).toBeNull();
        expect(r.stoppedAtDeadline).toBe(true);
      }
    });

    it('rejects a problem of the wrong kind for the command', async () => {
      const p = randomQubo(1, 5);
      await expect(engine.solve({ ...request(p), command: 'maxcut' })).rejects.toThrow();
    });

    selectConformance(name, makeEngine);
    rulesConformance(name, makeEngine);
    exactConformanceSuite(name, makeEngine);
  });
}
