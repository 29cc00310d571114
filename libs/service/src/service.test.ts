import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSvcError, type SvcError } from '@svc/errors';
import { SERVED_COMMANDS, responseSchemas } from '@svc/contracts';
import { openSqliteStore } from '@svc/store';
import { describeNative } from '@svc/engine-native/testing';
import { COMMANDS } from '@svc/engine-ts';
import { ADAPTERS } from './commands';
import { CERTIFIED, HEURISTIC, MODEL_VERSION, SOLVABLE_COMMANDS, createService, type Principal, type Service } from './index';
import { bruteMaxcut, bruteQubo, randomGraph, randomQubo } from '../test/brute-force';
import { caught, closeServices, makeService, tempDir } from '../test/services';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../test/fixtures');
const TAG = 'svc-cortex-v1';
const desc = 'Choose which warehouses to open next quarter.';

let svc: Service;
let me: Principal;

beforeAll(async () => {
  svc = await makeService();
  const { token } = await svc.sandboxInfo();
  me = await svc.authenticate(`Bearer ${token}`, { ip: '203.0.113.7' });
});

afterAll(closeServices);

describe('authenticate', () => {
  it('maps the sandbox token to a per-IP sandbox principal', () => {
    expect(me).toEqual({ kind: 'sandbox', id: 'sandbox-ip:203.0.113.7', ip: '203.0.113.7', plan: 'sandbox' });
  });

  it('rejects missing, malformed and unknown credentials with SVC_UNAUTHENTICATED', async () => {
    for (const h of [undefined, '', 'Basic abc', 'Bearer', 'Bearer nope']) {
      const e = await caught(svc.authenticate(h, { ip: '1.2.3.4' }));
      expect(e.code).toBe('SVC_UNAUTHENTICATED');
      expect(e.status).toBe(401);
    }
  });

  it('answers a rotated-out sandbox token with SVC_SANDBOX_CAPABILITY_REJECTED', async () => {
    const dir = tempDir();
    const store = await openSqliteStore({ dataDir: dir });
    // Recent instants: a token older than the rotation period would be rotated on first use.
    const now = Date.now();
    await store.addSandboxToken('sbx_old', now - 3000);
    await store.retireSandboxToken('sbx_old', now - 2000);
    await store.addSandboxToken('sbx_new', now - 1000);
    const s = await makeService({ store });
    expect((await s.sandboxInfo()).token).toBe('sbx_new');
    expect((await caught(s.authenticate('Bearer sbx_old'))).code).toBe('SVC_SANDBOX_CAPABILITY_REJECTED');
    expect((await s.authenticate('bearer sbx_new', { ip: '::1' })).id).toBe('sandbox-ip:::1');
    await s.close();
    await store.close();
  });

  it('publishes a configured token and keeps it across restarts', async () => {
    const dir = tempDir();
    const a = await makeService({ dataDir: dir, sandboxToken: 'sbx_fixed_for_tests' });
    expect((await a.sandboxInfo()).token).toBe('sbx_fixed_for_tests');
    await a.close();
    const b = await makeService({ dataDir: dir });
    expect((await b.sandboxInfo()).token).toBe('sbx_fixed_for_tests');
  });
});

