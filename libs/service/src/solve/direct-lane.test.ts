/**
 * The direct lane (solve/direct-lane.ts): which plans take it, and that a plan answered there
 * gives the envelope the pool gives (fields, certainty, receipt), with the same re-check.
 */
import { describe, expect, it } from 'vitest';
import type { RoutedEngine } from '@svc/engine-native';
import { createTsEngine, type Engine, type EngineResult } from '@svc/engine-ts';
import { isSvcError } from '@svc/errors';
import type { Principal } from '../principal';
import { DirectLane, DIRECT_MAX_MS, DIRECT_MAX_UNITS, directEligible } from './direct-lane';
import { planSolve, type SolvePlan } from './plan';
import type { SolvePool } from './pool';
import { runPlan } from './run';
import type { SolveTask } from './task';
import { recheckTask, solveTask } from './worker';
import { estimateWork, MS_PER_WORK } from './work-model';

/** Numerical Recipes LCG (independent of the engines' generators). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

const principal = { kind: 'sandbox', id: 'sandbox-ip:192.0.2.9', ip: '192.0.2.9', plan: 'sandbox' } as Principal;
const TAG = 'svc-cortex-v1';
const plan = (command: string, body: Record<string, unknown>, query: Record<string, unknown> = {}): SolvePlan =>
  planSolve({ lane: 'json', command, body: { tag: TAG, description: 'Check the direct lane of the service on a small request.', ...body } }, principal, query, { sandboxMaxN: 50_000 });

const sqrt2 = (digits: number) => plan('precision', { n: digits, op: 'sqrt', x: '2', digits });
const ln6 = () => plan('relation', {
  n: 3, digits: 40,
  values: ['1.7917594692280550008124773583807022727229906921830', '0.69314718055994530941723212145817656807550013436026', '1.0986122886681096913952452369225257046474905578227'],
});

function randomMaxcut(n: number, density: number, seed: number): SolvePlan {
  const r = lcg(seed);
  const edges: [number, number, number][] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (r() < density) edges.push([i, j, Math.round(r() * 20) - 5]);
  if (edges.length === 0) edges.push([0, 1, 1]);
  return plan('maxcut', { n, edges });
}

/** engine-ts under the native kind: the lane's own logic, on any machine (the addon need not be built). */
function asNative(e: Engine, tamper: (r: EngineResult) => EngineResult = (r) => r): RoutedEngine {
  const native: Engine = { ...e, kind: 'native', solve: async (req, signal, onProgress) => tamper(await e.solve(req, signal, onProgress)) };
  return { ...native, engineFor: () => native, libraries: [] };
}

const noRss = { start: () => ({ peak: 0 }), stop: () => 0 };

/** A pool doing what the worker thread does, in this thread (solve/recheck.test.ts), counting its runs. */
function inThreadPool(engine: Engine, runs: SolveTask[]): SolvePool {
  return {
    threads: 1, waiting: 0, busy: 0,
    async run(task) {
      runs.push(task);
      const out = await solveTask(task, engine);
      const recheck = recheckTask(task, out.result);
      return { out: { ...out, ...(recheck ? { recheck } : {}) }, submittedAt: out.startedAt, peakRssKb: 0 };
    },
    async close() {},
  };
}

const sync = { lane: 'sync' as const, billing: () => ({ left: 0 }) };
/** The envelope without its timings and memory. */
const stable = (e: Record<string, unknown>) => {
  const { elapsed_ms: _e, peak_rss_kb: _p, observability: _o, ...rest } = e;
  return rest;
};

describe('directEligible', () => {
  it('takes small native plans only: by the work model within DIRECT_MAX_MS, else by the adapter (precision) within DIRECT_MAX_UNITS', () => {
    expect(directEligible(sqrt2(31), 'native')).toBe(true);
    expect(directEligible(sqrt2(31), 'ts')).toBe(false);
    // 5240 digits: 12 units at medium, past the cap.
    expect(sqrt2(5240).units).toBeGreaterThan(DIRECT_MAX_UNITS);
    expect(directEligible(sqrt2(5240), 'native')).toBe(false);
    expect(directEligible(ln6(), 'native')).toBe(true);
    expect(directEligible(randomMaxcut(5, 1, 1), 'native')).toBe(true);
    // A command without a work model whose adapter does not declare its work bounded: never.
    const xorsat = plan('xorsat', { n: 3, equations: [{ vars: [0, 1], rhs: 1 }, { vars: [1, 2], rhs: 0 }] });
    expect(estimateWork({ command: xorsat.command, problem: xorsat.prep.problem, effort: xorsat.effort, units: xorsat.units }).basis).toBe('compute_units');
    expect(xorsat.units).toBeLessThanOrEqual(DIRECT_MAX_UNITS);
    expect(directEligible(xorsat, 'native')).toBe(false);
  });

  it('agrees with the estimate on random max-cut plans of every size, and refuses any past the unit cap', () => {
    let taken = 0;
    let refusedByEstimate = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const n = 3 + ((seed * 7) % 60);
      const p = randomMaxcut(n, 0.05 + (seed % 10) / 10, seed);
      const e = estimateWork({ command: p.command, problem: p.prep.problem, effort: p.effort, units: p.units, engine: 'native', version: p.version });
      const expected = p.units <= DIRECT_MAX_UNITS && e.work * MS_PER_WORK.native <= DIRECT_MAX_MS;
      expect(directEligible(p, 'native')).toBe(expected);
      if (expected) taken++;
      else if (p.units <= DIRECT_MAX_UNITS) refusedByEstimate++;
    }
    // The sample covers both sides of the rule.
    expect(taken).toBeGreaterThan(0);
    expect(refusedByEstimate).toBeGreaterThan(0);
  });
});

