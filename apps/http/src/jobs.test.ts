import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TAG, bruteMaxcut, call, expectProblem, lyingWorker, randomEdges, sandboxToken, start, stopAll, unitsUsed, verifiedKey,
  type Reply, type TestServer,
} from '../test/helpers';
import { MODEL_VERSION } from '@svc/service';

// Jobs of interface §2.4/§3 and commands.md "Jobs", through real requests. A low queue threshold
// sends small problems to the job path; long jobs are cut short by cancelling them.
const DESC = 'Split the night shift into two crews to maximise hand-offs.';

const small = { tag: TAG, description: DESC, n: 14, edges: randomEdges(14, 30, 1) };
// Minutes of work at effort high on the ts engine: it only ends by being cancelled.
const long = (seed: number) => ({ tag: TAG, description: DESC, n: 1500, edges: randomEdges(1500, 6000, seed) });

const post = (t: TestServer, command: string, body: unknown, auth: string | null, query = '', headers: Record<string, string> = {}) =>
  call(t.url, 'POST', `/api/v1/solve/${command}${query ? `?${query}` : ''}`, { body, auth, headers });
const job = (t: TestServer, id: string, auth: string | null, query = '') => call(t.url, 'GET', `/api/v1/jobs/${id}${query}`, { auth });
const cancel = (t: TestServer, id: string, auth: string | null) => call(t.url, 'POST', `/api/v1/jobs/${id}/cancel`, { auth });

