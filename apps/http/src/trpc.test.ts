import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERRORS } from '@svc/errors';
import { DOOR_ENVELOPE_BYTES } from './routes/door-body-cap';
import { call, headersOnly, sandboxToken, start, stopAll, TAG, verifiedKey, type TestServer } from '../test/helpers';

// The tRPC door over plain HTTP (the wire format any tRPC client speaks): POST /trpc/<proc> with
// the input as the JSON body, GET /trpc/<proc>?input=<json> for queries.
let t: TestServer;
let token: string;

beforeAll(async () => {
  t = await start({ sandbox: { bodyBytes: 8192 }, jobs: { queueThresholdWork: 30_000_000 } });
  token = await sandboxToken(t.url);
}, 60_000);
afterAll(stopAll);

const ring = (n: number) => ({ tag: TAG, description: 'Split a ring of offices into two teams.', n, edges: Array.from({ length: n }, (_, i) => [i, (i + 1) % n, 1]) });

async function mutation(proc: string, input: unknown, auth: string | null = token, headers: Record<string, string> = {}) {
  return call(t.url, 'POST', `/trpc/${proc}`, { body: input, auth, headers });
}

async function query(proc: string, input: unknown, auth: string | null = token) {
  const qs = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return call(t.url, 'GET', `/trpc/${proc}${qs}`, { auth });
}

/** A tRPC error reply: the SVC_ code's HTTP status and the problem document in error.data.problem. */
function expectTrpcFault(r: Awaited<ReturnType<typeof call>>, code: keyof typeof ERRORS) {
  expect(r.status, r.text).toBe(ERRORS[code].http);
  const problem = r.json.error?.data?.problem;
  expect(problem).toMatchObject({ code, status: ERRORS[code].http, retryable: ERRORS[code].retryable });
  expect(typeof problem.agent_fix_prompt).toBe('string');
  expect(Array.isArray(problem.next_actions)).toBe(true);
  // No stack trace leaves the server.
  expect(r.json.error.data.stack).toBeUndefined();
  return problem;
}