describe('DirectLane', () => {
  it('answers as the pool does (fields, certainty, receipt), without the pool, on random max-cuts, precision and relation', async () => {
    const ts = createTsEngine();
    const lane = new DirectLane(asNative(ts), 1, noRss);
    const plans = [sqrt2(31), ln6(), ...Array.from({ length: 12 }, (_, k) => randomMaxcut(4 + (k % 9), 0.6, 100 + k))].filter((p) => directEligible(p, 'native'));
    expect(plans.length).toBeGreaterThanOrEqual(10);
    for (const p of plans) {
      const viaPool: SolveTask[] = [];
      const pooled = await runPlan(p, { pool: inThreadPool(asNative(ts), viaPool), engineKindFor: () => 'native' }, { ...sync, t0: performance.now() });
      const unused: SolveTask[] = [];
      const direct = await runPlan(p, { pool: inThreadPool(asNative(ts), unused), direct: lane, engineKindFor: () => 'native' }, { ...sync, t0: performance.now() });
      expect(viaPool).toHaveLength(1);
      expect(unused).toHaveLength(0);
      expect(stable(direct.envelope)).toEqual(stable(pooled.envelope));
    }
  });

  it('re-checks what the engine answers: a wrong result is SVC_ENGINE_FAILURE, as through the pool', async () => {
    const ts = createTsEngine();
    // maxcut is re-scored here on either path; precision's re-check runs in the worker on the pool's path, here on the direct lane.
    const lieCut = (r: EngineResult): EngineResult => ({ ...r, objective: r.objective + 1 });
    const lieDigit = (r: EngineResult): EngineResult => {
      const text = Uint8Array.from(r.answer as Uint8Array);
      text[text.length - 1] = text[text.length - 1] === 0x31 ? 0x32 : 0x31;
      return { ...r, answer: text } as EngineResult;
    };
    for (const [p, lie] of [[randomMaxcut(6, 0.8, 7), lieCut], [sqrt2(31), lieDigit]] as const) {
      const unused: SolveTask[] = [];
      const err = await runPlan(p, { pool: inThreadPool(ts, unused), direct: new DirectLane(asNative(ts, lie), 1, noRss), engineKindFor: () => 'native' }, { ...sync, t0: performance.now() }).catch((e: unknown) => e);
      expect(isSvcError(err) ? err.code : String(err)).toBe('SVC_ENGINE_FAILURE');
      expect(unused).toHaveLength(0);
    }
  });

  it('sends a solve to the pool when its slot is taken, on engine-ts, for a job, and for a plan past the rule', async () => {
    const ts = createTsEngine();
    const p = randomMaxcut(6, 0.8, 3);
    const runs: SolveTask[] = [];
    const pool = inThreadPool(asNative(ts), runs);
    // One slot: while one solve holds it, the next goes to the pool.
    const lane = new DirectLane(asNative(ts), 1, noRss);
    const first = runPlan(p, { pool, direct: lane, engineKindFor: () => 'native' }, { ...sync, t0: performance.now() });
    const second = runPlan(p, { pool, direct: lane, engineKindFor: () => 'native' }, { ...sync, t0: performance.now() });
    await Promise.all([first, second]);
    expect(runs).toHaveLength(1);
    // engine-ts solves synchronously: never on this thread.
    expect(new DirectLane({ ...ts, engineFor: () => ts, libraries: [] }, 1, noRss).run({ command: 'maxcut', problem: p.prep.problem, effort: p.effort, seed: 0, model: p.version, cancel: new Int32Array(new SharedArrayBuffer(4)) })).toBeNull();
    // A job (its stop may terminate the thread), and a plan the rule refuses.
    await runPlan(p, { pool, direct: lane, engineKindFor: () => 'native' }, { lane: 'job', billing: () => ({ left: 0 }), t0: performance.now() });
    expect(runs).toHaveLength(2);
    await runPlan(sqrt2(5240), { pool, direct: lane, engineKindFor: () => 'native' }, { ...sync, t0: performance.now() });
    expect(runs).toHaveLength(3);
  });

  it('answers SVC_ENGINE_FAILURE when told to stop a solve that ignores it, and keeps the slot until the engine returns', async () => {
    const ts = createTsEngine();
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    // An engine that answers only when released, whatever its cancel flag says.
    const stuck: Engine = { ...ts, kind: 'native', solve: async (req, signal) => {
      await held;
      return ts.solve(req, signal);
    } };
    const lane = new DirectLane({ ...stuck, engineFor: () => stuck, libraries: [] }, 1, noRss);
    const p = randomMaxcut(5, 1, 2);
    const task: SolveTask = { command: 'maxcut', problem: p.prep.problem, effort: p.effort, seed: 0, model: p.version, cancel: new Int32Array(new SharedArrayBuffer(4)) };
    const stop = new AbortController();
    const running = lane.run(task, undefined, stop.signal)!;
    expect(running).not.toBeNull();
    stop.abort();
    const err = await running.catch((e: unknown) => e);
    expect(isSvcError(err) ? err.code : String(err)).toBe('SVC_ENGINE_FAILURE');
    // Still solving: the slot is taken, the next solve is the pool's.
    expect(lane.run(task)).toBeNull();
    release();
    await new Promise((r) => setTimeout(r, 20));
    const again = lane.run(task);
    expect(again).not.toBeNull();
    expect((await again!).out.engine).toBe('native');
  });
});
