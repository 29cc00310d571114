/**
 * Test helpers of the select family (imported as @svc/engine-ts/families/select/testing): seeded
 * instance generators, an independent brute force that shares no code with the engines, and the
 * conformance tests both engines must pass (registered by `engineConformanceSuite`).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalSelect } from './canonical';
import { type Effort, type Engine, type EngineRequest, type EngineResult, newCancelSignal } from '../../engine';
import type { SelectProblem } from './problem';
import { Prng } from '../../prng';

// ---------------------------------------------------------------------------------------------
// select: generators and brute force

/** JSON-shaped `select` input. */
export interface SelectInput {
  readonly m: number;
  readonly k: number;
  readonly affinity: number[];
  readonly redundancy?: number[][];
}

export interface RandomSelectOptions {
  /** int: affinity 0..20, redundancy 0..10; real: uniform; signed: redundancy in −5..10. Default 'int'. */
  readonly weights?: 'int' | 'real' | 'signed';
  /** Probability that a pair has a non-zero redundancy. Default 0.6. */
  readonly density?: number;
  /** Leave redundancy out. */
  readonly noRedundancy?: boolean;
}

/** A seeded random `select` input (JSON shape; redundancy symmetric, random diagonal). */
export function randomSelectInput(seed: number, m: number, k: number, o: RandomSelectOptions = {}): SelectInput {
  const rng = new Prng(seed);
  const kind = o.weights ?? 'int';
  const density = o.density ?? 0.6;
  const affinity: number[] = [];
  for (let i = 0; i < m; i++) affinity.push(kind === 'real' ? rng.nextFloat() * 20 : rng.nextInt(21));
  if (o.noRedundancy) return { m, k, affinity };
  const red: number[][] = Array.from({ length: m }, () => new Array<number>(m).fill(0));
  for (let i = 0; i < m; i++) {
    // The diagonal is ignored by the spec: fill it with noise to prove it.
    red[i][i] = rng.nextInt(100) - 50;
    for (let j = i + 1; j < m; j++) {
      let w = 0;
      if (rng.nextFloat() < density) {
        w = kind === 'real' ? rng.nextFloat() * 10 : kind === 'signed' ? rng.nextInt(16) - 5 : rng.nextInt(11);
      }
      red[i][j] = w;
      red[j][i] = w;
    }
  }
  return { m, k, affinity, redundancy: red };
}

/** A seeded random canonical select problem. */
export function randomSelect(seed: number, m: number, k: number, o: RandomSelectOptions = {}): SelectProblem {
  const inp = randomSelectInput(seed, m, k, o);
  return canonicalSelect(inp.m, inp.k, inp.affinity, inp.redundancy);
}

/** Value of chosen indices straight from the JSON input (each unordered pair once, diagonal ignored). */
export function naiveSelectValue(inp: SelectInput, chosen: readonly number[]): number {
  let v = 0;
  for (const i of chosen) v += inp.affinity[i];
  if (inp.redundancy) {
    for (let s = 0; s < chosen.length; s++) for (let t = s + 1; t < chosen.length; t++) v -= inp.redundancy[chosen[s]][chosen[t]];
  }
  return v;
}

/** Best value over every k-subset by plain bitmask counting (m <= 18). */
export function bruteForceSelect(inp: SelectInput): number {
  if (inp.m > 18) throw new Error('bruteForceSelect is for m <= 18');
  let best = -Infinity;
  for (let mask = 0; mask < 1 << inp.m; mask++) {
    const chosen: number[] = [];
    for (let i = 0; i < inp.m; i++) if ((mask >>> i) & 1) chosen.push(i);
    if (chosen.length !== inp.k) continue;
    best = Math.max(best, naiveSelectValue(inp, chosen));
  }
  return best;
}

function selectTol(inp: SelectInput): number {
  let s = 0;
  for (const a of inp.affinity) s += Math.abs(a);
  if (inp.redundancy) for (let i = 0; i < inp.m; i++) for (let j = i + 1; j < inp.m; j++) s += Math.abs(inp.redundancy[i][j]);
  return 1e-9 * (1 + s);
}

// ---------------------------------------------------------------------------------------------
// Conformance

/** A select request with the conformance defaults. */
export function selectRequest(p: SelectProblem, extra: Partial<EngineRequest> = {}): EngineRequest {
  return { command: 'select', problem: p, effort: 'medium', seed: 0, ...extra };
}

/** Exactly k distinct items, re-scored from the JSON input; returns the chosen indices. */
function expectValidSelect(inp: SelectInput, r: EngineResult, label = ''): number[] {
  expect(r.kind, label).toBe('binary');
  expect(r.answer.length, label).toBe(inp.m);
  const chosen: number[] = [];
  for (let i = 0; i < inp.m; i++) {
    expect(r.answer[i] === 0 || r.answer[i] === 1, label).toBe(true);
    if (r.answer[i] === 1) chosen.push(i);
  }
  expect(chosen.length, label).toBe(inp.k);
  expect(Math.abs(naiveSelectValue(inp, chosen) - r.objective), label).toBeLessThanOrEqual(selectTol(inp));
  if (r.bound !== undefined) expect(r.objective, label).toBeLessThanOrEqual(r.bound + selectTol(inp));
  return chosen;
}