describe('tRPC at /trpc', () => {
  it('solve answers the envelope /api/v1/solve answers (same receipt)', async () => {
    const r = await mutation('solve', { command: 'maxcut', problem: ring(5), effort: 'high', seed: 7 });
    expect(r.status, r.text).toBe(200);
    const env = r.json.result.data;
    const viaHttp = await call(t.url, 'POST', '/api/v1/solve/maxcut?effort=high&seed=7', { body: ring(5), auth: token });
    expect(env.cut_value).toBe(4);
    expect(env.certainty).toBe(viaHttp.json.certainty);
    expect(env.receipt).toBe(viaHttp.json.receipt);
  });

  it('compute routes by shape; analyze and verify are free reports', async () => {
    const c = await mutation('compute', { problem: ring(4), seed: 1 });
    expect(c.json.result.data.routed.command).toBe('maxcut');
    const a = await mutation('analyze', { command: 'maxcut', problem: ring(6), effort: 'high' });
    expect(a.json.result.data).toMatchObject({ command: 'maxcut', compute_units: 4, charged: 0 });
    const v = await mutation('verify', { command: 'maxcut', problem: ring(6), answer: [0, 1, 0, 1, 0, 1] });
    expect(v.json.result.data).toMatchObject({ ok: true, objective: 6 });
  });

  it('capabilities and getJob are GET queries', async () => {
    const caps = await query('capabilities', undefined, null);
    expect(caps.status).toBe(200);
    expect(caps.json.result.data.commands.map((c: { name: string }) => c.name)).toContain('maxcut');
    expectTrpcFault(await query('getJob', { job_id: 'job_missing' }), 'SVC_NOT_FOUND');
  });

  it('a queued solve answers the job handle; getJob follows it and cancelJob answers the job', async () => {
    const big = { tag: TAG, description: 'Split a sparse network into two sides.', n: 200, edges: [] as number[][] };
    for (let i = 0; i < 200; i++) for (let k = 1; k <= 3; k++) big.edges.push([i, (i * 7 + k * 13) % 200 === i ? (i + 1) % 200 : (i * 7 + k * 13) % 200, 1]);
    const ack = await mutation('solve', { command: 'maxcut', problem: big, seed: 2 });
    expect(ack.status, ack.text).toBe(200);
    expect(ack.json.result.data).toMatchObject({ status: 'queued' });
    const id = ack.json.result.data.job_id;
    const done = await query('getJob', { job_id: id, wait_seconds: 30 });
    expect(done.json.result.data).toMatchObject({ job_id: id, status: 'done' });
    expect(done.json.result.data.result.receipt).toMatch(/^svcr_/);
    const cancel = await mutation('cancelJob', { job_id: id });
    expect(cancel.json.result.data.job_id).toBe(id);
  });

  it('faults carry the SVC_ code, its HTTP status and the problem document', async () => {
    expectTrpcFault(await mutation('solve', { command: 'maxcut', problem: ring(5) }, null), 'SVC_UNAUTHENTICATED');
    expectTrpcFault(await mutation('solve', { command: 'maxcut', problem: ring(5) }, 'sbx_wrong'), 'SVC_SANDBOX_CAPABILITY_REJECTED');
    const bad = expectTrpcFault(await mutation('solve', { command: 'maxcut', problem: { ...ring(3), edges: [[0, 9, 1]] } }), 'SVC_INVALID_INPUT');
    expect(bad.detail).toMatch(/edges/);
    expectTrpcFault(await mutation('solve', { command: 'not-a-command', problem: ring(3) }), 'SVC_UNSUPPORTED');
    expectTrpcFault(await mutation('solve', { command: 'maxcut', problem: ring(3), timeout: 3 }), 'SVC_UNSUPPORTED');
    expectTrpcFault(await mutation('solve', { command: 'maxcut', problem: ring(3), effort: 'ultra' }), 'SVC_INVALID_INPUT');
    expectTrpcFault(await mutation('solve', [1, 2]), 'SVC_INVALID_INPUT');
    expectTrpcFault(await mutation('noSuchProcedure', {}), 'SVC_NOT_FOUND');
    // Over the sandbox's 8 KiB JSON cap (the plan cap, measured after authentication).
    expectTrpcFault(await mutation('solve', { command: 'maxcut', problem: ring(1500) }), 'SVC_PAYLOAD_TOO_LARGE');
  });

  it('a body far beyond the plan, or over 1 MiB without a valid credential, is refused before it is read on', async () => {
    // The sandbox cap is 8 KiB here: ~100 KiB is past 8 KiB + the 64 KiB of wrapping.
    const far = await mutation('solve', { command: 'maxcut', problem: ring(8000) });
    expect(far.status).toBe(413);
    expect(far.json.error.data.problem.code).toBe('SVC_PAYLOAD_TOO_LARGE');
    const anonymous = await call(t.url, 'POST', '/trpc/solve', { raw: JSON.stringify({ command: 'maxcut', problem: ring(90_000) }) });
    expect(anonymous.status).toBe(413);
    expect(anonymous.json.error.data.problem.code).toBe('SVC_PAYLOAD_TOO_LARGE');
    const mcp = await call(t.url, 'POST', '/mcp', { raw: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'svc.compute', arguments: { problem: ring(90_000) } } }), headers: { accept: 'application/json, text/event-stream' } });
    expect(mcp.status).toBe(413);
  });

  // The solve route's mechanism: a declared length past the plan's cap is 413 before any byte of the
  // body is read (a free key's 104 MiB body was read and parsed whole, 11 s and 2 GB, before its 413).
  it('a declared Content-Length past the caller\'s plan cap is 413 at once, with no byte of the body sent', async () => {
    const key = await verifiedKey(t, 'trpc-big-body@example.com');
    for (const [auth, declared] of [[key, 104 * 1024 * 1024], [token, 1024 * 1024]] as const) {
      const r = await headersOnly(`${t.url}/trpc/solve`, declared, { authorization: `Bearer ${auth}` });
      expect(r.status, r.text).toBe(413);
      const problem = JSON.parse(r.text).error.data.problem;
      expect(problem.code).toBe('SVC_PAYLOAD_TOO_LARGE');
    }
  });

  it('a chunked body is cut at the plan cap plus the wrapping (the transport\'s 413, not the door\'s after parsing)', async () => {
    // 76 KiB: past 8 KiB + 64 KiB, short of the 2 × 8 KiB + 64 KiB that used to be read and parsed.
    const body = JSON.stringify({ command: 'maxcut', problem: { ...ring(3), description: `A ring of offices. ${'x'.repeat(76 * 1024)}` } });
    const r = await chunkedPost('/trpc/solve', token, body);
    expect(r.status).toBe(413);
    expect(JSON.parse(r.text).error.data.problem).toMatchObject({ code: 'SVC_PAYLOAD_TOO_LARGE', limit_bytes: 8192 + DOOR_ENVELOPE_BYTES });
  });

  it('a wrong method is 405 with Allow (queries GET, mutations POST); a POST without a JSON body is 422, never 500', async () => {
    const noType = await call(t.url, 'POST', '/trpc/capabilities', {});
    expect([noType.status, noType.headers.get('allow')]).toEqual([405, 'GET']);
    expect(noType.json.error.data.problem).toMatchObject({ code: 'SVC_ERROR', status: 405, retryable: false });
    expect(noType.json.error.data.code).toBe('METHOD_NOT_SUPPORTED');
    const postQuery = await call(t.url, 'POST', '/trpc/getJob', { body: { job_id: 'job_x' } });
    expect([postQuery.status, postQuery.headers.get('allow')]).toEqual([405, 'GET']);
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const r = await call(t.url, method, '/trpc/solve', {});
      expect([method, r.status, r.headers.get('allow')]).toEqual([method, 405, 'POST']);
      expect(r.json.error.data.problem.code).toBe('SVC_ERROR');
    }
    const bare = await call(t.url, 'POST', '/trpc/solve', { auth: token });
    expectTrpcFault(bare, 'SVC_INVALID_INPUT');
    expect(bare.json.error.data.problem.detail).toMatch(/Content-Type: application\/json/);
    const empty = await call(t.url, 'POST', '/trpc/solve', { auth: token, raw: '' , headers: { 'content-type': 'application/json' } });
    expectTrpcFault(empty, 'SVC_INVALID_INPUT');
    expectTrpcFault(await call(t.url, 'POST', '/trpc/solve', { auth: token, raw: 'x', headers: { 'content-type': 'text/plain' } }), 'SVC_INVALID_INPUT');
    expectTrpcFault(await call(t.url, 'GET', '/trpc/nope', {}), 'SVC_NOT_FOUND');
  });

  it('an answer is one JSON document sent whole with its Content-Length (not streamed in chunks), faults too', async () => {
    for (const r of [await mutation('solve', { command: 'maxcut', problem: ring(5), seed: 11 }), await query('getJob', { job_id: 'job_missing' })]) {
      expect(r.headers.get('transfer-encoding')).toBeNull();
      expect(Number(r.headers.get('content-length'))).toBe(Buffer.byteLength(r.text));
      expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });

  it('a single call answers what tRPC\'s own handler answers for the same call as a batch of one: data, fault documents, status and headers', async () => {
    const batchOfOne = (proc: string, input: unknown) => call(t.url, 'POST', `/trpc/${proc}?batch=1`, { body: { 0: input }, auth: token });
    const cases: [string, unknown][] = [
      ['verify', { command: 'maxcut', problem: ring(6), answer: [0, 1, 0, 1, 0, 1] }],
      ['solve', { command: 'maxcut', problem: { ...ring(5), edges: 'none' } }],
      ['solve', { command: 'maxcut', problem: ring(5), colour: 'blue' }],
      ['solve', [1, 2]],
      ['compute', 'not an object'],
    ];
    for (const [proc, input] of cases) {
      const one = await mutation(proc, input);
      const batch = await batchOfOne(proc, input);
      expect(one.status, one.text).toBe(batch.status);
      expect(one.json, one.text).toEqual(batch.json[0]);
      for (const h of ['content-type', 'vary', 'retry-after']) expect(one.headers.get(h), h).toBe(batch.headers.get(h));
    }
  });

  it('an Idempotency-Key replays; reused on another problem it is 409 SVC_IDEMPOTENCY_CONFLICT', async () => {
    const h = { 'idempotency-key': 'trpc-replay-1' };
    const a = await mutation('solve', { command: 'maxcut', problem: ring(7), seed: 3 }, token, h);
    const b = await mutation('solve', { command: 'maxcut', problem: ring(7), seed: 3 }, token, h);
    expect(b.json.result.data.receipt).toBe(a.json.result.data.receipt);
    expectTrpcFault(await mutation('solve', { command: 'maxcut', problem: ring(7), seed: 4 }, token, h), 'SVC_IDEMPOTENCY_CONFLICT');
  });
});