async function until(t: TestServer, id: string, auth: string | null, status: string): Promise<Reply> {
  for (let k = 0; k < 200; k++) {
    const r = await job(t, id, auth);
    if (r.json.status === status) return r;
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error(`job ${id} never reached ${status}`);
}

function expectAck(r: Reply): Record<string, any> {
  expect(r.status).toBe(202);
  const a = r.json;
  expect(Object.keys(a).sort()).toEqual(['compute_units', 'job_id', 'poll', 'status', 'tag']);
  expect(a.status).toBe('queued');
  expect(a.job_id).toMatch(/^job_[0-9a-f]{32}$/);
  expect(a.poll).toBe(`/api/v1/jobs/${a.job_id}?wait=30`);
  expect(r.headers.get('location')).toBe(a.poll);
  expect(Number.isInteger(a.compute_units) && a.compute_units > 0).toBe(true);
  expect(a.tag).toBe(TAG);
  return a;
}

afterAll(stopAll);

describe('a heavy solve is queued, persisted, run and billed once', () => {
  let t: TestServer;
  let token: string;
  beforeAll(async () => {
    // Threshold 1: every solve is heavy. No result cache, so the sync comparison really solves.
    t = await start({ jobs: { queueThresholdWork: 1 }, access: { resultCacheBytes: 0 } });
    token = await sandboxToken(t.url);
  });

  it('answers 202 {status, job_id, poll, compute_units, tag}; the poll URL long-waits to the result', async () => {
    const before = await unitsUsed(t.url, token);
    const ack = expectAck(await post(t, 'maxcut', small, token));
    // Charged once, at acceptance.
    expect(await unitsUsed(t.url, token)).toBe(before + ack.compute_units);
    const r = await call(t.url, 'GET', ack.poll, { auth: token });
    expect(r.status).toBe(200);
    const j = r.json;
    expect(j).toMatchObject({ job_id: ack.job_id, status: 'done', command: 'maxcut', compute_units: ack.compute_units, billed_units: ack.compute_units, attempts: 1, tag: TAG, cancel_requested: false, poll: ack.poll });
    for (const k of ['created_at', 'started_at', 'finished_at']) expect(new Date(j[k]).toISOString()).toBe(j[k]);
    expect(Date.parse(j.created_at) <= Date.parse(j.started_at) && Date.parse(j.started_at) <= Date.parse(j.finished_at)).toBe(true);
    expect(j).not.toHaveProperty('error');
    expect(j.result.cut_value).toBe(bruteMaxcut(14, small.edges));
    expect(j.result).toMatchObject({ certainty: 'certified optimum (proven by exhaustion)', tag: TAG, compute_units: ack.compute_units, engine: 'ts', version: MODEL_VERSION });
    expect(j.result.receipt).toMatch(/^svcr_[0-9a-f]{64}$/);
    expect(j.result.compute_units_left).toBe(10_000 - (await unitsUsed(t.url, token)));
    expect(j.result.observability.queue_ms).toBeGreaterThanOrEqual(0);
    expect(j.progress).toMatchObject({ share: 1, share_basis: 'engine_work', best: j.result.cut_value });
    // Done is done: the bill did not move; the usage log lists the job with its receipt.
    expect(await unitsUsed(t.url, token)).toBe(before + ack.compute_units);
    const recent = (await call(t.url, 'GET', '/api/v1/usage', { auth: token })).json.recent;
    expect(recent.find((e: any) => e.job_id === ack.job_id)).toMatchObject({ kind: 'job', command: 'maxcut', compute_units: ack.compute_units, receipt: j.result.receipt });
  });

  it('the job answer is the synchronous answer: same receipt, same fields', async () => {
    const ack = expectAck(await post(t, 'optimize', { tag: TAG, description: DESC, n: 12, linear: { '0': -2, '5': 3 }, quadratic: [[0, 1, 2], [1, 5, -4], [3, 11, -1]] }, token, 'seed=3&effort=flash'));
    const done = (await call(t.url, 'GET', ack.poll, { auth: token })).json.result;
    const p = await t.srv.service.authenticate(`Bearer ${token}`, { ip: '127.0.0.1' });
    const sync = await t.srv.service.solve('optimize', { tag: TAG, description: DESC, n: 12, linear: { '0': -2, '5': 3 }, quadratic: [[0, 1, 2], [1, 5, -4], [3, 11, -1]] }, { principal: p, query: { seed: '3', effort: 'flash' } });
    expect(done.receipt).toBe(sync.receipt);
    expect({ ...done, observability: 0, elapsed_ms: 0, peak_rss_kb: 0, compute_units_left: 0 }).toEqual({ ...sync, observability: 0, elapsed_ms: 0, peak_rss_kb: 0, compute_units_left: 0 });
  });

  it('an Idempotency-Key replays the same 202 acknowledgement, never a second job', async () => {
    const before = await unitsUsed(t.url, token);
    const first = expectAck(await post(t, 'maxcut', small, token, '', { 'idempotency-key': 'job-key-1' }));
    const again = expectAck(await post(t, 'maxcut', small, token, '', { 'idempotency-key': 'job-key-1' }));
    expect(again).toEqual(first);
    await call(t.url, 'GET', first.poll, { auth: token });
    expect(await unitsUsed(t.url, token)).toBe(before + first.compute_units);
  });

  it('a sandbox job is readable by whoever holds its id; unknown ids and bad queries are refused in order', async () => {
    const ack = expectAck(await post(t, 'maxcut', small, token));
    const anon = await call(t.url, 'GET', `/api/v1/jobs/${ack.job_id}?wait=30`);
    expect(anon.status).toBe(200);
    expect(anon.json.status).toBe('done');
    expectProblem(await job(t, 'job_0123456789abcdef0123456789abcdef', token), 404, 'SVC_NOT_FOUND');
    expectProblem(await job(t, 'nope', null), 404, 'SVC_NOT_FOUND');
    expectProblem(await job(t, ack.job_id, token, '?wait=soon'), 422, 'SVC_INVALID_INPUT');
    // Unknown query parameter (404) outranks bad credentials (401).
    expectProblem(await job(t, ack.job_id, 'Bearer wrong', '?since=1'), 404, 'SVC_UNSUPPORTED');
    expectProblem(await job(t, ack.job_id, 'Bearer wrong'), 401, 'SVC_UNAUTHENTICATED');
  });
});

describe('cancel, capacity, progress, account scoping', () => {
  let t: TestServer;
  let token: string;
  let key: string;
  let other: string;
  let running: Record<string, any>;
  let queued: Record<string, any>;
  beforeAll(async () => {
    // Small problems stay synchronous; the long ones (effort high) are queued.
    t = await start({ jobs: { queueThresholdWork: 50_000_000, maxInflight: 2, queueCapacity: 1, maxWaitSeconds: 1 } });
    token = await sandboxToken(t.url);
    key = await verifiedKey(t, 'jobs-owner@example.com');
    other = await verifiedKey(t, 'someone-else@example.com');
  });

  it('a small solve is answered synchronously (200) while a heavy one is queued (202)', async () => {
    const r = await post(t, 'maxcut', small, token);
    expect(r.status).toBe(200);
    expect(r.json.cut_value).toBe(bruteMaxcut(14, small.edges));
    running = expectAck(await post(t, 'maxcut', long(1), token, 'effort=high'));
    queued = expectAck(await post(t, 'maxcut', long(2), token, 'effort=high'));
  });

  it('reports progress: running with the engine\'s best (or an estimated share before its first report) and the proven bound; queued not started', async () => {
    const r = (await until(t, running.job_id, token, 'running')).json;
    await new Promise((res) => setTimeout(res, 300));
    const p = (await job(t, running.job_id, token)).json.progress;
    // engine_progress once the engine has reported (maxcut does, every 100 ms of tabu search), the estimate before.
    expect(['engine_progress', 'estimated_from_elapsed_time']).toContain(p.share_basis);
    if (p.share_basis === 'engine_progress') {
      expect(typeof p.best).toBe('number');
      expect(p.best).toBeLessThanOrEqual(p.bound);
      expect(p.gap).toBeCloseTo((p.bound - p.best) / Math.max(1, Math.abs(p.best)), 12);
    }
    expect(p.share).toBeGreaterThan(0);
    expect(p.share).toBeLessThan(1);
    expect(p.bound).toBe(long(1).edges.reduce((s, e) => s + e[2], 0));
    expect(p.estimated_work).toBeGreaterThan(50_000_000);
    expect(r.started_at).not.toBeNull();
    const q = (await job(t, queued.job_id, token)).json;
    expect(q.status).toBe('queued');
    expect(q.progress).toMatchObject({ share: 0, share_basis: 'not_started' });
    expect(q.progress.estimated_work).toBeGreaterThan(50_000_000);
  });

  it('?wait=N long-polls at most the configured seconds, then answers the job still running', async () => {
    const t0 = Date.now();
    const r = await job(t, running.job_id, token, '?wait=30');
    const waited = Date.now() - t0;
    expect(r.json.status).toBe('running');
    expect(waited).toBeGreaterThanOrEqual(900);
    expect(waited).toBeLessThan(5000);
  });

  it('429 SVC_TOO_MANY_INFLIGHT past the per-caller cap and 503 SVC_QUEUE_FULL past the queue, both refunded', async () => {
    const before = await unitsUsed(t.url, token);
    const r = await post(t, 'maxcut', long(3), token, 'effort=high');
    expectProblem(r, 429, 'SVC_TOO_MANY_INFLIGHT');
    expect(r.retryAfter).toBe('5');
    expect(r.json.retry_after).toBe(5);
    expect(await unitsUsed(t.url, token)).toBe(before);
    // Another caller: its own cap is free, but the service queue (capacity 1) is not.
    const full = await post(t, 'maxcut', long(4), key, 'effort=high');
    expectProblem(full, 503, 'SVC_QUEUE_FULL');
    expect(full.retryAfter).toBe('10');
    expect(await unitsUsed(t.url, key)).toBe(0);
  });

  it('cancelling a queued job refunds it in full', async () => {
    const before = await unitsUsed(t.url, token);
    const r = await cancel(t, queued.job_id, token);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: 'cancelled', billed_units: 0, cancel_requested: true, started_at: null });
    expect(await unitsUsed(t.url, token)).toBe(before - queued.compute_units);
    // Cancelling again changes nothing.
    expect((await cancel(t, queued.job_id, token)).json.status).toBe('cancelled');
    expect(await unitsUsed(t.url, token)).toBe(before - queued.compute_units);
  });

  it('cancelling a running job stops the engine through its cancel flag and bills the share of work done', async () => {
    const before = await unitsUsed(t.url, token);
    const t0 = Date.now();
    const r = await cancel(t, running.job_id, token);
    expect(Date.now() - t0).toBeLessThan(5000);
    const j = r.json;
    expect(j.status).toBe('cancelled');
    expect(j.progress.share_basis).toBe('engine_work');
    expect(j.progress.share).toBeGreaterThan(0);
    expect(j.progress.share).toBeLessThan(1);
    expect(typeof j.progress.best).toBe('number');
    expect(j.billed_units).toBe(Math.ceil(running.compute_units * j.progress.share));
    expect(j.billed_units).toBeLessThan(running.compute_units);
    expect(await unitsUsed(t.url, token)).toBe(before - (running.compute_units - j.billed_units));
    expect(j).not.toHaveProperty('result');
  });

  it('with a key, only its account reads or cancels the job; a sandbox job stays readable by id', async () => {
    const ack = expectAck(await post(t, 'maxcut', long(5), key, 'effort=high'));
    expect((await job(t, ack.job_id, key)).status).toBe(200);
    expectProblem(await job(t, ack.job_id, other), 404, 'SVC_NOT_FOUND');
    expectProblem(await job(t, ack.job_id, token), 404, 'SVC_NOT_FOUND');
    expectProblem(await job(t, ack.job_id, null), 401, 'SVC_UNAUTHENTICATED');
    expectProblem(await cancel(t, ack.job_id, other), 404, 'SVC_NOT_FOUND');
    const done = await cancel(t, ack.job_id, key);
    expect(done.json.status).toBe('cancelled');
    expect(await unitsUsed(t.url, key)).toBe(done.json.billed_units);
  });

  it('a key without the solve scope neither reads nor cancels a job of its own account (README: jobs need solve), over HTTP and tRPC', async () => {
    const created = await call(t.url, 'POST', '/api/v1/keys', { auth: key, body: { scopes: ['analyze'], name: 'analyze-only' } });
    expect(created.status).toBe(201);
    const analyzeOnly = created.json.token as string;
    const ack = expectAck(await post(t, 'maxcut', long(6), key, 'effort=high'));
    for (const r of [await job(t, ack.job_id, analyzeOnly), await cancel(t, ack.job_id, analyzeOnly)]) {
      expectProblem(r, 403, 'SVC_FORBIDDEN');
      expect(r.json.required_scope).toBe('solve');
    }
    const viaTrpc = await call(t.url, 'GET', `/trpc/getJob?input=${encodeURIComponent(JSON.stringify({ job_id: ack.job_id }))}`, { auth: analyzeOnly });
    expect([viaTrpc.status, viaTrpc.json.error?.data?.problem?.required_scope]).toEqual([403, 'solve']);
    expect((await cancel(t, ack.job_id, key)).json.status).toBe('cancelled');
  });
});

