import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeSvcb, MODEL_VERSION, type SvcbProblem } from '@svc/service';
import { TAG, call, expectProblem, sandboxToken, start, stopAll, type Reply, type TestServer } from '../test/helpers';

// The binary lane (docs/svcb.md) through real requests: the JSON lane's contracts, the same
// receipts, and every malformed body answered 422 naming its byte offset.
const DESC = 'Split the fleet into two balanced shifts tonight.';
const OCTET = { 'content-type': 'application/octet-stream' };
let t: TestServer;
let token: string;

const bin = (t: TestServer, bytes: Uint8Array, opts: { query?: string; auth?: string | null; headers?: Record<string, string> } = {}): Promise<Reply> =>
  call(t.url, 'POST', `/api/v1/compute/binary${opts.query ? `?${opts.query}` : ''}`, { raw: bytes, auth: opts.auth === undefined ? token : opts.auth, headers: { ...OCTET, ...(opts.headers ?? {}) } });

const qubo: SvcbProblem = {
  command: 'optimize', n: 10, description: DESC,
  linear: { '0': -3, '3': 2, '9': -1 },
  pairs: [[0, 1, 2], [1, 2, -4], [3, 9, -2], [2, 0, 1], [0, 1, 1], [4, 4, -3], [5, 8, 0]],
};
const jsonOf = (p: SvcbProblem) => p.command === 'optimize'
  ? { tag: TAG, description: p.description, n: p.n, linear: p.linear, quadratic: p.pairs }
  : { tag: TAG, description: p.description, n: p.n, edges: p.pairs };
const cut: SvcbProblem = { command: 'maxcut', n: 8, description: DESC, pairs: [[0, 1, 3], [1, 2, 1], [2, 3, 4], [3, 0, 2], [4, 5, 1], [5, 6, 5], [6, 7, 2], [7, 4, 1], [0, 4, -1], [2, 6, 3], [1, 0, 2]] };

function patched(p: SvcbProblem, write: (dv: DataView) => void): Uint8Array {
  const b = encodeSvcb(p)!.slice();
  write(new DataView(b.buffer));
  return b;
}

beforeAll(async () => {
  t = await start({ access: { resultCacheBytes: 0 } });
  token = await sandboxToken(t.url);
});
afterAll(stopAll);

