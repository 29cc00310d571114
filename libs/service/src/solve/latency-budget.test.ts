/**
 * The one rule for `max_latency_ms` (docs/contract.md "Latency budget"), for every served command on
 * both engines: a budget that leaves no time is never a 5xx; a command with `latency_budget: true`
 * answers with `stopped_at_deadline` and, when stopped, never a certified or `operation` label; the
 * others ignore the budget: the same answer as without one, `stopped_at_deadline: false`. Each call
 * takes another seed, so none is the result cache's answer of an earlier one.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { CATALOGUE, CERTAINTY, REGISTRY, SERVED_COMMANDS } from '@svc/contracts';
import { describeNative } from '@svc/engine-native/testing';
import { isSvcError } from '@svc/errors';
import type { Service } from '../index';
import { randomGraph, randomQubo, type Triple } from '../../test/brute-force';
import { closeServices, makeService } from '../../test/services';

afterAll(closeServices);

const BUDGETS = [1, 2, 3, 5];

async function solveOrError(s: Service, command: string, body: unknown, ip: string, query: Record<string, string>) {
  const principal = await s.authenticate(`Bearer ${(await s.sandboxInfo()).token}`, { ip });
  try {
    return { env: await s.solve(command, body, { principal, query }) };
  } catch (e) {
    if (!isSvcError(e)) throw e;
    return { error: e };
  }
}

function checkAll(engine: 'ts' | undefined) {
  for (const [i, command] of SERVED_COMMANDS.entries()) {
    it(`${command}: max_latency_ms ${BUDGETS.join(', ')} answers (never a 5xx) by the one rule`, async () => {
      const s = await makeService({ engine });
      const ip = `198.51.100.${i + 1}`;
      const honoured = CATALOGUE[command].latencyBudget === true;
      // The model version the service resolves by default (an example may pin another).
      const { version: _pinned, ...example0 } = REGISTRY[command].example as Record<string, unknown>;
      let example: Record<string, unknown> = example0;
      let plain = await solveOrError(s, command, example, ip, { effort: 'high' });
      if (plain.error?.code === 'SVC_SANDBOX_NEEDS_N') {
        // The sandbox's documented next step: add the `n` it names.
        example = { ...example, n: (plain.error.extensions as { expected_n: number }).expected_n };
        plain = await solveOrError(s, command, example, ip, { effort: 'high' });
      }
      expect(plain.error?.message, `${command} without a budget`).toBeUndefined();
      for (const budget of BUDGETS) {
        // Another seed each time: never the result cache's answer of an earlier call.
        const r = await solveOrError(s, command, example, ip, { effort: 'high', seed: String(budget), max_latency_ms: String(budget) });
        expect(r.error === undefined ? 'ok' : `${r.error.status} ${r.error.code}: ${r.error.message}`, `${command} at ${budget} ms`).toBe('ok');
        const env = r.env as unknown as Record<string, unknown>;
        expect(env.latency_budget_ms).toBe(budget);
        expect(typeof env.stopped_at_deadline).toBe('boolean');
        if (!honoured) {
          expect(env.stopped_at_deadline, `${command} ignores the budget`).toBe(false);
          expect(env.answer, `${command}: the answer without a budget`).toEqual((plain.env as unknown as Record<string, unknown>).answer);
        } else if (env.stopped_at_deadline === true) {
          expect(env.certainty, `${command} stopped at ${budget} ms`).not.toBe(CERTAINTY.certified);
          expect(String(env.certainty), `${command} stopped at ${budget} ms`).not.toMatch(/^operation/);
          expect(env.proof ?? null).toBeNull();
        }
      }
    }, 120_000);
  }
}

/** Instances whose answer takes longer than the budgets above (a budget that leaves no time). */
const LONG: Record<string, Record<string, unknown>> = {
  precision: { n: 5240, op: 'exp', x: '1.5', digits: 5240 },
  world: { n: 2000, op: 'neighbors', points: Array.from({ length: 2000 }, (_, i) => [Math.sin(i) * 100, Math.cos(3 * i) * 100, (i % 17) - 8]), queries: Array.from({ length: 200 }, (_, i) => [i - 100, (i * 7) % 100 - 50, 0]), k: 8 },
};