describe('solve optimize', () => {
  it('certifies a small instance at the brute-force optimum with a complete envelope', async () => {
    const { linear, quadratic } = randomQubo(12, 0.4, 7);
    const env = await svc.solve('optimize', { tag: TAG, description: desc, n: 12, linear, quadratic }, { principal: me });
    expect(responseSchemas.optimize.parse(env)).toBeTruthy();
    expect(env.certainty).toBe(CERTIFIED);
    expect(env.proof).not.toBeNull();
    expect(env.energy).toBe(bruteQubo(12, linear, quadratic));
    expect(env.n).toBe(12);
    expect(env.answer).toHaveLength(12);
    // The reported energy is the energy of the reported answer.
    let e = 0;
    for (const [k, h] of Object.entries(linear)) e += (env.answer as number[])[Number(k)] * h;
    for (const [i, j, w] of quadratic) e += (env.answer as number[])[i] * (env.answer as number[])[j] * w;
    expect(env.energy).toBe(e);
    expect(env.receipt).toMatch(/^svcr_[0-9a-f]{64}$/);
    expect(env.tag).toBe(TAG);
    expect(env.version).toBe(MODEL_VERSION);
    expect(env.engine).toBe('ts');
    expect(env.effort).toBe('medium');
    expect(env.seed).toBe(0);
    expect(env.compute_units).toBe(2);
    expect(env.compute_units_left).toBeLessThanOrEqual(10_000 - 2);
    expect(env.peak_rss_kb).toBeGreaterThan(1000);
    expect(Number.isInteger(env.peak_rss_kb)).toBe(true);
    expect(env.elapsed_ms).toBeGreaterThanOrEqual(0);
    expect(env.observability.total_ms).toBeGreaterThanOrEqual(env.observability.compute_ms);
    expect(env).not.toHaveProperty('latency_budget_ms');
    expect(env).not.toHaveProperty('stopped_at_deadline');
  });

  it('labels a large instance heuristic and still re-scores it', async () => {
    const { linear, quadratic } = randomQubo(200, 0.05, 11);
    const env = await svc.solve('optimize', { tag: TAG, description: desc, n: 200, linear, quadratic }, { principal: me, query: { effort: 'flash' } });
    expect(env.certainty).toBe(HEURISTIC);
    expect(env.proof).toBeNull();
    expect(env.answer).toHaveLength(200);
    expect(env.effort).toBe('flash');
    if (env.bound !== undefined) {
      expect(env.bound).toBeLessThanOrEqual((env.energy as number) + 1e-6);
      expect(env.gap).toBeGreaterThanOrEqual(0);
    }
  });

  it('gives the same receipt for the same canonical input and seed, another for another seed or effort', async () => {
    const body = { tag: TAG, description: desc, n: 6, linear: { '0': -1, '3': 2 }, quadratic: [[0, 1, 2], [4, 2, -3]] };
    const reordered = { ...body, description: 'The same decision, described differently.', quadratic: [[2, 4, -1], [1, 0, 2], [4, 2, -2]] };
    const a = await svc.solve('optimize', body, { principal: me, query: { seed: '5' } });
    const b = await svc.solve('optimize', reordered, { principal: me, query: { seed: '5' } });
    const c = await svc.solve('optimize', body, { principal: me, query: { seed: '6' } });
    const d = await svc.solve('optimize', body, { principal: me, query: { seed: '5', effort: 'high' } });
    expect(b.receipt).toBe(a.receipt);
    expect(c.receipt).not.toBe(a.receipt);
    expect(d.receipt).not.toBe(a.receipt);
    expect(new Set([a.energy, b.energy, c.energy, d.energy]).size).toBe(1);
    expect(d.compute_units).toBe(4);
  });

  it('passes a warm start through and never answers worse than it', async () => {
    const { linear, quadratic } = randomQubo(150, 0.05, 3);
    const warm = Array.from({ length: 150 }, (_, i) => (i % 3 === 0 ? 1 : 0));
    let wsEnergy = 0;
    for (const [k, h] of Object.entries(linear)) wsEnergy += warm[Number(k)] * h;
    for (const [i, j, w] of quadratic) wsEnergy += warm[i] * warm[j] * w;
    const env = await svc.solve('optimize', { tag: TAG, description: desc, n: 150, linear, quadratic, warm_start: warm }, { principal: me, query: { effort: 'flash' } });
    expect(env.energy).toBeLessThanOrEqual(wsEnergy);
    const plain = await svc.solve('optimize', { tag: TAG, description: desc, n: 150, linear, quadratic }, { principal: me, query: { effort: 'flash' } });
    expect(plain.receipt).not.toBe(env.receipt);
  });

  it('reports the latency budget fields only when max_latency_ms > 0', async () => {
    const { linear, quadratic } = randomQubo(300, 0.05, 5);
    const env = await svc.solve('optimize', { tag: TAG, description: desc, n: 300, linear, quadratic }, { principal: me, query: { max_latency_ms: '200', effort: 'flash' } });
    expect(env.latency_budget_ms).toBe(200);
    expect(typeof env.stopped_at_deadline).toBe('boolean');
    if (env.stopped_at_deadline) expect(env.certainty).toBe(HEURISTIC);
    const zero = await svc.solve('optimize', { tag: TAG, description: desc, n: 4, linear: { '1': -1 } }, { principal: me, query: { max_latency_ms: '0' } });
    expect(zero).not.toHaveProperty('latency_budget_ms');
  });
});