describe('POST /api/v1/compute/binary', () => {
  it('answers like the JSON lane, with the same receipt, for optimize and maxcut, with effort, seed and version', async () => {
    for (const [p, query] of [[qubo, 'effort=flash&seed=5'], [cut, 'seed=2&version=latest'], [qubo, 'effort=high']] as const) {
      const b = await bin(t, encodeSvcb(p)!, { query });
      const j = await call(t.url, 'POST', `/api/v1/solve/${p.command}?${query}`, { body: jsonOf(p), auth: token });
      expect(b.status).toBe(200);
      expect(j.status).toBe(200);
      expect(b.json.receipt).toBe(j.json.receipt);
      const strip = (e: Record<string, any>) => ({ ...e, observability: 0, elapsed_ms: 0, peak_rss_kb: 0, compute_units_left: 0 });
      expect(strip(b.json)).toEqual(strip(j.json));
      expect(b.json).toMatchObject({ tag: TAG, engine: 'ts', version: MODEL_VERSION });
    }
  });

  it('carries the latency, idempotency and quota contracts', async () => {
    const r = await bin(t, encodeSvcb(cut)!, { query: 'max_latency_ms=25' });
    expect(r.json).toMatchObject({ latency_budget_ms: 25 });
    expect(typeof r.json.stopped_at_deadline).toBe('boolean');
    const before = (await call(t.url, 'GET', '/api/v1/usage', { auth: token })).json.compute_units_used;
    const a = await bin(t, encodeSvcb(qubo)!, { headers: { 'idempotency-key': 'bin-1' } });
    const again = await bin(t, encodeSvcb(qubo)!, { headers: { 'idempotency-key': 'bin-1' } });
    expect(again.json).toEqual(a.json);
    expect((await call(t.url, 'GET', '/api/v1/usage', { auth: token })).json.compute_units_used).toBe(before + a.json.compute_units);
    expectProblem(await bin(t, encodeSvcb(cut)!, { headers: { 'idempotency-key': 'bin-1' } }), 409, 'SVC_IDEMPOTENCY_CONFLICT');
  });

  it('queues a heavy binary solve like a JSON one; the job answer has the JSON receipt', async () => {
    const q = await start({ jobs: { queueThresholdWork: 1 }, access: { resultCacheBytes: 0 } });
    const tk = await sandboxToken(q.url);
    const r = await call(q.url, 'POST', '/api/v1/compute/binary?seed=3', { raw: encodeSvcb(cut)!, auth: tk, headers: OCTET });
    expect(r.status).toBe(202);
    const done = (await call(q.url, 'GET', r.json.poll, { auth: tk })).json;
    const j = await call(q.url, 'POST', '/api/v1/solve/maxcut?seed=3', { body: jsonOf(cut), auth: tk });
    const jd = (await call(q.url, 'GET', j.json.poll, { auth: tk })).json;
    expect(done.status).toBe('done');
    expect(done.result.receipt).toBe(jd.result.receipt);
  });

  it('names the byte offset of every malformed body (422 SVC_INVALID_INPUT)', async () => {
    const good = encodeSvcb(qubo)!;
    const descEnd = 24 + new TextEncoder().encode(DESC).length;
    const cases: [Uint8Array, number, RegExp][] = [
      [good.slice(0, 10), 10, /header is truncated/],
      [patched(qubo, (dv) => dv.setUint8(0, 0x58)), 0, /magic/],
      [patched(qubo, (dv) => dv.setUint16(4, 2, true)), 4, /version 2/],
      [patched(qubo, (dv) => dv.setUint16(6, 9, true)), 6, /command code 9/],
      [patched(qubo, (dv) => dv.setUint32(20, 100_000, true)), good.length, /description/],
      [new Uint8Array([...good, 0, 0, 0]), good.length, /trailing/],
      [good.slice(0, good.length - 5), descEnd + 8 * 3 + 12 * 6, /ends inside the data/],
      [patched(qubo, (dv) => dv.setUint32(descEnd, 10, true)), descEnd, /index 10 is out of range/],
      [patched(qubo, (dv) => dv.setUint32(descEnd + 24 + 4, 77, true)), descEnd + 24 + 4, /index 77/],
      [patched(qubo, (dv) => dv.setUint32(8, 0, true)), 8, /n must be at least 1/],
      [encodeSvcb({ ...cut, pairs: [[0, 1, 1], [3, 3, 2]] })!, descEnd + 12, /self-pair/],
      [encodeSvcb({ ...cut, linear: { '0': 1 } })!, 16, /no linear terms/],
      [encodeSvcb({ ...cut, pairs: [] })!, 12, /at least one edge/],
    ];
    for (const [bytes, offset, detail] of cases) {
      const r = await bin(t, bytes);
      expectProblem(r, 422, 'SVC_INVALID_INPUT');
      expect(r.json.offset, r.json.detail).toBe(offset);
      expect(r.json.detail).toMatch(new RegExp(`^SVCB byte offset ${offset}: `));
      expect(r.json.detail).toMatch(detail);
    }
    const bad = new Uint8Array(good);
    bad.set([0xff, 0xfe], 24);
    expect((await bin(t, bad)).json).toMatchObject({ code: 'SVC_INVALID_INPUT', offset: 24 });
  });

  it('keeps the precedence: query 404 → auth → body size → content type → framing → description → schema → sizes', async () => {
    const good = encodeSvcb(qubo)!;
    expectProblem(await bin(t, good, { query: 'speed=1', auth: null }), 404, 'SVC_UNSUPPORTED');
    expectProblem(await bin(t, good, { auth: null }), 401, 'SVC_UNAUTHENTICATED');
    expectProblem(await call(t.url, 'POST', '/api/v1/compute/binary', { body: jsonOf(qubo), auth: token }), 422, 'SVC_INVALID_INPUT');
    const short = encodeSvcb({ ...qubo, description: 'tiny' })!;
    expectProblem(await bin(t, short), 422, 'SVC_MISSING_DESCRIPTION');
    expectProblem(await bin(t, patched(qubo, (dv) => dv.setUint32(8, 200_000, true))), 422, 'SVC_DIMENSION_LIMIT');
    const sandboxBig = await bin(t, encodeSvcb({ command: 'maxcut', n: 60_000, description: DESC, pairs: [[0, 59_999, 1]] })!);
    expectProblem(sandboxBig, 403, 'SVC_SANDBOX_LIMIT');
    expectProblem(await bin(t, good, { query: 'version=2001-01-01' }), 422, 'SVC_UNKNOWN_VERSION');
    const small = await start({ maxBodyBytes: 2048 });
    const tk = await sandboxToken(small.url);
    const huge = encodeSvcb({ command: 'maxcut', n: 400, description: DESC, pairs: Array.from({ length: 300 }, (_, k) => [k, k + 1, 1] as [number, number, number]) })!;
    const over = await call(small.url, 'POST', '/api/v1/compute/binary', { raw: huge, auth: tk, headers: OCTET });
    expectProblem(over, 413, 'SVC_RESOURCE_LIMIT');
    // Size outranks the content type.
    expectProblem(await call(small.url, 'POST', '/api/v1/compute/binary', { raw: huge, auth: tk, headers: { 'content-type': 'text/plain' } }), 413, 'SVC_RESOURCE_LIMIT');
    expectProblem(await call(small.url, 'POST', '/api/v1/compute/binary', { raw: good, auth: tk, headers: { 'content-type': 'text/plain' } }), 422, 'SVC_INVALID_INPUT');
  });

  it('encodes only what SVCB can carry (integer i32 weights)', () => {
    expect(encodeSvcb({ ...qubo, linear: { '0': 0.5 } })).toBeNull();
    expect(encodeSvcb({ ...cut, pairs: [[0, 1, 2 ** 31]] })).toBeNull();
    expect(encodeSvcb(cut)!.length).toBe(24 + new TextEncoder().encode(DESC).length + 12 * cut.pairs!.length);
  });
});
