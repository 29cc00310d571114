import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, headersOnly, sandboxToken, start, stopAll, TAG, verifiedKey, verySlowWorker, type TestServer } from '../test/helpers';

// Issue 32 part 2: request bodies are admitted by bytes in flight per process before they are
// read, and a large body is parsed off the event loop, so one caller never stalls the others.
const BUDGET = 1_000_000;
let t: TestServer;
let token: string;

beforeAll(async () => {
  t = await start({ bodyBytesInFlight: BUDGET, sandbox: { bodyBytes: 64 * 1024 * 1024 } });
  token = await sandboxToken(t.url);
}, 60_000);
afterAll(stopAll);

const inFlight = () => t.srv.service.bodies.budget.inFlight;

async function until(cond: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 600 && !cond(); i++) await new Promise((r) => setTimeout(r, 50));
  if (!cond()) throw new Error(`timed out waiting for ${what}`);
}

/** A request that declares `declared` bytes, sends `sent` of them and is held open. */
function holdOpen(declared: number, sent: number): http.ClientRequest {
  const req = http.request(`${t.url}/api/v1/solve/maxcut`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'content-length': String(declared) },
  });
  req.on('error', () => undefined);
  req.write('{'.padEnd(sent, ' '));
  return req;
}

const ring = (n: number) => ({ tag: TAG, description: 'Split a ring of offices into two teams.', n, edges: Array.from({ length: n }, (_, i) => [i, (i + 1) % n, 1]) });

describe('bytes in flight', () => {
  it('a body past the budget is refused 503 SVC_BUSY with Retry-After before a byte of it is read; the bytes come back when the request ends', async () => {
    const first = holdOpen(900_000, 1000);
    await until(() => inFlight() === 900_000, 'the first body to be admitted');
    // The second declares 900,000 bytes and sends none: answered at once, not read.
    const second = await headersOnly(`${t.url}/api/v1/solve/maxcut`, 900_000, { authorization: `Bearer ${token}` });
    expect(second.status, second.text).toBe(503);
    const doc = JSON.parse(second.text);
    expect(doc).toMatchObject({ code: 'SVC_BUSY', retryable: true, retry_after: 2 });
    expect(inFlight()).toBe(900_000);
    first.destroy();
    await until(() => inFlight() === 0, 'the first body to be released');
    const ok = await call(t.url, 'POST', '/api/v1/solve/maxcut', { body: ring(5), auth: token });
    expect(ok.status, ok.text).toBe(200);
    await until(() => inFlight() === 0, 'the small body to be released');
  });

  it('a chunked body is counted as it streams and refused once it passes the budget', async () => {
    const first = holdOpen(900_000, 1000);
    await until(() => inFlight() === 900_000, 'the first body to be admitted');
    const reply = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(`${t.url}/api/v1/solve/maxcut`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'transfer-encoding': 'chunked' },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      // 50 KiB a chunk, 2 MiB at most: the budget is passed after the third.
      let sent = 0;
      const pump = () => {
        if (sent >= 40 || req.destroyed) return;
        sent++;
        req.write('['.padEnd(50 * 1024, ' '), () => setTimeout(pump, 5));
      };
      pump();
    });
    expect(reply.status, reply.text).toBe(503);
    expect(JSON.parse(reply.text)).toMatchObject({ code: 'SVC_BUSY', retry_after: 2 });
    first.destroy();
    await until(() => inFlight() === 0, 'every body to be released');
  });
});