describe('a tRPC batch is counted against the rate whole, before it is expanded', () => {
  /** A GET batch of `n` getJob calls of an unknown id. */
  const batch = (base: string, n: number, auth: string | null = null) => {
    const input = Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i), { job_id: 'job_missing' }]));
    return call(base, 'GET', `/trpc/${Array(n).fill('getJob').join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`, { auth });
  };

  it('past the rate a 14-call batch is one 429 with Retry-After and none of its calls runs; without credentials and with a key', async () => {
    // Rate windows are whole minutes of the service's clock: a clock that stands still keeps the test in one window.
    const s = await start({ clock: () => Date.UTC(2026, 10, 2, 12, 0, 30), access: { sandboxRatePerMinute: 20, keyRatePerMinute: 20 } });
    // Registering counts against the IP's rate too: first (1 of 20; the mailed link has a budget of its own).
    const key = await verifiedKey(s, 'trpc-batch@example.com');
    const looks = vi.spyOn(s.srv.service.jobs, 'get');
    // Unauthenticated: 14 of the IP's 20 a minute (15 in all), each call answered (404: no such job).
    const first = await batch(s.url, 14);
    expect(first.status).toBe(404);
    expect(Array.isArray(first.json) && first.json.length).toBe(14);
    expect(looks).toHaveBeenCalledTimes(14);
    // 14 more do not fit: one refusal for the request, no call expanded.
    const refused = await batch(s.url, 14);
    expect(Array.isArray(refused.json)).toBe(false);
    expect(expectTrpcFault(refused, 'SVC_SANDBOX_RATE').retry_after).toBeGreaterThan(0);
    expect(refused.retryAfter).not.toBeNull();
    expect(looks).toHaveBeenCalledTimes(14);
    // What is left of the minute still serves a smaller batch (20 of 20); then not even one call.
    expect((await batch(s.url, 5)).status).toBe(404);
    expect(looks).toHaveBeenCalledTimes(19);
    expectTrpcFault(await batch(s.url, 1), 'SVC_SANDBOX_RATE');
    // A key has its own rate: the same, with SVC_RATE_LIMITED.
    expect((await batch(s.url, 14, key)).status).toBe(404);
    expect(looks).toHaveBeenCalledTimes(33);
    expectTrpcFault(await batch(s.url, 14, key), 'SVC_RATE_LIMITED');
    expect(looks).toHaveBeenCalledTimes(33);
  });
});

/** POSTs `text` in 16 KiB chunks without a Content-Length (Transfer-Encoding: chunked). */
function chunkedPost(path: string, auth: string, text: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${t.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${auth}` } });
    req.on('response', (res) => {
      let out = '';
      res.on('data', (d) => (out += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: out }));
    });
    // The server may answer and stop reading before the last chunk: that is the point.
    req.on('error', (e) => ((e as NodeJS.ErrnoException).code === 'EPIPE' || (e as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(e)));
    const bytes = Buffer.from(text);
    for (let i = 0; i < bytes.length; i += 16 * 1024) req.write(bytes.subarray(i, i + 16 * 1024));
    req.end();
  });
}