describe('solve maxcut', () => {
  it('certifies a small weighted graph at the brute-force optimum', async () => {
    const edges = randomGraph(14, 0.35, 21);
    const env = await svc.solve('maxcut', { tag: TAG, description: desc, n: 14, edges }, { principal: me });
    expect(responseSchemas.maxcut.parse(env)).toBeTruthy();
    expect(env.certainty).toBe(CERTIFIED);
    expect(env.cut_value).toBe(bruteMaxcut(14, edges));
    let cut = 0;
    for (const [i, j, w] of edges) if ((env.answer as number[])[i] !== (env.answer as number[])[j]) cut += w;
    expect(env.cut_value).toBe(cut);
    expect(env).not.toHaveProperty('energy');
  });

  it('solves the complete graph to floor(n^2/4)', async () => {
    const env = await svc.solve('maxcut', { tag: TAG, description: desc, n: 9, complete: true }, { principal: me });
    expect(env.cut_value).toBe(Math.floor(81 / 4));
    expect(env.certainty).toBe(CERTIFIED);
  });

  it('labels n = 200 heuristic', async () => {
    const edges = randomGraph(200, 0.03, 2);
    const env = await svc.solve('maxcut', { tag: TAG, description: desc, n: 200, edges }, { principal: me, query: { effort: 'flash' } });
    expect(env.certainty).toBe(HEURISTIC);
    let cut = 0;
    for (const [i, j, w] of edges) if ((env.answer as number[])[i] !== (env.answer as number[])[j]) cut += w;
    expect(env.cut_value).toBe(cut);
  });
});

describe('solve errors', () => {
  const body = { tag: TAG, description: desc, n: 3, linear: { '0': 1 } };

  it('refuses an unknown command with 404 SVC_UNSUPPORTED', async () => {
    const unknown = await caught(svc.solve('not-a-command', body, { principal: me }));
    expect([unknown.code, unknown.status]).toEqual(['SVC_UNSUPPORTED', 404]);
    expect(unknown.message).toMatch(/Unknown command/);
  });

  it('follows the validation precedence of contracts', async () => {
    expect((await caught(svc.solve('optimize', { description: desc, n: 3 }, { principal: me }))).code).toBe('SVC_MISSING_TAG');
    expect((await caught(svc.solve('optimize', { tag: TAG, n: 3 }, { principal: me }))).code).toBe('SVC_MISSING_DESCRIPTION');
    expect((await caught(svc.solve('optimize', { tag: TAG, description: desc, linear: {} }, { principal: me }))).code).toBe('SVC_SANDBOX_NEEDS_N');
    // Routed by shape, the missing n is named for the command the shape routes to.
    const routed = await caught(svc.compute({ tag: TAG, description: desc, matrix: [[0, 2, 3], [2, 0, 4], [3, 4, 0]] }, { principal: me }));
    expect([routed.code, routed.message]).toEqual(['SVC_SANDBOX_NEEDS_N', expect.stringMatching(/for tsp, n is the number of cities.*add "n": 3/)]);
    expect((await caught(svc.solve('optimize', { ...body, linear: [1] }, { principal: me }))).code).toBe('SVC_INVALID_INPUT');
    expect((await caught(svc.solve('maxcut', { tag: TAG, description: desc, n: 3, edges: [[0, 0, 1]] }, { principal: me }))).code).toBe('SVC_INVALID_INPUT');
  });

  it('checks query options and versions', async () => {
    expect((await caught(svc.solve('optimize', body, { principal: me, query: { speed: 'x' } }))).code).toBe('SVC_UNSUPPORTED');
    expect((await caught(svc.solve('optimize', body, { principal: me, query: { effort: 'ultra' } }))).code).toBe('SVC_INVALID_INPUT');
    const unknown = await caught(svc.solve('optimize', body, { principal: me, query: { version: '1999-01-01' } }));
    expect([unknown.code, unknown.status]).toEqual(['SVC_UNKNOWN_VERSION', 422]);
    expect((await caught(svc.solve('optimize', { ...body, version: 'latest' }, { principal: me, query: { version: '2026-11-01' } }))).code).toBe('SVC_INVALID_INPUT');
    const pinned = await svc.solve('optimize', { ...body, version: 'latest' }, { principal: me });
    expect(pinned.version).toBe(MODEL_VERSION);
    const old = await svc.solve('optimize', { ...body, version: '2026-11-01' }, { principal: me });
    expect(old.version).toBe('2026-11-01');
  });

  it('enforces the sandbox n cap with a register_key next action', async () => {
    const s = await makeService({ sandbox: { maxN: 30 } });
    const p = await s.authenticate(`Bearer ${(await s.sandboxInfo()).token}`, { ip: '10.0.0.1' });
    const e = await caught(s.solve('optimize', { tag: TAG, description: desc, n: 31 }, { principal: p }));
    expect([e.code, e.status]).toEqual(['SVC_SANDBOX_LIMIT', 403]);
    expect(e.actions).toContain('register_key');
    expect(e.facts.reduce_problem_size).toMatchObject({ max_n: 30 });
    const ok = await s.solve('optimize', { tag: TAG, description: desc, n: 30 }, { principal: p });
    expect(ok.answer).toHaveLength(30);
  });
});