function checkLong(engine: 'ts' | undefined) {
  for (const [command, problem] of Object.entries(LONG)) {
    it(`${command}: a budget shorter than the answer is ignored (the answer without one)`, async () => {
      const s = await makeService({ engine });
      const body = { tag: 'svc-cortex-v1', description: 'A long computation under a 1 ms budget.', ...problem };
      const plain = await solveOrError(s, command, body, '203.0.113.90', {});
      expect(plain.error?.message).toBeUndefined();
      for (const budget of [1, 3]) {
        // The one solver worker is busy first, so the budget has passed before the solve starts.
        const blocker = solveOrError(s, 'optimize', { tag: 'svc-cortex-v1', description: 'A search that keeps the one worker busy.', n: 1500, ...randomQubo(1500, 0.02, budget) }, '203.0.113.91', { effort: 'flash' });
        const r = await solveOrError(s, command, body, '203.0.113.90', { seed: String(budget), max_latency_ms: String(budget) });
        expect((await blocker).error?.message).toBeUndefined();
        expect(r.error === undefined ? 'ok' : `${r.error.status} ${r.error.code}: ${r.error.message}`).toBe('ok');
        const env = r.env as unknown as Record<string, unknown>;
        expect(env.compute_units).toBeGreaterThan(0);
        expect([env.stopped_at_deadline, env.answer]).toEqual([false, (plain.env as unknown as Record<string, unknown>).answer]);
      }
    }, 120_000);
  }
}

/**
 * The QUBO family's constructive answer, computed here independently of both engines: from the
 * all-zero point, each variable in order 0..n−1 set to 1 when that lowers the energy given the
 * others. Returns the energy of the answer (max-cut: minus the cut).
 */