describe('large bodies off the event loop', () => {
  it('/healthz answers while a large bad body is parsed: its answer comes before the body\'s 422', async () => {
    // 40 MB of JSON that turns out bad at its last byte: JSON.parse takes a while over all of it.
    const text = `{"tag":"${TAG}","description":"Split a huge network into two sides.","n":5,"edges":[${'[0,1,1],'.repeat(5_000_000)}[0,1,1]]x}`;
    const bytes = Buffer.from(text);
    const order: string[] = [];
    let health: Promise<void> | undefined;
    // The moment the server has read the whole body (the parse starts right after), ask /healthz.
    const onRequest = (req: http.IncomingMessage) => {
      if (req.url !== '/api/v1/solve/maxcut') return;
      req.once('end', () => {
        health = fetch(`${t.url}/healthz`).then(async (r) => {
          await r.text();
          order.push(`healthz ${r.status}`);
        });
      });
    };
    t.srv.app.server.on('request', onRequest);
    try {
      const big = await call(t.url, 'POST', '/api/v1/solve/maxcut', { raw: bytes, auth: token, headers: { 'content-type': 'application/json' } });
      order.push(`body ${big.status} ${big.json.code}`);
      await health;
    } finally {
      t.srv.app.server.off('request', onRequest);
    }
    expect(order).toEqual(['healthz 200', 'body 422 SVC_INVALID_INPUT']);
    await until(() => inFlight() === 0, 'the large body to be released');
  }, 120_000);

  it('a large body that is not a valid problem is refused with the same document as a small one', async () => {
    const edges = Array.from({ length: 200_000 }, (_, i) => [i % 100, (i + 1) % 100, 1]);
    const big = await call(t.url, 'POST', '/api/v1/solve/maxcut', { body: { tag: TAG, description: 'Split a huge network into two sides.', edges }, auth: token });
    const small = await call(t.url, 'POST', '/api/v1/solve/maxcut', { body: { tag: TAG, description: 'Split a huge network into two sides.', edges: edges.slice(0, 3) }, auth: token });
    expect(big.status, big.text).toBe(422);
    expect(big.json.code).toBe('SVC_SANDBOX_NEEDS_N');
    expect(small.json.code).toBe('SVC_SANDBOX_NEEDS_N');
  }, 60_000);

  it('a keyed large valid solve is parsed, planned and solved on a solve worker: never JSON.parse\'d on this thread, the answer and receipt of the parsed path', async () => {
    const threshold = t.srv.service.bodies.checker.thresholdBytes;
    const body = ring(100_000);
    const text = JSON.stringify(body);
    expect(Buffer.byteLength(text)).toBeGreaterThan(threshold);
    const key = await verifiedKey(t, 'raw-solve@example.com');
    const inline = await start({ offloopBodyBytes: 1024 * 1024 * 1024 });
    const inlineKey = await verifiedKey(inline, 'raw-solve@example.com');
    const parse = vi.spyOn(JSON, 'parse');
    let large: number;
    let off;
    try {
      off = await call(t.url, 'POST', '/api/v1/solve/maxcut?effort=flash&seed=4', { raw: text, auth: key });
      large = parse.mock.calls.filter(([s]) => typeof s === 'string' && s.length >= threshold).length;
    } finally {
      parse.mockRestore();
    }
    expect(off.status, off.text).toBe(200);
    expect(large).toBe(0);
    const on = await call(inline.url, 'POST', '/api/v1/solve/maxcut?effort=flash&seed=4', { raw: text, auth: inlineKey });
    expect(on.status, on.text).toBe(200);
    for (const k of ['receipt', 'cut_value', 'answer', 'certainty', 'compute_units', 'seed', 'effort', 'version']) expect(off.json[k], k).toEqual(on.json[k]);
    // A refusal made on the worker is the document the main thread makes.
    const bad = { ...body, edges: [[0, 100_000, 1], ...body.edges] };
    const refused = await call(t.url, 'POST', '/api/v1/solve/maxcut', { body: bad, auth: key });
    const inlineRefused = await call(inline.url, 'POST', '/api/v1/solve/maxcut', { body: bad, auth: inlineKey });
    expect(refused.status, refused.text).toBe(inlineRefused.status);
    expect({ code: refused.json.code, detail: refused.json.detail }).toEqual({ code: inlineRefused.json.code, detail: inlineRefused.json.detail });
    await until(() => inFlight() === 0, 'the large bodies to be released');
  }, 120_000);

  it('the sandbox\'s large valid solve is checked on the check thread, then solved on a solve worker: never JSON.parse\'d on this thread', async () => {
    const sandbox = { bodyBytes: 64 * 1024 * 1024, dailyUnits: 100_000_000 };
    const off = await start({ sandbox });
    const inline = await start({ sandbox, offloopBodyBytes: 1024 * 1024 * 1024 });
    const n = off.srv.service.limits.sandbox.maxN;
    // Two strides of a ring: over the threshold, within the sandbox's n.
    const edges = Array.from({ length: 2 * n }, (_, i) => [i % n, (i % n + 1 + Math.floor(i / n)) % n, 1]);
    const text = JSON.stringify({ tag: TAG, description: 'Split a double ring of offices into two teams.', n, edges });
    const threshold = off.srv.service.bodies.checker.thresholdBytes;
    expect(Buffer.byteLength(text)).toBeGreaterThan(threshold);
    const parse = vi.spyOn(JSON, 'parse');
    let large: number;
    let got;
    try {
      got = await call(off.url, 'POST', '/api/v1/solve/maxcut?effort=flash&seed=9', { raw: text, auth: await sandboxToken(off.url) });
      large = parse.mock.calls.filter(([x]) => typeof x === 'string' && x.length >= threshold).length;
    } finally {
      parse.mockRestore();
    }
    expect(got.status, got.text).toBe(200);
    expect(large).toBe(0);
    const want = await call(inline.url, 'POST', '/api/v1/solve/maxcut?effort=flash&seed=9', { raw: text, auth: await sandboxToken(inline.url) });
    expect(want.status, want.text).toBe(200);
    for (const k of ['receipt', 'cut_value', 'answer', 'certainty', 'compute_units', 'seed', 'effort', 'version']) expect(got.json[k], k).toEqual(want.json[k]);
  }, 120_000);

  it('a keyed large solve that queues is stored as read and planned by the worker that runs its job: never JSON.parse\'d on this thread, from its POST to its answer', async () => {
    // Every plan queues; the job answers what the same job of a parsed body answers.
    const q = await start({ bodyBytesInFlight: 64 * 1024 * 1024, jobs: { queueThresholdWork: 1 }, access: { resultCacheBytes: 0 } });
    const inline = await start({ offloopBodyBytes: 1024 * 1024 * 1024, jobs: { queueThresholdWork: 1 }, access: { resultCacheBytes: 0 } });
    const threshold = q.srv.service.bodies.checker.thresholdBytes;
    const text = JSON.stringify(ring(100_000));
    expect(Buffer.byteLength(text)).toBeGreaterThan(threshold);
    const key = await verifiedKey(q, 'raw-job@example.com');
    const inlineKey = await verifiedKey(inline, 'raw-job@example.com');
    const finished = async (s: TestServer, k: string, id: string) => {
      for (;;) {
        const r = await call(s.url, 'GET', `/api/v1/jobs/${id}?wait=30`, { auth: k });
        if (r.json.status !== 'queued' && r.json.status !== 'running') return r;
      }
    };
    const parse = vi.spyOn(JSON, 'parse');
    let large: number;
    let ack;
    let job;
    try {
      ack = await call(q.url, 'POST', '/api/v1/solve/maxcut?effort=flash&seed=4', { raw: text, auth: key });
      expect(ack.status, ack.text).toBe(202);
      job = await finished(q, key, ack.json.job_id);
      large = parse.mock.calls.filter(([x]) => typeof x === 'string' && x.length >= threshold).length;
    } finally {
      parse.mockRestore();
    }
    expect(large).toBe(0);
    const inlineAck = await call(inline.url, 'POST', '/api/v1/solve/maxcut?effort=flash&seed=4', { raw: text, auth: inlineKey });
    expect(inlineAck.status, inlineAck.text).toBe(202);
    expect(ack.json.compute_units).toBe(inlineAck.json.compute_units);
    const inlineJob = await finished(inline, inlineKey, inlineAck.json.job_id);
    expect(job.json.status, job.text.slice(0, 500)).toBe('done');
    expect(inlineJob.json.status).toBe('done');
    for (const k of ['receipt', 'cut_value', 'answer', 'certainty', 'compute_units']) expect(job.json.result[k], k).toEqual(inlineJob.json.result[k]);
    expect(job.json.progress).toMatchObject({ share: 1, best: inlineJob.json.progress.best });
    // A stored body the worker refuses fails its job with the document of the parsed path.
    const bad = JSON.stringify({ ...ring(100_000), edges: [[0, 100_000, 1], ...ring(100_000).edges] });
    const refused = await call(q.url, 'POST', '/api/v1/solve/maxcut', { raw: bad, auth: key });
    const inlineRefused = await call(inline.url, 'POST', '/api/v1/solve/maxcut', { raw: bad, auth: inlineKey });
    expect(refused.status, refused.text).toBe(inlineRefused.status);
    expect(refused.json.code).toBe(inlineRefused.json.code);
  }, 180_000);

  it('an Idempotency-Key on a large body: its fingerprint is made on the solve worker; replayed, refused on another body, and never JSON.parse\'d here', async () => {
    const threshold = t.srv.service.bodies.checker.thresholdBytes;
    const body = ring(100_000);
    const text = JSON.stringify(body);
    const key = await verifiedKey(t, 'raw-keyed@example.com');
    const inline = await start({ offloopBodyBytes: 1024 * 1024 * 1024 });
    const inlineKey = await verifiedKey(inline, 'raw-keyed@example.com');
    const send = (s: TestServer, k: string, raw: string, idem: string) => call(s.url, 'POST', '/api/v1/solve/maxcut?effort=flash&seed=9', { raw, auth: k, headers: { 'content-type': 'application/json', 'idempotency-key': idem } });
    const parse = vi.spyOn(JSON, 'parse');
    let large: number;
    let first;
    let again;
    let other;
    try {
      first = await send(t, key, text, 'raw-k1');
      // The same request with its members spaced otherwise is the same JSON value: replayed.
      again = await send(t, key, JSON.stringify(body, null, 1), 'raw-k1');
      other = await send(t, key, JSON.stringify({ ...body, description: 'Split a huge ring of offices into two teams.' }), 'raw-k1');
      large = parse.mock.calls.filter(([x]) => typeof x === 'string' && x.length >= threshold).length;
    } finally {
      parse.mockRestore();
    }
    expect(large).toBe(0);
    expect(first.status, first.text).toBe(200);
    expect(again.status, again.text).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(other.status, other.text).toBe(409);
    expect(other.json.code).toBe('SVC_IDEMPOTENCY_CONFLICT');
    // The parsed path binds the key to the same fingerprint: the same answers there.
    const inlineFirst = await send(inline, inlineKey, text, 'raw-k1');
    expect(inlineFirst.json.receipt).toBe(first.json.receipt);
    // A refusal of the plan releases the key as on the parsed path; a body that is not JSON is refused before the key.
    const invalid = JSON.stringify({ ...body, edges: [[0, 100_000, 1], ...body.edges] });
    const r1 = await send(t, key, invalid, 'raw-k2');
    const r2 = await send(inline, inlineKey, invalid, 'raw-k2');
    expect(r1.status, r1.text).toBe(r2.status);
    expect(r1.json.code).toBe(r2.json.code);
    const retried = await send(t, key, text, 'raw-k2');
    expect(retried.status, retried.text).toBe(200);
    await until(() => inFlight() === 0, 'the large bodies to be released');
  }, 180_000);

  it('a large valid analyze is planned off the loop and answers the report the main thread would give', async () => {
    const edges = Array.from({ length: 200_000 }, (_, i) => [i % 1000, (i * 7 + 1) % 1000 === i % 1000 ? (i + 1) % 1000 : (i * 7 + 1) % 1000, 1 + (i % 5)]);
    const body = { tag: TAG, description: 'Split a huge network into two sides.', n: 1000, edges };
    expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(t.srv.service.bodies.checker.thresholdBytes);
    const inline = await start({ offloopBodyBytes: 1024 * 1024 * 1024, sandbox: { bodyBytes: 64 * 1024 * 1024 } });
    const inlineToken = await sandboxToken(inline.url);
    for (const q of ['', '?effort=high&max_latency_ms=5000']) {
      const off = await call(t.url, 'POST', `/api/v1/analyze/maxcut${q}`, { body, auth: token });
      const on = await call(inline.url, 'POST', `/api/v1/analyze/maxcut${q}`, { body, auth: inlineToken });
      expect(off.status, off.text).toBe(200);
      // The same report but for what is left of the day's units: the earlier tests of this file spent some on this server.
      const { compute_units_left: left, ...offReport } = off.json as Record<string, unknown>;
      const { compute_units_left: _fresh, ...onReport } = on.json as Record<string, unknown>;
      expect(typeof left).toBe('number');
      expect(JSON.stringify(offReport)).toBe(JSON.stringify(onReport));
    }
    // A query value the plan refuses is the same refusal.
    const bad = await call(t.url, 'POST', '/api/v1/analyze/maxcut?effort=extreme', { body, auth: token });
    expect(bad.status, bad.text).toBe((await call(inline.url, 'POST', '/api/v1/analyze/maxcut?effort=extreme', { body, auth: inlineToken })).status);
  }, 120_000);
});

