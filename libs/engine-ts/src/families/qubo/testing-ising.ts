/**
 * Test helpers for `feel`, `want` and `sample` (re-exported by `@svc/engine-ts/families/qubo/testing`):
 * seeded JSON-shaped inputs, naive brute forces that share no code with the engines, and the
 * conformance suite both engines must pass.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalQubo, type RawPair } from './canonical';
import { type Effort, type Engine, type EngineRequest, type EngineResult, newCancelSignal } from '../../engine';
import type { QuboProblem } from './problem';
import { canonicalIsing, isingToQubo } from './ising';
import { canonicalPins } from './pins';
import { Prng } from '../../prng';
import { expectKind } from '../../testing/expect-kind';
import { randomMaxcutInput, randomQuboInput, type RandomInstanceOptions, type WeightKind } from './testing-generators';

// ---------------------------------------------------------------------------------------------
// JSON-shaped inputs and naive evaluation

/** JSON-shaped `feel` input. */
export interface IsingInput {
  readonly n: number;
  readonly field: Record<string, number>;
  readonly quadratic: RawPair[];
}

/** A seeded random `feel` input (no self-pairs; duplicates allowed when asked). */
export function randomIsingInput(seed: number, n: number, o: RandomInstanceOptions = {}): IsingInput {
  const q = randomQuboInput(seed, n, o);
  const e = randomMaxcutInput(seed + 7919, n, { weights: o.weights ?? 'int', ...o });
  return { n, field: q.linear, quadratic: e.edges };
}

/** Ising energy straight from the JSON input (duplicates add up on their own). */
export function naiveIsingEnergy(inp: IsingInput, s: ArrayLike<number>): number {
  let e = 0;
  for (const key of Object.keys(inp.field)) e += inp.field[key] * s[Number(key)];
  for (const [i, j, w] of inp.quadratic) e += w * s[i] * s[j];
  return e;
}

/** QUBO energy straight from the JSON input ([i, i, w] counts w·x_i). */
export function naiveQuboEnergy(inp: { linear: Record<string, number>; quadratic: RawPair[] }, x: ArrayLike<number>): number {
  let e = 0;
  for (const key of Object.keys(inp.linear)) e += inp.linear[key] * x[Number(key)];
  for (const [i, j, w] of inp.quadratic) e += w * x[i] * x[j];
  return e;
}

function absSum(values: Iterable<number>): number {
  let s = 0;
  for (const v of values) s += Math.abs(v);
  return s;
}

/** Re-scoring tolerance 1e-9·(1 + Σ|weights|) of a JSON input. */
export function inputTolerance(inp: { linear?: Record<string, number>; field?: Record<string, number>; quadratic: RawPair[] }): number {
  const lin = inp.linear ?? inp.field ?? {};
  return 1e-9 * (1 + absSum(Object.values(lin)) + absSum(inp.quadratic.map((t) => t[2])));
}

/** Every state of n <= 16 variables with its energy, ascending by energy (ties by code). */
export function allStatesByEnergy(n: number, energy: (x: Uint8Array) => number, allowed: (x: Uint8Array) => boolean = () => true): { x: Uint8Array; energy: number }[] {
  if (n > 16) throw new Error('allStatesByEnergy is for n <= 16');
  const out: { x: Uint8Array; energy: number; code: number }[] = [];
  for (let code = 0; code < 2 ** n; code++) {
    const x = new Uint8Array(n);
    for (let i = 0; i < n; i++) x[i] = (code >>> i) & 1;
    if (allowed(x)) out.push({ x, energy: energy(x), code });
  }
  out.sort((a, b) => a.energy - b.energy || a.code - b.code);
  return out;
}

/** Minimum energy over every allowed state of n <= 18 variables (no allocation per state). */
export function bruteMinimum(n: number, energy: (x: Uint8Array) => number, allowed: (x: Uint8Array) => boolean = () => true): number {
  if (n > 18) throw new Error('bruteMinimum is for n <= 18');
  const x = new Uint8Array(n);
  let best = Infinity;
  for (let code = 0; code < 2 ** n; code++) {
    for (let i = 0; i < n; i++) x[i] = (code >>> i) & 1;
    if (allowed(x)) best = Math.min(best, energy(x));
  }
  return best;
}