function greedyEnergy(n: number, linear: Record<string, number>, pairs: Triple[]): number {
  const h = Array.from({ length: n }, (_, i) => linear[String(i)] ?? 0);
  const adj: [number, number][][] = Array.from({ length: n }, () => []);
  for (const [i, j, w] of pairs) {
    if (i === j) h[i] += w;
    else {
      adj[i].push([j, w]);
      adj[j].push([i, w]);
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) {
    let d = h[i];
    for (const [j, w] of adj[i]) d += w * x[j];
    if (d < 0) x[i] = 1;
  }
  return quboEnergy(h, pairs.filter(([i, j]) => i !== j), x);
}

function quboEnergy(h: number[], pairs: Triple[], x: number[]): number {
  let e = 0;
  for (let i = 0; i < h.length; i++) e += h[i] * x[i];
  for (const [i, j, w] of pairs) e += w * x[i] * x[j];
  return e;
}

/** Max-cut as a QUBO: E(x) = Σ_ij w_ij (2 x_i x_j − x_i − x_j) = −cut(x). */
function maxcutAsQubo(n: number, edges: Triple[]): { linear: Record<string, number>; pairs: Triple[] } {
  const linear: Record<string, number> = {};
  for (const [i, j, w] of edges) {
    linear[String(i)] = (linear[String(i)] ?? 0) - w;
    linear[String(j)] = (linear[String(j)] ?? 0) - w;
  }
  return { linear, pairs: edges.map(([i, j, w]) => [i, j, 2 * w] as Triple) };
}

/**
 * docs/contract.md "Latency budget": a search cut before its first move still answers at least its
 * constructive answer (issue 35 item 9), never the all-zero start (cut 0).
 */
function checkConstructive(engine: 'ts' | undefined) {
  const n = 300;
  const edges = randomGraph(n, 0.05, 35);
  const qubo = randomQubo(n, 0.05, 36);
  const cases = [
    { command: 'maxcut', problem: { n, edges }, model: maxcutAsQubo(n, edges) },
    { command: 'optimize', problem: { n, ...qubo }, model: { linear: qubo.linear, pairs: qubo.quadratic } },
  ];
  for (const [k, { command, problem, model }] of cases.entries()) {
    it(`${command}: cut at 1 ms, the answer is at least the greedy sweep`, async () => {
      const s = await makeService({ engine });
      const floor = greedyEnergy(n, model.linear, model.pairs);
      expect(floor).toBeLessThan(0);
      const body = { tag: 'svc-cortex-v1', description: 'A search cut before its first move.', ...problem };
      // The one solver worker is busy first, so the budget has passed before the search starts.
      const blocker = solveOrError(s, 'optimize', { tag: 'svc-cortex-v1', description: 'A search that keeps the one worker busy.', n: 1500, ...randomQubo(1500, 0.02, 7) }, '203.0.113.93', { effort: 'flash' });
      const r = await solveOrError(s, command, body, `203.0.113.${100 + k}`, { effort: 'high', max_latency_ms: '1' });
      expect((await blocker).error?.message).toBeUndefined();
      expect(r.error?.message).toBeUndefined();
      const env = r.env as unknown as Record<string, unknown>;
      expect(env.stopped_at_deadline).toBe(true);
      const x = env.answer as number[];
      const h = Array.from({ length: n }, (_, i) => model.linear[String(i)] ?? 0);
      for (const [i, j, w] of model.pairs) if (i === j) h[i] += w;
      const energy = quboEnergy(h, model.pairs.filter(([i, j]) => i !== j), x);
      expect(energy, `${command} at 1 ms: energy ${energy}, greedy ${floor}`).toBeLessThanOrEqual(floor);
    }, 120_000);
  }
}

/**
 * `command` at effort high with a 1 ms budget, sent while a blocker holds the one solve worker, so
 * the budget has passed when its engine starts; its envelope (stopped at the deadline).
 */
async function cutBeforeItStarts(s: Service, command: string, body: unknown, seed: number): Promise<Record<string, unknown>> {
  const blocker = solveOrError(s, 'optimize', { tag: 'svc-cortex-v1', description: 'A search that keeps the one worker busy.', n: 1500, ...randomQubo(1500, 0.02, seed) }, `203.0.113.${86 + seed}`, { effort: 'flash' });
  const r = await solveOrError(s, command, body, `203.0.113.${102 + seed}`, { effort: 'high', max_latency_ms: '1' });
  expect((await blocker).error?.message).toBeUndefined();
  expect(r.error?.message).toBeUndefined();
  const env = r.env as unknown as Record<string, unknown>;
  expect(env.stopped_at_deadline).toBe(true);
  return env;
}

/** select's constructive answer, computed here: k times add the item of the largest gain (ties: lower index). */
function greedySelectValue(a: number[], R: number[][], k: number): number {
  const g = [...a];
  const chosen: number[] = [];
  let value = 0;
  for (let t = 0; t < k; t++) {
    let v = -1;
    for (let i = 0; i < a.length; i++) if (!chosen.includes(i) && (v < 0 || g[i] > g[v])) v = i;
    value += g[v];
    chosen.push(v);
    for (let j = 0; j < a.length; j++) g[j] -= R[v][j];
  }
  return value;
}

/** select in its enumeration range (C(13, 5) = 1,287 subsets), cut before its first subset. */
function checkSelectConstructive(engine: 'ts' | undefined) {
  it('select: a cut enumeration answers at least the greedy start', async () => {
    const s = await makeService({ engine });
    const m = 13;
    const k = 5;
    // Affinity grows with the index, so the enumeration's first subset (items 0..4) is poor.
    const affinity = Array.from({ length: m }, (_, i) => 2 * i + ((i * 7) % 3));
    const redundancy = Array.from({ length: m }, (_, i) => Array.from({ length: m }, (_, j) => (i === j ? 0 : ((i + j) % 4) * 0.5)));
    const floor = greedySelectValue(affinity, redundancy, k);
    const body = { tag: 'svc-cortex-v1', description: 'A selection cut before its first subset.', n: m, m, k, affinity, redundancy };
    const env = await cutBeforeItStarts(s, 'select', body, 8);
    const chosen = env.answer as number[];
    let value = 0;
    for (const i of chosen) value += affinity[i];
    for (const i of chosen) for (const j of chosen) if (i < j) value -= redundancy[i][j];
    expect(value, `select at 1 ms: value ${value}, greedy ${floor}`).toBeGreaterThanOrEqual(floor);
  }, 120_000);
}

/**
 * rules cut before its search starts: every h_i < 0, so the unconstrained start (x_i = 1 iff h_i < 0)
 * breaks every rule below, and a greedy repair keeps them all (each rule's nodes are disjoint).
 */
function checkRulesConstructive(engine: 'ts' | undefined) {
  it('rules: a cut search answers at least its greedy repair, never the start that ignores the rules', async () => {
    const s = await makeService({ engine });
    const n = 240;
    const constraints: Record<string, unknown>[] = [];
    for (let b = 0; b < 40; b++) constraints.push({ type: 'mutual_exclusion', nodes: [3 * b, 3 * b + 1, 3 * b + 2] });
    for (let b = 0; b < 20; b++) constraints.push({ type: 'different', nodes: [120 + 2 * b, 121 + 2 * b] });
    constraints.push({ type: 'capacity_limit', nodes: Array.from({ length: 80 }, (_, i) => 160 + i), k: 10 });
    const linear = Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i), -1 - (i % 5)]));
    const body = { tag: 'svc-cortex-v1', description: 'A staffing plan cut before its first search move.', n, constraints, linear, quadratic: [] };
    const env = await cutBeforeItStarts(s, 'rules', body, 9);
    // The start breaks all 61 rules; the greedy repair (one sweep here) keeps every one.
    expect(env.violations, `rules at 1 ms: ${String(env.violations)} violated`).toBe(0);
  }, 120_000);
}

describe('the latency-budget rule, engine-ts', () => {
  checkAll('ts');
  checkLong('ts');
  checkConstructive('ts');
  checkSelectConstructive('ts');
  checkRulesConstructive('ts');
});
describeNative('the latency-budget rule, native engine', () => {
  checkAll(undefined);
  checkLong(undefined);
  checkConstructive(undefined);
  checkSelectConstructive(undefined);
  checkRulesConstructive(undefined);
});