/** The select conformance tests (called inside `engineConformanceSuite`). */
export function selectConformance(name: string, makeEngine: () => Engine | Promise<Engine>): void {
  describe(`select conformance: ${name}`, () => {
    let engine: Engine;
    beforeAll(async () => {
      engine = await makeEngine();
    });

    it('supports select', () => {
      expect(engine.supports('select')).toBe(true);
    });

    it('select: certified answers equal brute force on 240 random instances (m <= 16)', async () => {
      const kinds = ['int', 'real', 'signed'] as const;
      let certified = 0;
      const proofs = new Set<string>();
      for (let s = 0; s < 240; s++) {
        const m = 1 + (s % 16);
        const k = 1 + ((s * 7) % m);
        const inp = randomSelectInput(9000 + s, m, k, {
          weights: kinds[s % 3], density: [0.3, 0.7, 1][s % 3], noRedundancy: s % 11 === 0,
        });
        const p = canonicalSelect(inp.m, inp.k, inp.affinity, inp.redundancy);
        const effort = (['flash', 'medium', 'high'] as Effort[])[s % 3];
        const r = await engine.solve(selectRequest(p, { seed: s, effort }));
        const label = `select#${s} m=${m} k=${k}`;
        expectValidSelect(inp, r, label);
        expect(r.proof, label).not.toBeNull();
        expect(r.stoppedAtDeadline, label).toBe(false);
        expect(Math.abs(r.objective - bruteForceSelect(inp)), label).toBeLessThanOrEqual(selectTol(inp));
        proofs.add(String(r.proof));
        certified++;
      }
      expect(certified).toBe(240);
      // Both exact methods took part (enumeration for tiny C(m,k), branch and bound above).
      expect(proofs).toEqual(new Set(['exhaustive', 'branch_and_bound']));
    }, 120_000);

    it('select: branch and bound certifies m = 40 and agrees with a second seed', async () => {
      for (let s = 0; s < 3; s++) {
        const inp = randomSelectInput(700 + s, 40, 8 + 4 * s, { weights: s === 1 ? 'real' : 'int', density: 0.5 });
        const p = canonicalSelect(inp.m, inp.k, inp.affinity, inp.redundancy);
        const a = await engine.solve(selectRequest(p, { seed: 1, effort: 'high' }));
        const b = await engine.solve(selectRequest(p, { seed: 2, effort: 'high' }));
        expectValidSelect(inp, a);
        expectValidSelect(inp, b);
        expect(a.proof).toBe('branch_and_bound');
        expect(b.proof).toBe('branch_and_bound');
        expect(Math.abs(a.objective - b.objective)).toBeLessThanOrEqual(selectTol(inp));
      }
    }, 120_000);

    it('select: without redundancy the top k by affinity is certified at any m', async () => {
      const m = 20000;
      const affinity = Array.from({ length: m }, (_, i) => (i * 7919) % 1000);
      const p = canonicalSelect(m, 300, affinity);
      const r = await engine.solve(selectRequest(p, { effort: 'flash' }));
      expect(r.proof).toBe('exhaustive');
      const sorted = [...affinity].sort((a, b) => b - a);
      expect(r.objective).toBe(sorted.slice(0, 300).reduce((a, b) => a + b, 0));
      let count = 0;
      for (const b of r.answer) count += b;
      expect(count).toBe(300);
      // An all-zero matrix is the same problem.
      const zero = canonicalSelect(3, 2, [1, 5, 3], [[9, 0, 0], [0, 9, 0], [0, 0, 9]]);
      expect(zero.redundancy).toBeNull();
    });

    it('select: heuristic above the exact range is valid, bounded and exactly k (m = 1500)', async () => {
      const inp = randomSelectInput(31, 1500, 400, { weights: 'int', density: 0.3 });
      const p = canonicalSelect(inp.m, inp.k, inp.affinity, inp.redundancy);
      const r = await engine.solve(selectRequest(p, { effort: 'flash', seed: 4 }));
      expectValidSelect(inp, r);
      expect(r.proof).toBeNull();
      expect(typeof r.bound).toBe('number');
      expect(r.work.iterations).toBeGreaterThan(0);
    }, 120_000);

    it('select: k = m, k = 1 and k = m − 1 are certified', async () => {
      const inp = randomSelectInput(5, 30, 30);
      for (const k of [30, 1, 29]) {
        const p = canonicalSelect(30, k, inp.affinity, inp.redundancy);
        const r = await engine.solve(selectRequest(p));
        expectValidSelect({ ...inp, k }, r);
        expect(r.proof).not.toBeNull();
      }
    });

    it('select: a 1 ms deadline or a cancel still returns exactly k distinct items', async () => {
      const inp = randomSelectInput(77, 1200, 500, { density: 0.5 });
      const p = canonicalSelect(inp.m, inp.k, inp.affinity, inp.redundancy);
      const r = await engine.solve(selectRequest(p, { effort: 'high', deadlineMs: 1 }));
      expectValidSelect(inp, r);
      expect(r.stoppedAtDeadline).toBe(true);
      expect(r.proof).toBeNull();
      const small = randomSelectInput(78, 60, 20, { density: 0.5 });
      const sp = canonicalSelect(small.m, small.k, small.affinity, small.redundancy);
      const signal = newCancelSignal();
      Atomics.store(signal.flag, 0, 1);
      const c = await engine.solve(selectRequest(sp, { effort: 'high' }), signal);
      expectValidSelect(small, c);
      expect(c.proof).toBeNull();
      expect(c.stoppedAtDeadline).toBe(true);
    }, 120_000);

    it('select: the same seed gives the same answer', async () => {
      const other = await makeEngine();
      for (const [m, k] of [[200, 50], [40, 10]] as const) {
        const inp = randomSelectInput(55 + m, m, k, { weights: 'real' });
        const p = canonicalSelect(inp.m, inp.k, inp.affinity, inp.redundancy);
        const a = await engine.solve(selectRequest(p, { seed: 9, effort: 'flash' }));
        const b = await other.solve(selectRequest(p, { seed: 9, effort: 'flash' }));
        expect(Array.from(b.answer)).toEqual(Array.from(a.answer));
        expect(b.objective).toBe(a.objective);
        expect(b.work).toEqual(a.work);
      }
    }, 120_000);
  });
}