/** Ising energy of the bits' spins (1 → +1, 0 → −1) straight from the JSON input, precompiled. */
export function isingEnergyOfBits(inp: IsingInput): (x: ArrayLike<number>) => number {
  const keys = Object.keys(inp.field).map(Number);
  const h = keys.map((k) => inp.field[String(k)]);
  const qi = inp.quadratic.map((t) => t[0]);
  const qj = inp.quadratic.map((t) => t[1]);
  const qw = inp.quadratic.map((t) => t[2]);
  return (x) => {
    let e = 0;
    for (let t = 0; t < keys.length; t++) e += h[t] * (x[keys[t]] ? 1 : -1);
    for (let t = 0; t < qw.length; t++) e += qw[t] * (x[qi[t]] ? 1 : -1) * (x[qj[t]] ? 1 : -1);
    return e;
  };
}

/** QUBO energy straight from the JSON input, precompiled for brute force. */
export function quboEnergyOf(inp: { linear: Record<string, number>; quadratic: RawPair[] }): (x: ArrayLike<number>) => number {
  const keys = Object.keys(inp.linear).map(Number);
  const h = keys.map((k) => inp.linear[String(k)]);
  const qi = inp.quadratic.map((t) => t[0]);
  const qj = inp.quadratic.map((t) => t[1]);
  const qw = inp.quadratic.map((t) => t[2]);
  return (x) => {
    let e = 0;
    for (let t = 0; t < keys.length; t++) if (x[keys[t]]) e += h[t];
    for (let t = 0; t < qw.length; t++) if (x[qi[t]] && x[qj[t]]) e += qw[t];
    return e;
  };
}

/** Random pins {index: 0|1} over `count` distinct indices of 0..n−1. */
export function randomPins(seed: number, n: number, count: number): Record<string, number> {
  const rng = new Prng(seed);
  const idx = Array.from({ length: n }, (_, i) => i);
  const pins: Record<string, number> = {};
  for (let t = 0; t < count; t++) {
    const j = t + rng.nextInt(n - t);
    [idx[t], idx[j]] = [idx[j], idx[t]];
    pins[String(idx[t])] = rng.nextInt(2);
  }
  return pins;
}

/** Per-test limit: brute force and two engines share a 2-core machine with other suites. */
const SLOW = 60_000;

const spins = (x: ArrayLike<number>): number[] => Array.from(x, (b) => (b ? 1 : -1));

// ---------------------------------------------------------------------------------------------
// Conformance suite

function expectBits(r: EngineResult, n: number): void {
  expect(r.answer.length).toBe(n);
  for (let i = 0; i < n; i++) expect(r.answer[i] === 0 || r.answer[i] === 1).toBe(true);
}

/** Checks a sample list: sorted, distinct, energies re-scored, counts >= 1, answer first. */
function expectSampleList(r: EngineResult, inp: { linear: Record<string, number>; quadratic: RawPair[] }, n: number, k: number): void {
  const tol = inputTolerance(inp);
  const samples = expectKind(r, 'sample').samples;
  expect(samples.length).toBeGreaterThanOrEqual(1);
  expect(samples.length).toBeLessThanOrEqual(k);
  const seen = new Set<string>();
  for (let t = 0; t < samples.length; t++) {
    const s = samples[t];
    expect(s.x.length).toBe(n);
    expect(Math.abs(naiveQuboEnergy(inp, s.x) - s.objective)).toBeLessThanOrEqual(tol);
    expect(Number.isInteger(s.count) && s.count >= 1).toBe(true);
    if (t > 0) expect(s.objective).toBeGreaterThanOrEqual(samples[t - 1].objective);
    const key = Array.from(s.x).join('');
    expect(seen.has(key)).toBe(false);
    seen.add(key);
  }
  expect(Array.from(r.answer)).toEqual(Array.from(samples[0].x));
  expect(r.objective).toBe(samples[0].objective);
}