describe('quota', () => {
  it('charges per IP per UTC day, refuses with 402 when spent, and resets at midnight', async () => {
    let now = Date.UTC(2026, 10, 1, 23, 59, 0);
    const s = await makeService({ sandbox: { dailyUnits: 5 }, clock: () => now });
    const token = (await s.sandboxInfo()).token;
    const a = await s.authenticate(`Bearer ${token}`, { ip: '198.51.100.1' });
    const b = await s.authenticate(`Bearer ${token}`, { ip: '198.51.100.2' });
    const body = { tag: TAG, description: desc, n: 4, linear: { '2': -1 } };
    const first = await s.solve('optimize', body, { principal: a });
    expect([first.compute_units, first.compute_units_left]).toEqual([2, 3]);
    expect(first.usage_alert).toBeUndefined();
    const second = await s.solve('optimize', body, { principal: a });
    expect(second.compute_units_left).toBe(1);
    expect(second.usage_alert).toMatchObject({ level: 'warning', compute_units_left: 1 });
    const refused = await caught(s.solve('optimize', body, { principal: a }));
    expect([refused.code, refused.status]).toEqual(['SVC_QUOTA_EXCEEDED', 402]);
    // Another IP has its own allowance.
    expect((await s.solve('optimize', body, { principal: b })).compute_units_left).toBe(3);
    now = Date.UTC(2026, 10, 2, 0, 0, 1);
    expect((await s.solve('optimize', body, { principal: a })).compute_units_left).toBe(3);
  });
});

describe('engine faults', () => {
  it('never returns an answer whose objective fails the re-score, and refunds it', async () => {
    const s = await makeService({ workerFile: path.join(fixtures, 'lying-worker.mjs'), sandbox: { dailyUnits: 100 } });
    const p = await s.authenticate(`Bearer ${(await s.sandboxInfo()).token}`, { ip: '192.0.2.1' });
    const e = await caught(s.solve('optimize', { tag: TAG, description: desc, n: 5, linear: { '0': 1 } }, { principal: p }));
    expect([e.code, e.status, e.retryAfter]).toEqual(['SVC_ENGINE_FAILURE', 503, 1]);
    expect(e.message).toMatch(/re-score/);
    const e2 = await caught(s.solve('maxcut', { tag: TAG, description: desc, n: 3, edges: [[0, 1, 1]] }, { principal: p }));
    expect(e2.code).toBe('SVC_ENGINE_FAILURE');
  });

  it('maps a crashing engine to SVC_ENGINE_FAILURE', async () => {
    const s = await makeService({ workerFile: path.join(fixtures, 'throwing-worker.mjs') });
    const p = await s.authenticate(`Bearer ${(await s.sandboxInfo()).token}`, { ip: '192.0.2.2' });
    const e = await caught(s.solve('optimize', { tag: TAG, description: desc, n: 5 }, { principal: p }));
    expect(e.code).toBe('SVC_ENGINE_FAILURE');
    expect(e.message).not.toMatch(/simulated/);
  });
});

describe('capacity and deadlines', () => {
  it('answers 503 SVC_WORKERS_SATURATED when every worker is busy and the queue is full, and refunds', async () => {
    const s = await makeService({ workers: 1, workerQueue: 1, sandbox: { dailyUnits: 1000 } });
    const p = await s.authenticate(`Bearer ${(await s.sandboxInfo()).token}`, { ip: '192.0.2.9' });
    const { linear, quadratic } = randomQubo(400, 0.05, 8);
    const body = { tag: TAG, description: desc, n: 400, linear, quadratic };
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => s.solve('optimize', body, { principal: p, query: { effort: 'flash' } })));
    const saturated = results.filter((r) => r.status === 'rejected' && isSvcError(r.reason) && r.reason.code === 'SVC_WORKERS_SATURATED');
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(saturated.length, JSON.stringify(results.map((r) => (r.status === 'rejected' ? String(r.reason?.code ?? r.reason) + ' ' + String(r.reason?.cause ?? '') : 'ok')))).toBeGreaterThan(0);
    expect(ok.length).toBeGreaterThan(0);
    expect(ok.length + saturated.length).toBe(4);
    const e = (saturated[0] as PromiseRejectedResult).reason as SvcError;
    expect([e.status, e.retryAfter]).toEqual([503, 1]);
    // Only the answered solves were billed.
    const left = await s.solve('optimize', { tag: TAG, description: desc, n: 2 }, { principal: p, query: { effort: 'flash' } });
    const each = (ok[0] as PromiseFulfilledResult<{ compute_units: number }>).value.compute_units;
    expect(each).toBe(5);
    expect(left.compute_units_left).toBe(1000 - ok.length * each - left.compute_units);
  });

  it('stops at the latency budget with the best answer so far, labelled heuristic', async () => {
    const { linear, quadratic } = randomQubo(3000, 0.01, 4);
    const env = await svc.solve('optimize', { tag: TAG, description: desc, n: 3000, linear, quadratic }, { principal: me, query: { effort: 'high', max_latency_ms: '30' } });
    expect(env.latency_budget_ms).toBe(30);
    expect(env.stopped_at_deadline).toBe(true);
    expect(env.certainty).toBe(HEURISTIC);
    expect(env.proof).toBeNull();
    expect(env.answer).toHaveLength(3000);
  });
});