describe('a failed job is refunded', () => {
  it('an engine that lies fails the job with its problem document and nothing billed', async () => {
    const t = await start({ jobs: { queueThresholdWork: 1 }, workerFile: lyingWorker });
    const token = await sandboxToken(t.url);
    const ack = expectAck(await post(t, 'maxcut', small, token));
    const j = (await call(t.url, 'GET', ack.poll, { auth: token })).json;
    expect(j).toMatchObject({ status: 'failed', billed_units: 0 });
    expect(j.error).toMatchObject({ code: 'SVC_ENGINE_FAILURE', status: 503 });
    expect(j).not.toHaveProperty('result');
    expect(await unitsUsed(t.url, token)).toBe(0);
  });
});

describe('the sync window: a queued solve that ends within it answers 200 (issue 35 item 2)', () => {
  let t: TestServer;
  let token: string;
  beforeAll(async () => {
    // Threshold 1: every solve is queued; a generous window, so the small one ends inside it on a loaded machine.
    t = await start({ jobs: { queueThresholdWork: 1, syncWaitMs: 30_000 }, access: { resultCacheBytes: 0 } });
    token = await sandboxToken(t.url);
  });

  it('answers 200 with the envelope the job stored, billed once; with an Idempotency-Key the 202 stays', async () => {
    const before = await unitsUsed(t.url, token);
    const r = await post(t, 'maxcut', small, token, 'seed=2');
    expect(r.status).toBe(200);
    expect(r.headers.get('location')).toBeNull();
    expect(r.json.cut_value).toBe(bruteMaxcut(14, small.edges));
    expect(r.json).not.toHaveProperty('job_id');
    expect(await unitsUsed(t.url, token)).toBe(before + r.json.compute_units);
    const recent = (await call(t.url, 'GET', '/api/v1/usage', { auth: token })).json.recent;
    const entry = recent.find((e: any) => e.receipt === r.json.receipt);
    expect(entry).toMatchObject({ kind: 'job', command: 'maxcut', compute_units: r.json.compute_units });
    const stored = await job(t, entry.job_id, token);
    expect(stored.json).toMatchObject({ status: 'done', billed_units: r.json.compute_units });
    expect(stored.json.result).toEqual(r.json);
    const keyed = expectAck(await post(t, 'maxcut', small, token, 'seed=2', { 'idempotency-key': 'sync-window-http-1' }));
    expect(expectAck(await post(t, 'maxcut', small, token, 'seed=2', { 'idempotency-key': 'sync-window-http-1' }))).toEqual(keyed);
  });

  it('Prefer: respond-async (RFC 7240) answers the 202 at once, on the solve and compute routes', async () => {
    const ack = expectAck(await post(t, 'maxcut', small, token, 'seed=3', { prefer: 'respond-async' }));
    expect((await call(t.url, 'GET', ack.poll, { auth: token })).json).toMatchObject({ status: 'done', result: { cut_value: bruteMaxcut(14, small.edges) } });
    const routed = await call(t.url, 'POST', '/api/v1/compute?seed=4', { body: small, auth: token, headers: { prefer: 'wait=5, Respond-Async' } });
    expect([routed.status, routed.json.status]).toEqual([202, 'queued']);
  });
});