/**
 * Register the `feel` / `want` / `sample` conformance tests for an engine factory. Every
 * certified answer is compared with a naive brute force over the JSON input (n <= 16).
 */
export function quboFamilyConformanceSuite(name: string, makeEngine: () => Engine | Promise<Engine>): void {
  describe(`feel/want/sample conformance: ${name}`, () => {
    let engine: Engine;
    beforeAll(async () => {
      engine = await makeEngine();
    });
    const solve = (req: Partial<EngineRequest> & Pick<EngineRequest, 'command' | 'problem'>) =>
      engine.solve({ effort: 'medium', seed: 0, ...req });

    it('supports feel, want and sample', () => {
      for (const c of ['feel', 'want', 'sample'] as const) expect(engine.supports(c)).toBe(true);
    }, SLOW);

    it('feel: certified ground states equal brute force over the Ising input (n <= 16)', async () => {
      const kinds: WeightKind[] = ['int', 'real', 'pm1'];
      for (let s = 0; s < 48; s++) {
        const n = 1 + (s % 16);
        const inp = randomIsingInput(3000 + s, n, { density: [0.3, 0.6, 0.9][s % 3], weights: kinds[s % 3], duplicates: s % 2 === 0 });
        const { qubo, offset } = isingToQubo(canonicalIsing(inp.n, inp.field, inp.quadratic));
        const r = await solve({ command: 'feel', problem: qubo, seed: s });
        expectBits(r, n);
        const tol = inputTolerance(inp);
        const energy = naiveIsingEnergy(inp, spins(r.answer));
        expect(r.proof, `feel#${s}`).not.toBeNull();
        expect(Math.abs(r.objective + offset - energy), `feel#${s}`).toBeLessThanOrEqual(tol);
        const best = bruteMinimum(n, isingEnergyOfBits(inp));
        expect(Math.abs(energy - best), `feel#${s}`).toBeLessThanOrEqual(tol);
      }
    }, SLOW);

    it('feel: above the enumeration cap it is exactly the optimize path, bounded, and never worse than the warm start', async () => {
      const inp = randomIsingInput(77, 60, { density: 0.2, weights: 'pm1' });
      const { qubo, offset } = isingToQubo(canonicalIsing(inp.n, inp.field, inp.quadratic));
      const first = await solve({ command: 'feel', problem: qubo, effort: 'flash', seed: 1 });
      const same = await solve({ command: 'optimize', problem: qubo, effort: 'flash', seed: 1 });
      expect([first.objective, first.proof]).toEqual([same.objective, same.proof]);
      if (first.proof === null) expect(first.bound).toBeLessThanOrEqual(first.objective + inputTolerance(inp));
      const e1 = naiveIsingEnergy(inp, spins(first.answer));
      expect(Math.abs(first.objective + offset - e1)).toBeLessThanOrEqual(inputTolerance(inp));
      const again = await solve({ command: 'feel', problem: qubo, effort: 'flash', seed: 2, deadlineMs: 1, warmStart: first.answer as Uint8Array });
      expect(naiveIsingEnergy(inp, spins(again.answer))).toBeLessThanOrEqual(e1 + inputTolerance(inp));
    }, SLOW);

    it('want: certified answers equal brute force over the states that respect the pins (n <= 16)', async () => {
      for (let s = 0; s < 48; s++) {
        const n = 1 + (s % 16);
        const inp = randomQuboInput(4000 + s, n, { density: 0.5, weights: s % 2 ? 'real' : 'int', duplicates: true });
        const pinMap = randomPins(4100 + s, n, 1 + (s % n));
        const pins = canonicalPins(n, pinMap);
        const problem: QuboProblem = { ...canonicalQubo(n, inp.linear, inp.quadratic), pins };
        const r = await solve({ command: 'want', problem, seed: s });
        expectBits(r, n);
        for (const key of Object.keys(pinMap)) expect(r.answer[Number(key)], `want#${s} pin ${key}`).toBe(pinMap[key]);
        const tol = inputTolerance(inp);
        expect(Math.abs(naiveQuboEnergy(inp, r.answer) - r.objective)).toBeLessThanOrEqual(tol);
        expect(r.proof, `want#${s}`).not.toBeNull();
        const allowed = (x: Uint8Array) => Object.keys(pinMap).every((key) => x[Number(key)] === pinMap[key]);
        const best = bruteMinimum(n, quboEnergyOf(inp), allowed);
        expect(Math.abs(r.objective - best), `want#${s}`).toBeLessThanOrEqual(tol);
      }
    }, SLOW);

    it('want: pinning most of a large problem certifies it; all pinned is the pins themselves', async () => {
      const n = 300;
      const inp = randomQuboInput(91, n, { pairs: 3000, weights: 'int' });
      const free = [3, 50, 51, 120, 199, 200, 201, 250, 280, 299, 7, 8];
      const pinMap: Record<string, number> = {};
      for (let i = 0; i < n; i++) if (!free.includes(i)) pinMap[String(i)] = (i * 7) % 3 === 0 ? 1 : 0;
      const problem: QuboProblem = { ...canonicalQubo(n, inp.linear, inp.quadratic), pins: canonicalPins(n, pinMap) };
      const r = await solve({ command: 'want', problem, effort: 'flash' });
      expect(r.proof).not.toBeNull();
      // Brute force over the 12 free variables only.
      let best = Infinity;
      const energyOf = quboEnergyOf(inp);
      const x = new Uint8Array(n);
      for (const key of Object.keys(pinMap)) x[Number(key)] = pinMap[key];
      for (let code = 0; code < 2 ** free.length; code++) {
        free.forEach((v, t) => { x[v] = (code >>> t) & 1; });
        best = Math.min(best, energyOf(x));
      }
      expect(Math.abs(r.objective - best)).toBeLessThanOrEqual(inputTolerance(inp));

      const all: Record<string, number> = {};
      for (let i = 0; i < 5; i++) all[String(i)] = i % 2;
      const small = randomQuboInput(92, 5);
      const p2: QuboProblem = { ...canonicalQubo(5, small.linear, small.quadratic), pins: canonicalPins(5, all) };
      const r2 = await solve({ command: 'want', problem: p2 });
      expect(Array.from(r2.answer)).toEqual([0, 1, 0, 1, 0]);
      expect(r2.proof).toBe('exhaustive');
      expect(Math.abs(r2.objective - naiveQuboEnergy(small, r2.answer))).toBeLessThanOrEqual(inputTolerance(small));
    }, SLOW);

    it('want: many free variables under a deadline; a warm start that contradicts a pin loses to the pin', async () => {
      const n = 80;
      const inp = randomQuboInput(93, n, { density: 0.2, weights: 'int' });
      const pinMap = randomPins(94, n, 10);
      const problem: QuboProblem = { ...canonicalQubo(n, inp.linear, inp.quadratic), pins: canonicalPins(n, pinMap) };
      const warm = new Uint8Array(n);
      for (const key of Object.keys(pinMap)) warm[Number(key)] = 1 - pinMap[key];
      const r = await solve({ command: 'want', problem, effort: 'flash', seed: 3, deadlineMs: 1, warmStart: warm });
      for (const key of Object.keys(pinMap)) expect(r.answer[Number(key)]).toBe(pinMap[key]);
      const pinnedWarm = Uint8Array.from(warm);
      for (const key of Object.keys(pinMap)) pinnedWarm[Number(key)] = pinMap[key];
      const tol = inputTolerance(inp);
      expect(r.objective).toBeLessThanOrEqual(naiveQuboEnergy(inp, pinnedWarm) + tol);
      expect(Math.abs(naiveQuboEnergy(inp, r.answer) - r.objective)).toBeLessThanOrEqual(tol);
      if (r.bound !== undefined) expect(r.bound).toBeLessThanOrEqual(r.objective + tol);
    }, SLOW);

    it('sample: certified samples are exactly the k lowest-energy distinct states (n <= 16)', async () => {
      for (let s = 0; s < 40; s++) {
        const n = 1 + (s % 14);
        const inp = randomQuboInput(5000 + s, n, { density: 0.5, weights: (['int', 'pm1', 'real'] as const)[s % 3], duplicates: true });
        const k = [1, 3, 16, 40, 1000][s % 5];
        const problem: QuboProblem = { ...canonicalQubo(n, inp.linear, inp.quadratic), sampling: { count: k } };
        const r = await solve({ command: 'sample', problem, seed: s });
        expect(r.proof, `sample#${s}`).toBe('exhaustive');
        expectSampleList(r, inp, n, k);
        const truth = allStatesByEnergy(n, quboEnergyOf(inp));
        const samples = expectKind(r, 'sample').samples;
        expect(samples.length, `sample#${s}`).toBe(Math.min(k, 2 ** n));
        const tol = inputTolerance(inp);
        // Energies equal the true k lowest, position by position (ties may pick other states).
        for (let t = 0; t < samples.length; t++) expect(Math.abs(samples[t].objective - truth[t].energy), `sample#${s}[${t}]`).toBeLessThanOrEqual(tol);
        // No state left out is strictly better than a kept one.
        if (truth.length > samples.length) expect(truth[samples.length].energy).toBeGreaterThanOrEqual(samples[samples.length - 1].objective - tol);
        for (const smp of samples) expect(smp.count).toBe(1);
      }
    }, SLOW);

    it('sample: the energy window keeps only states within it of the best', async () => {
      const n = 10;
      const inp = randomQuboInput(61, n, { density: 0.6, weights: 'int' });
      const truth = allStatesByEnergy(n, quboEnergyOf(inp));
      for (const window of [0, 1, 5, 25]) {
        const problem: QuboProblem = { ...canonicalQubo(n, inp.linear, inp.quadratic), sampling: { count: 1000, energyWindow: window } };
        const r = await solve({ command: 'sample', problem });
        expect(r.proof).toBe('exhaustive');
        const want = truth.filter((t) => t.energy <= truth[0].energy + window).length;
        expect(expectKind(r, 'sample').samples.length).toBe(want);
        expectSampleList(r, inp, n, 1000);
      }
    }, SLOW);

    it('sample: heuristic above the exact cap — distinct sorted states, counts, never worse than the warm start', async () => {
      const n = 70;
      const inp = randomQuboInput(62, n, { density: 0.15, weights: 'int' });
      const base = canonicalQubo(n, inp.linear, inp.quadratic);
      const k = 12;
      const r = await solve({ command: 'sample', problem: { ...base, sampling: { count: k } }, effort: 'flash', seed: 4 });
      expect(r.proof).toBeNull();
      expectSampleList(r, inp, n, k);
      const samples = expectKind(r, 'sample').samples;
      expect(samples.length).toBe(k);
      expect(samples.reduce((a, s) => a + s.count, 0)).toBeGreaterThan(k);
      const opt = await solve({ command: 'optimize', problem: base, effort: 'flash', seed: 4 });
      expect(r.objective).toBeLessThanOrEqual(opt.objective + inputTolerance(inp));
      const warm = await solve({ command: 'optimize', problem: base, effort: 'medium', seed: 9 });
      const w = await solve({ command: 'sample', problem: { ...base, sampling: { count: 3 } }, effort: 'flash', seed: 5, deadlineMs: 1, warmStart: warm.answer as Uint8Array });
      expect(w.objective).toBeLessThanOrEqual(warm.objective + inputTolerance(inp));
      expectSampleList(w, inp, n, 3);
    }, SLOW);

    it('the same seed gives the same feel, want and sample answers (exact and heuristic paths)', async () => {
      const other = await makeEngine();
      const ising = randomIsingInput(81, 50, { density: 0.2 });
      const q = randomQuboInput(82, 50, { density: 0.2 });
      const small = randomQuboInput(83, 12, { density: 0.5, weights: 'pm1' });
      const reqs: EngineRequest[] = [
        { command: 'feel', problem: isingToQubo(canonicalIsing(50, ising.field, ising.quadratic)).qubo, effort: 'flash', seed: 7 },
        { command: 'want', problem: { ...canonicalQubo(50, q.linear, q.quadratic), pins: canonicalPins(50, randomPins(84, 50, 5)) }, effort: 'flash', seed: 7 },
        { command: 'sample', problem: { ...canonicalQubo(50, q.linear, q.quadratic), sampling: { count: 9 } }, effort: 'flash', seed: 7 },
        { command: 'sample', problem: { ...canonicalQubo(12, small.linear, small.quadratic), sampling: { count: 20 } }, effort: 'flash', seed: 7 },
      ];
      for (const req of reqs) {
        const a = await engine.solve(req);
        const b = await other.solve(req);
        expect(Array.from(b.answer)).toEqual(Array.from(a.answer));
        expect(b.objective).toBe(a.objective);
        expect(b.kind).toBe(a.kind);
        if (a.kind === 'sample' && b.kind === 'sample') {
          expect(b.samples.map((s) => [Array.from(s.x), s.objective, s.count])).toEqual(a.samples.map((s) => [Array.from(s.x), s.objective, s.count]));
        }
      }
    }, SLOW);

    it('a cancel flag set before the call: valid, never certified (all three commands)', async () => {
      const inp = randomQuboInput(85, 20, { density: 0.5 });
      const base = canonicalQubo(20, inp.linear, inp.quadratic);
      const cases: EngineRequest[] = [
        { command: 'feel', problem: base, effort: 'high', seed: 0 },
        { command: 'want', problem: { ...base, pins: canonicalPins(20, { 0: 1 }) }, effort: 'high', seed: 0 },
        { command: 'sample', problem: { ...base, sampling: { count: 5 } }, effort: 'high', seed: 0 },
      ];
      for (const req of cases) {
        const signal = newCancelSignal();
        Atomics.store(signal.flag, 0, 1);
        const r = await engine.solve(req, signal);
        expectBits(r, 20);
        expect(r.proof).toBeNull();
        expect(r.stoppedAtDeadline).toBe(true);
        expect(Math.abs(naiveQuboEnergy(inp, r.answer) - r.objective)).toBeLessThanOrEqual(inputTolerance(inp));
        if (req.command === 'sample') expectSampleList(r, inp, 20, 5);
      }
    }, SLOW);

    it('every effort certifies small instances of all three commands', async () => {
      for (const effort of ['flash', 'medium', 'high'] as Effort[]) {
        const inp = randomQuboInput(86, 13, { density: 0.5, weights: 'real' });
        const base = canonicalQubo(13, inp.linear, inp.quadratic);
        for (const req of [
          { command: 'feel' as const, problem: base },
          { command: 'want' as const, problem: { ...base, pins: canonicalPins(13, { 12: 0, 3: 1 }) } },
          { command: 'sample' as const, problem: { ...base, sampling: { count: 4 } } },
        ]) {
          const r = await solve({ ...req, effort });
          // feel and want take the optimize path (any exact method); sample enumerates.
          if (req.command === 'sample') expect(r.proof).toBe('exhaustive');
          else expect(r.proof).not.toBeNull();
        }
      }
    }, SLOW);

    it('rejects malformed requests', async () => {
      const base = canonicalQubo(4, { 0: 1 }, []);
      await expect(solve({ command: 'want', problem: base })).rejects.toThrow();
      await expect(solve({ command: 'want', problem: { ...base, pins: { index: Int32Array.of(4), value: Uint8Array.of(1) } } })).rejects.toThrow();
      await expect(solve({ command: 'want', problem: { ...base, pins: { index: Int32Array.of(2, 1), value: Uint8Array.of(1, 0) } } })).rejects.toThrow();
      await expect(solve({ command: 'sample', problem: { ...base, sampling: { count: 0 } } })).rejects.toThrow();
      await expect(solve({ command: 'sample', problem: { ...base, sampling: { count: 2, energyWindow: -1 } } })).rejects.toThrow();
    }, SLOW);
  });
}
