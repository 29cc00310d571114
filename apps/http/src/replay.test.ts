import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TAG, DESC, call, expectProblem, sandboxToken, slowWorker, solve, solveBody, start, stopAll, unitsUsed, verifiedKey, type TestServer,
} from '../test/helpers';
import { MODEL_VERSION, MODEL_VERSIONS } from '@svc/service';

// Idempotency-Key (§7), the result cache (§1, commands.md "Receipt") and model versions (§9),
// through real requests. The slow worker (the real one, 400 ms late) keeps solves observable.
const here = path.dirname(fileURLToPath(import.meta.url));
const goldenOf = (version: string) => JSON.parse(fs.readFileSync(path.resolve(here, `../../../libs/service/test/golden/receipts-${version}.json`), 'utf8')) as any[];

let t: TestServer;
let key: string;
let tok: string;

beforeAll(async () => {
  t = await start({ workerFile: slowWorker });
  key = await verifiedKey(t, 'replay@example.com');
  tok = await sandboxToken(t.url);
});
afterAll(stopAll);


describe('Idempotency-Key', () => {
  it('an identical retry replays the original answer byte for byte (same receipt), billed once', async () => {
    const body = solveBody({ n: 9 });
    const first = await solve(t.url, key, body, 'seed=1', { 'idempotency-key': 'req-1' });
    expect(first.status).toBe(200);
    const before = await unitsUsed(t.url, key);
    // Byte-for-byte equality includes the observability timings, which a second solve would change.
    const again = await solve(t.url, key, body, 'seed=1', { 'idempotency-key': 'req-1' });
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.json.receipt).toBe(first.json.receipt);
    expect(await unitsUsed(t.url, key)).toBe(before);
  });

  it('the same key with another payload → 409 SVC_IDEMPOTENCY_CONFLICT; the query is part of the payload', async () => {
    const other = await solve(t.url, key, solveBody({ n: 10 }), 'seed=1', { 'idempotency-key': 'req-1' });
    expectProblem(other, 409, 'SVC_IDEMPOTENCY_CONFLICT');
    expect(other.json.retryable).toBe(false);
    expectProblem(await solve(t.url, key, solveBody({ n: 9 }), 'seed=2', { 'idempotency-key': 'req-1' }), 409, 'SVC_IDEMPOTENCY_CONFLICT');
  });

  it('while the first still runs → 409 SVC_IDEMPOTENCY_IN_PROGRESS with Retry-After 1, then the replay', async () => {
    const body = solveBody({ n: 11 });
    const first = solve(t.url, key, body, '', { 'idempotency-key': 'req-2' });
    // The key is claimed before the solve starts; the worker takes 400 ms.
    await new Promise((r) => setTimeout(r, 200));
    const busy = await solve(t.url, key, body, '', { 'idempotency-key': 'req-2' });
    expectProblem(busy, 409, 'SVC_IDEMPOTENCY_IN_PROGRESS');
    expect(busy.retryAfter).toBe('1');
    expect(busy.json).toMatchObject({ retryable: true, retry_after: 1 });
    const done = await first;
    expect(done.status).toBe(200);
    const replay = await solve(t.url, key, body, '', { 'idempotency-key': 'req-2' });
    expect(replay.text).toBe(done.text);
  });

  it('keys are scoped per account (per IP for the sandbox); failures are not stored', async () => {
    const sbx = await solve(t.url, tok, solveBody({ n: 9 }), 'seed=1', { 'idempotency-key': 'req-1' });
    expect(sbx.status).toBe(200);
    expect(sbx.json.compute_units_left).not.toBe(undefined);
    const other = await verifiedKey(t, 'replay2@example.com');
    expect((await solve(t.url, other, solveBody({ n: 12 }), '', { 'idempotency-key': 'req-1' })).status).toBe(200);
    // A failed request releases its key: the corrected retry under the same key runs.
    expectProblem(await solve(t.url, key, { tag: TAG, description: DESC, n: 3 }, '', { 'idempotency-key': 'req-3' }), 422, 'SVC_INVALID_INPUT');
    expect((await solve(t.url, key, solveBody({ n: 3 }), '', { 'idempotency-key': 'req-3' })).status).toBe(200);
    expectProblem(await solve(t.url, key, solveBody(), '', { 'idempotency-key': 'bad key with spaces' }), 422, 'SVC_INVALID_INPUT');
  });
});