describe('the raw lane under saturation', () => {
  it('a large body\'s 422 and 402 are not masked by SVC_WORKERS_SATURATED: its planning waits for a thread of its own', async () => {
    // One solve thread, no waiting room: one small solve in flight saturates the pool.
    const s = await start({ workerFile: verySlowWorker, workers: 1, workerQueue: 0, access: { freeDailyUnits: 50 } });
    const key = await verifiedKey(s, 'raw-saturated@example.com');
    const text = JSON.stringify(ring(100_000));
    expect(Buffer.byteLength(text)).toBeGreaterThan(s.srv.service.bodies.checker.thresholdBytes);
    const held = call(s.url, 'POST', '/api/v1/solve/maxcut?effort=flash&seed=1', { body: ring(5), auth: key });
    await new Promise((r) => setTimeout(r, 100));
    const saturated = await call(s.url, 'POST', '/api/v1/solve/maxcut?effort=flash&seed=2', { body: ring(5), auth: key });
    expect(saturated.json.code, saturated.text).toBe('SVC_WORKERS_SATURATED');
    const [invalid, unpaid] = await Promise.all([
      call(s.url, 'POST', '/api/v1/solve/maxcut', { raw: JSON.stringify({ ...ring(100_000), edges: [[0, 100_000, 1], ...ring(100_000).edges] }), auth: key }),
      call(s.url, 'POST', '/api/v1/solve/maxcut?effort=flash', { raw: text, auth: key }),
    ]);
    expect(invalid.status, invalid.text).toBe(422);
    expect(unpaid.status, unpaid.text).toBe(402);
    expect(unpaid.json.code).toBe('SVC_QUOTA_EXCEEDED');
    expect((await held).status).toBe(200);
  }, 120_000);
});