describeNative('native engine (addon built)', () => {
  it('is the default, certifies the same optima as brute force, and labels large instances heuristic', async () => {
    const s = await makeService({ engine: undefined });
    expect(s.engine).toBe('native');
    expect(s.health().engine).toBe('native');
    const p = await s.authenticate(`Bearer ${(await s.sandboxInfo()).token}`, { ip: '192.0.2.50' });
    const { linear, quadratic } = randomQubo(15, 0.4, 17);
    const opt = await s.solve('optimize', { tag: TAG, description: desc, n: 15, linear, quadratic }, { principal: p });
    expect([opt.engine, opt.certainty, opt.energy]).toEqual(['native', CERTIFIED, bruteQubo(15, linear, quadratic)]);
    const edges = randomGraph(15, 0.3, 9);
    const cut = await s.solve('maxcut', { tag: TAG, description: desc, n: 15, edges }, { principal: p });
    expect([cut.engine, cut.certainty, cut.cut_value]).toEqual(['native', CERTIFIED, bruteMaxcut(15, edges)]);
    const big = randomQubo(200, 0.05, 1);
    const heur = await s.solve('optimize', { tag: TAG, description: desc, n: 200, ...big }, { principal: p, query: { effort: 'flash' } });
    expect([heur.engine, heur.certainty]).toEqual(['native', HEURISTIC]);
    // The engine is part of the receipt: the ts engine's receipt for the same request differs.
    const viaTs = await svc.solve('optimize', { tag: TAG, description: desc, n: 15, linear, quadratic }, { principal: me });
    expect(viaTs.energy).toBe(opt.energy);
    expect(viaTs.receipt).not.toBe(opt.receipt);
  });
});

describe('metadata', () => {
  it('refuses to start without the worker bundle, naming the build target', async () => {
    await expect(createService({ dataDir: tempDir(), engine: 'ts', env: {}, workerFile: path.join(tempDir(), 'missing.mjs') })).rejects.toThrow(/service:build/);
  });

  it('reports health, sandbox limits, pricing, models and capabilities', async () => {
    expect(svc.health()).toMatchObject({ status: 'ok', engine: 'ts', version: MODEL_VERSION });
    const sb = await svc.sandboxInfo();
    expect(sb.token).toMatch(/^sbx_[0-9a-f]{32}$/);
    expect(sb.limits).toMatchObject({ max_n: 50_000, max_body_bytes: 8 * 1024 * 1024, daily_compute_units: 10_000 });
    const pricing = svc.pricing() as { plans: { plan: string; daily_compute_units: number }[]; sandbox: { daily_compute_units: number } };
    expect(pricing.plans.map((p) => p.plan)).toEqual(['sandbox', 'free']);
    expect(pricing.sandbox.daily_compute_units).toBe(10_000);
    expect(svc.models().aliases.latest).toBe(MODEL_VERSION);
    const caps = svc.capabilities() as { commands: { name: string; available: boolean }[]; other_commands: { name: string; available: boolean }[] };
    // Available = exactly the commands with an adapter (the registry grows as commands land).
    expect([...SOLVABLE_COMMANDS].sort()).toEqual(COMMANDS.filter((c) => ADAPTERS[c] !== undefined).sort());
    expect(SOLVABLE_COMMANDS).toEqual(SERVED_COMMANDS);
    const listed = [...caps.commands, ...caps.other_commands];
    expect(listed.map((c) => c.name).sort()).toEqual([...COMMANDS].sort());
    expect(listed.filter((c) => c.available).map((c) => c.name).sort()).toEqual([...SOLVABLE_COMMANDS].sort());
  });
});