describe('result cache', () => {
  it('a repeated identical request is served without a solve, with the same receipt, and billed', async () => {
    const body = solveBody({ n: 13 });
    const t0 = performance.now();
    const first = await solve(t.url, key, body, 'seed=4&effort=flash');
    const solved = performance.now() - t0;
    expect(first.status).toBe(200);
    expect(first.json).not.toHaveProperty('cached');
    // The slow worker takes ≥ 400 ms per solve; a hit takes none of it.
    expect(solved).toBeGreaterThanOrEqual(400);
    const hit = await solve(t.url, key, { ...body }, 'effort=flash&seed=4');
    expect(hit.json).toMatchObject({ cached: true, elapsed_ms: 0, observability: { queue_ms: 0, compute_ms: 0 } });
    expect(hit.json.receipt).toBe(first.json.receipt);
    expect(hit.json.cut_value).toBe(first.json.cut_value);
    expect(hit.json.answer).toEqual(first.json.answer);
    expect(hit.json.compute_units).toBe(first.json.compute_units);
    expect(hit.json.compute_units_left).toBe(first.json.compute_units_left - first.json.compute_units);
    // Another seed, effort or metadata-only change: seed/effort miss, description does not matter.
    const desc = await solve(t.url, key, { ...body, description: 'Another sentence about the same fleet.' }, 'seed=4&effort=flash');
    expect(desc.json.cached).toBe(true);
    const seed = await solve(t.url, key, body, 'seed=5&effort=flash');
    expect(seed.json).not.toHaveProperty('cached');
    const usage = await call(t.url, 'GET', '/api/v1/usage', { auth: key });
    expect(usage.json.recent.slice(0, 3).map((e: any) => e.cached)).toEqual([false, true, true]);
  });

  it('answers stopped at a deadline are never cached', async () => {
    const edges: number[][] = [];
    for (let i = 0; i < 80; i++) for (let j = i + 1; j < 80; j += 7) edges.push([i, j, 1 + ((i * j) % 5)]);
    // Above the exact cap, small enough to answer synchronously; the slow worker starts after the 50 ms budget.
    const body = { tag: TAG, description: DESC, n: 80, edges };
    const first = await solve(t.url, key, body, 'max_latency_ms=50&effort=flash');
    expect(first.status).toBe(200);
    expect(first.json.stopped_at_deadline).toBe(true);
    const second = await solve(t.url, key, body, 'max_latency_ms=50&effort=flash');
    expect(second.json).not.toHaveProperty('cached');
    expect(second.json.stopped_at_deadline).toBe(true);
  });
});

describe('model versions', () => {
  it('GET /api/v1/models lists a frozen version and the moving alias latest', async () => {
    const r = await call(t.url, 'GET', '/api/v1/models');
    expect(r.status).toBe(200);
    const frozen = r.json.versions.filter((v: any) => v.frozen);
    expect(frozen.length).toBeGreaterThanOrEqual(1);
    expect(r.json.aliases.latest).toBe(r.json.default);
    expect(r.json.versions.map((v: any) => v.id)).toContain(r.json.aliases.latest);
  });

  it('version in the query or the body is resolved and echoed; unknown → 422 SVC_UNKNOWN_VERSION, never a fallback', async () => {
    expect((await solve(t.url, key, solveBody(), 'version=latest')).json.version).toBe(MODEL_VERSION);
    expect((await solve(t.url, key, solveBody({ version: '2026-11-01' }))).json.version).toBe('2026-11-01');
    const unknown = await solve(t.url, key, solveBody({ version: '2030-01-01' }));
    expectProblem(unknown, 422, 'SVC_UNKNOWN_VERSION');
    expect(unknown.json.field).toBe('version');
    expectProblem(await solve(t.url, key, solveBody({ version: 'latest' }), 'version=2026-11-01'), 422, 'SVC_INVALID_INPUT');
  });

  it('every frozen version reproduces its golden receipts over HTTP (ts engine)', async () => {
    for (const version of MODEL_VERSIONS.filter((m) => m.frozen).map((m) => m.id)) {
      for (const g of goldenOf(version).filter((x) => x.engine === 'ts').slice(0, 3)) {
        const r = await call(t.url, 'POST', `/api/v1/solve/${g.command}?seed=${g.seed}&effort=${g.effort}&version=${version}`, { body: g.problem, auth: key });
        expect(r.status).toBe(200);
        expect(r.json.receipt).toBe(g.receipt);
      }
    }
  });
});
