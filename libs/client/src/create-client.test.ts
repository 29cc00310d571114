import { describe, expect, it } from 'vitest';
import { SvcError } from '@svc/errors';
import { createClient, type ClientOptions } from './index';

interface Seen {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

type Reply = Response | Error | ((req: Seen) => Response | Error);

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json', ...headers },
  });

const problem = (status: number, code: string, extra: Record<string, unknown> = {}) =>
  json(status, { type: `https://docs.svc.invalid/errors/${code}`, title: code, status, detail: `detail of ${code}`, code, retryable: false, ...extra });

const refused = () => new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }) });

/** A fetch that answers per path from queues of replies and records every request. */
function fakeServer(routes: Record<string, Reply[]>) {
  const seen: Seen[] = [];
  const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const req: Seen = { url, method: init?.method ?? 'GET', headers: { ...(init?.headers as Record<string, string>) }, body: init?.body as string | undefined };
    seen.push(req);
    const queue = routes[url.pathname];
    if (!queue || queue.length === 0) throw new Error(`unexpected request ${req.method} ${url.pathname}`);
    let reply = queue.length > 1 ? queue.shift()! : queue[0];
    if (typeof reply === 'function') reply = reply(req);
    if (reply instanceof Error) throw reply;
    return reply.clone();
  }) as typeof fetch;
  return { fetchFn, seen, of: (path: string) => seen.filter((r) => r.url.pathname === path) };
}

function client(server: ReturnType<typeof fakeServer>, extra: ClientOptions = {}) {
  const sleeps: number[] = [];
  const c = createClient({
    baseUrl: 'http://svc.test', env: {}, fetch: server.fetchFn, random: () => 0.5,
    sleep: async (ms) => { sleeps.push(ms); }, ...extra,
  });
  return { c, sleeps };
}

const OK = { answer: [1, 0, 1], energy: -2, certainty: 'certified optimum (proven by exhaustion)', receipt: 'r-1', tag: 'svc-cortex-v1' };
const SOLVE = '/api/v1/solve/optimize';
const PROBLEM = { description: 'choose which three lights to switch on', n: 3, linear: { 0: -1 } };

describe('createClient: requests', () => {
  it('sends a keyed solve with tag, query options, idempotency key and a descriptive User-Agent', async () => {
    const s = fakeServer({ [SOLVE]: [json(200, OK)] });
    const { c } = client(s, { apiKey: 'k-123' });
    const out = await c.solve('optimize', PROBLEM, { effort: 'max', seed: 7, maxLatencyMs: 50, version: 'v1' });
    expect(out).toEqual({ ok: true, result: OK, status: 200 });
    const [req] = s.seen;
    expect(req.method).toBe('POST');
    expect(req.headers.authorization).toBe('Bearer k-123');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['user-agent']).toMatch(/^svc-cli\/1\.0\.0 \(node \d+\.\d+\.\d+; \w+\)$/);
    expect(req.headers['idempotency-key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Object.fromEntries(req.url.searchParams)).toEqual({ effort: 'high', seed: '7', max_latency_ms: '50', version: 'v1' });
    const body = JSON.parse(req.body!);
    expect(body).toEqual({ tag: 'svc-cortex-v1', ...PROBLEM });
    expect(s.of('/api/v1/sandbox')).toHaveLength(0);
  });

  it('keeps an existing tag, never invents a description, and omits unset options', async () => {
    const s = fakeServer({ [SOLVE]: [json(200, OK)] });
    const { c } = client(s, { apiKey: 'k' });
    await c.solve('optimize', { tag: 'other', n: 1 }, { effort: 'low' });
    expect(JSON.parse(s.seen[0].body!)).toEqual({ tag: 'other', n: 1 });
    expect(Object.fromEntries(s.seen[0].url.searchParams)).toEqual({ effort: 'medium' });
  });

  it('reads SVC_BASE_URL and SVC_API_KEY from env and uses a fresh idempotency key per solve', async () => {
    const seen: string[] = [];
    const fetchFn = (async (u: string, init: RequestInit) => {
      seen.push(`${u} ${(init.headers as Record<string, string>).authorization} ${(init.headers as Record<string, string>)['idempotency-key']}`);
      return json(200, OK);
    }) as unknown as typeof fetch;
    const c = createClient({ env: { SVC_BASE_URL: 'http://env.test:9/prefix/', SVC_API_KEY: 'env-key' }, fetch: fetchFn });
    expect(c.baseUrl).toBe('http://env.test:9/prefix');
    await c.solve('maxcut', PROBLEM);
    await c.solve('maxcut', PROBLEM);
    expect(seen[0]).toMatch(/^http:\/\/env\.test:9\/prefix\/api\/v1\/solve\/maxcut Bearer env-key /);
    expect(seen[0].split(' ')[3]).not.toBe(seen[1].split(' ')[3]);
  });

  it('defaults to http://127.0.0.1:8080 and rejects an unusable base URL with SVC_CONFIG_INVALID', () => {
    expect(createClient({ env: {} }).baseUrl).toBe('http://127.0.0.1:8080');
    for (const bad of ['not a url', 'ftp://x.test']) {
      try {
        createClient({ baseUrl: bad, env: {} });
        expect.unreachable();
      } catch (e) {
        expect(e).toBeInstanceOf(SvcError);
        expect((e as SvcError).code).toBe('SVC_CONFIG_INVALID');
      }
    }
  });

  it('sends no credentials to health, capabilities and sandbox', async () => {
    const s = fakeServer({ '/healthz': [json(200, { status: 'ok' })], '/api/v1/capabilities': [json(200, { commands: [] })], '/api/v1/sandbox': [json(200, { token: 't' })] });
    const { c } = client(s, { apiKey: 'k' });
    expect(await c.health()).toEqual({ ok: true, result: { status: 'ok' }, status: 200 });
    expect(await c.capabilities()).toMatchObject({ ok: true, result: { commands: [] } });
    expect(await c.sandbox()).toMatchObject({ ok: true, result: { token: 't' } });
    expect(s.seen.every((r) => r.headers.authorization === undefined && r.method === 'GET')).toBe(true);
  });
});

describe('createClient: sandbox token', () => {
  it('fetches the public token once and caches it', async () => {
    const s = fakeServer({ '/api/v1/sandbox': [json(200, { token: 'sbx-1', limits: {} })], [SOLVE]: [json(200, OK)] });
    const { c } = client(s);
    await c.solve('optimize', PROBLEM);
    await c.solve('optimize', PROBLEM);
    expect(s.of('/api/v1/sandbox')).toHaveLength(1);
    expect(s.of(SOLVE).map((r) => r.headers.authorization)).toEqual(['Bearer sbx-1', 'Bearer sbx-1']);
  });

  it('re-fetches the token once on SVC_SANDBOX_CAPABILITY_REJECTED and retries with the same idempotency key', async () => {
    const s = fakeServer({
      '/api/v1/sandbox': [json(200, { token: 'old' }), json(200, { token: 'new' })],
      [SOLVE]: [(r) => (r.headers.authorization === 'Bearer new' ? json(200, OK) : problem(401, 'SVC_SANDBOX_CAPABILITY_REJECTED', { retryable: true }))],
    });
    const { c, sleeps } = client(s);
    const out = await c.solve('optimize', PROBLEM);
    expect(out).toMatchObject({ ok: true, result: OK });
    expect(s.seen.map((r) => `${r.url.pathname} ${r.headers.authorization ?? ''}`.trim())).toEqual([
      '/api/v1/sandbox', `${SOLVE} Bearer old`, '/api/v1/sandbox', `${SOLVE} Bearer new`,
    ]);
    const keys = new Set(s.of(SOLVE).map((r) => r.headers['idempotency-key']));
    expect(keys.size).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it('gives up with exit 2 when the fresh token is rejected too (one re-fetch only)', async () => {
    const s = fakeServer({
      '/api/v1/sandbox': [json(200, { token: 'a' }), json(200, { token: 'b' }), json(200, { token: 'c' })],
      [SOLVE]: [problem(401, 'SVC_SANDBOX_CAPABILITY_REJECTED', { retryable: true })],
    });
    const { c } = client(s);
    const out = await c.solve('optimize', PROBLEM);
    expect(out).toMatchObject({ ok: false, exitCode: 2, status: 401, error: { code: 'SVC_SANDBOX_CAPABILITY_REJECTED' } });
    expect(s.of('/api/v1/sandbox')).toHaveLength(2);
    expect(s.of(SOLVE)).toHaveLength(2);
  });

  it('never touches the sandbox when a key is configured, even if the service rejects it as a sandbox token', async () => {
    const s = fakeServer({ [SOLVE]: [problem(401, 'SVC_SANDBOX_CAPABILITY_REJECTED', { retryable: true })] });
    const { c } = client(s, { apiKey: 'prod' });
    const out = await c.solve('optimize', PROBLEM);
    expect(out).toMatchObject({ ok: false, exitCode: 2 });
    expect(s.seen).toHaveLength(1);
  });

  it('reports SVC_NO_CREDENTIALS (exit 2) when the sandbox offers no token, and does not cache the failure', async () => {
    const s = fakeServer({ '/api/v1/sandbox': [json(200, { limits: {} }), json(200, { token: 't' })], [SOLVE]: [json(200, OK)] });
    const { c } = client(s);
    expect(await c.solve('optimize', PROBLEM)).toMatchObject({ ok: false, exitCode: 2, error: { code: 'SVC_NO_CREDENTIALS' } });
    expect(await c.solve('optimize', PROBLEM)).toMatchObject({ ok: true });
  });

  it('passes a sandbox endpoint error through', async () => {
    const s = fakeServer({ '/api/v1/sandbox': [problem(404, 'SVC_NOT_FOUND')] });
    const { c } = client(s);
    expect(await c.solve('optimize', PROBLEM)).toMatchObject({ ok: false, exitCode: 3, status: 404, error: { code: 'SVC_NOT_FOUND' } });
  });
});

describe('createClient: retries', () => {
  it('honours a Retry-After header and reuses the idempotency key across retries', async () => {
    const routes = fakeServer({
      [SOLVE]: [
        json(503, { type: 't', title: 'Busy', status: 503, detail: 'busy', code: 'SVC_BUSY', retryable: true }, { 'retry-after': '3' }),
        json(200, OK),
      ],
    });
    const { c, sleeps } = client(routes, { apiKey: 'k' });
    const out = await c.solve('optimize', PROBLEM);
    expect(out).toMatchObject({ ok: true, result: OK });
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThanOrEqual(3000);
    expect(sleeps[0]).toBeLessThanOrEqual(4000);
    const keys = routes.of(SOLVE).map((r) => r.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('honours retry_after from the problem document when there is no header', async () => {
    const s = fakeServer({ [SOLVE]: [problem(409, 'SVC_IDEMPOTENCY_IN_PROGRESS', { retryable: true, retry_after: 1 }), json(200, OK)] });
    const { c, sleeps } = client(s, { apiKey: 'k' });
    expect(await c.solve('optimize', PROBLEM)).toMatchObject({ ok: true });
    expect(sleeps[0]).toBeGreaterThanOrEqual(1000);
  });

  it('stops after 3 attempts with growing jittered waits; exit 1', async () => {
    const s = fakeServer({ [SOLVE]: [problem(500, 'SVC_INTERNAL', { retryable: true })] });
    const { c, sleeps } = client(s, { apiKey: 'k' });
    const out = await c.solve('optimize', PROBLEM);
    expect(out).toMatchObject({ ok: false, exitCode: 1, status: 500, error: { code: 'SVC_INTERNAL' } });
    expect(s.seen).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
    expect(sleeps[1]).toBeGreaterThan(sleeps[0]);
    expect(new Set(s.seen.map((r) => r.headers['idempotency-key'])).size).toBe(1);
  });

  it("honours the service's own 60 s Retry-After by default (SVC_COMPUTE_RATE_LIMIT), telling onRetry", async () => {
    const s = fakeServer({ [SOLVE]: [json(429, { type: 't', title: 'r', status: 429, detail: 'budget', code: 'SVC_COMPUTE_RATE_LIMIT', retryable: true, retry_after: 60 }, { 'retry-after': '60' }), json(200, OK)] });
    const told: unknown[] = [];
    const { c, sleeps } = client(s, { apiKey: 'k', onRetry: (r: unknown) => told.push(r) });
    expect(await c.solve('optimize', PROBLEM)).toMatchObject({ ok: true, result: OK });
    expect(sleeps).toEqual([60_000]);
    expect(told).toEqual([{ code: 'SVC_COMPUTE_RATE_LIMIT', status: 429, retry: 1, of: 2, delayMs: 60_000, retryAfterMs: 60_000 }]);
  });

  it('does not wait longer than the cap: a longer Retry-After ends the retries at once', async () => {
    const s = fakeServer({ [SOLVE]: [json(429, { type: 't', title: 'r', status: 429, detail: 'slow down', code: 'SVC_RATE_LIMITED', retryable: true, retry_after: 60 }, { 'retry-after': '60' })] });
    const { c, sleeps } = client(s, { apiKey: 'k', maxRetryWaitMs: 5000 });
    const out = await c.solve('optimize', PROBLEM);
    expect(out).toMatchObject({ ok: false, exitCode: 1, error: { code: 'SVC_RATE_LIMITED', retry_after: 60 } });
    expect(s.seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('respects retries: 0', async () => {
    const s = fakeServer({ [SOLVE]: [refused()] });
    const { c } = client(s, { apiKey: 'k', retries: 0 });
    expect(await c.solve('optimize', PROBLEM)).toMatchObject({ ok: false, exitCode: 1 });
    expect(s.seen).toHaveLength(1);
  });

  it('does not retry a non-retryable error and keeps the server document as sent', async () => {
    const s = fakeServer({ [SOLVE]: [problem(422, 'SVC_INVALID_INPUT', { field: 'n', next_actions: [{ action: 'repair_request', requires_human_approval: false }] })] });
    const { c, sleeps } = client(s, { apiKey: 'k' });
    const out = await c.solve('optimize', PROBLEM);
    expect(out).toMatchObject({ ok: false, exitCode: 3, status: 422, error: { code: 'SVC_INVALID_INPUT', field: 'n', detail: 'detail of SVC_INVALID_INPUT' } });
    expect(s.seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it.each([
    [401, 'SVC_UNAUTHENTICATED', 2], [403, 'SVC_SANDBOX_LIMIT', 2], [402, 'SVC_QUOTA_EXCEEDED', 1],
    [404, 'SVC_UNSUPPORTED', 3], [413, 'SVC_PAYLOAD_TOO_LARGE', 3], [409, 'SVC_IDEMPOTENCY_CONFLICT', 3], [501, 'SVC_STORAGE_UNAVAILABLE', 3],
  ])('HTTP %i %s maps to exit %i', async (status, code, exit) => {
    const s = fakeServer({ [SOLVE]: [problem(status, code)] });
    const { c } = client(s, { apiKey: 'k' });
    expect(await c.solve('optimize', PROBLEM)).toMatchObject({ ok: false, exitCode: exit, status, error: { code } });
  });
});

describe('createClient: faults never throw', () => {
  it('maps a non-JSON body (an edge proxy page) to SVC_UPSTREAM_INVALID_RESPONSE, retried, exit 1', async () => {
    const html = new Response('<html><body>Your request was blocked</body></html>', { status: 403, headers: { 'content-type': 'text/html' } });
    const s = fakeServer({ [SOLVE]: [html] });
    const { c, sleeps } = client(s, { apiKey: 'k' });
    const out = await c.solve('optimize', PROBLEM);
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.exitCode).toBe(1);
    expect(out.error.code).toBe('SVC_UPSTREAM_INVALID_RESPONSE');
    expect(out.error.detail).toContain('Your request was blocked');
    expect(out.error.detail).toContain('text/html');
    expect(s.seen).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
  });

  it('maps a 200 with a non-JSON body to SVC_UPSTREAM_INVALID_RESPONSE', async () => {
    const s = fakeServer({ '/healthz': [new Response('ok', { status: 200 })] });
    const { c } = client(s, { retries: 0 });
    expect(await c.health()).toMatchObject({ ok: false, exitCode: 1, status: 200, error: { code: 'SVC_UPSTREAM_INVALID_RESPONSE' } });
  });

  it('maps JSON that is not a known problem document to SVC_UPSTREAM_INVALID_RESPONSE', async () => {
    const s = fakeServer({ [SOLVE]: [json(404, { message: 'Route GET:/x not found' })] });
    const { c } = client(s, { apiKey: 'k', retries: 0 });
    expect(await c.solve('optimize', PROBLEM)).toMatchObject({ ok: false, exitCode: 1, error: { code: 'SVC_UPSTREAM_INVALID_RESPONSE', upstream_status: 404 } });
  });

  it('maps a connection failure to SVC_NETWORK after bounded retries, exit 1', async () => {
    const s = fakeServer({ '/api/v1/sandbox': [refused()] });
    const { c, sleeps } = client(s);
    const out = await c.solve('optimize', PROBLEM);
    expect(out).toMatchObject({ ok: false, exitCode: 1, status: null, error: { code: 'SVC_NETWORK', retryable: true } });
    if (!out.ok) expect(out.error.detail).toContain('ECONNREFUSED');
    // A document built here links the configured service's reference page (never a placeholder domain).
    if (!out.ok) expect(out.error.type).toBe('http://svc.test/errors/SVC_NETWORK');
    expect(s.seen).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
  });

  it('maps a body read failure and a timeout to SVC_NETWORK', async () => {
    const broken = { ok: true, status: 200, headers: new Headers(), text: async () => { throw new Error('socket hang up'); } } as unknown as Response;
    const timeout = Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' });
    const s = fakeServer({ '/healthz': [broken, timeout] });
    const { c } = client(s, { retries: 0 });
    expect(await c.health()).toMatchObject({ ok: false, error: { code: 'SVC_NETWORK' } });
    const out = await c.health();
    expect(out).toMatchObject({ ok: false, error: { code: 'SVC_NETWORK' } });
    if (!out.ok) expect(out.error.detail).toContain('timed out');
  });

  it('rejects a problem that cannot be encoded as JSON locally (exit 3, nothing sent)', async () => {
    const s = fakeServer({});
    const { c } = client(s, { apiKey: 'k' });
    expect(await c.solve('optimize', { description: 'x'.repeat(12), n: 10n })).toMatchObject({ ok: false, exitCode: 3, error: { code: 'SVC_INVALID_INPUT' } });
    expect(s.seen).toHaveLength(0);
  });
});

describe('createClient: queued jobs', () => {
  const ACK = { status: 'queued', job_id: 'j1', poll: '/api/v1/jobs/j1?wait=30', compute_units: 5, tag: 'svc-cortex-v1' };

  function clock() {
    let t = 1_000_000;
    return { now: () => t, sleep: async (ms: number) => { t += ms; }, advance: (ms: number) => { t += ms; } };
  }

  it('follows a 202 to the result, polling with the same credential', async () => {
    const s = fakeServer({
      [SOLVE]: [json(202, ACK)],
      '/api/v1/jobs/j1': [json(200, { job_id: 'j1', status: 'running' }), json(200, { job_id: 'j1', status: 'done', result: OK })],
    });
    const k = clock();
    const c = createClient({ baseUrl: 'http://svc.test', env: {}, apiKey: 'k', fetch: s.fetchFn, now: k.now, sleep: k.sleep });
    expect(await c.solve('optimize', PROBLEM)).toEqual({ ok: true, result: OK, status: 200 });
    const polls = s.of('/api/v1/jobs/j1');
    expect(polls).toHaveLength(2);
    expect(polls[0].headers.authorization).toBe('Bearer k');
    expect(polls[0].url.searchParams.get('wait')).toBe('30');
  });

  it('returns the acknowledgement with follow: false', async () => {
    const s = fakeServer({ [SOLVE]: [json(202, ACK)] });
    const { c } = client(s, { apiKey: 'k' });
    expect(await c.solve('optimize', PROBLEM, { follow: false })).toEqual({ ok: true, result: ACK, status: 202 });
  });

  it('ends with SVC_JOB_WAIT_TIMEOUT (exit 1) naming the job, and never resubmits', async () => {
    const k = clock();
    const s = fakeServer({
      [SOLVE]: [json(202, ACK)],
      '/api/v1/jobs/j1': [() => { k.advance(400); return json(200, { job_id: 'j1', status: 'running' }); }],
    });
    const c = createClient({ baseUrl: 'http://svc.test', env: {}, apiKey: 'k', fetch: s.fetchFn, now: k.now, sleep: k.sleep });
    const out = await c.solve('optimize', PROBLEM, { waitTimeoutMs: 5000 });
    expect(out).toMatchObject({ ok: false, exitCode: 1, error: { code: 'SVC_JOB_WAIT_TIMEOUT', job_id: 'j1' } });
    expect(s.of(SOLVE)).toHaveLength(1);
    expect(s.of('/api/v1/jobs/j1').length).toBe(5);
    expect(s.of('/api/v1/jobs/j1').at(-1)!.url.searchParams.get('wait')).toBe('1');
  });

  it('returns a failed job\'s problem document', async () => {
    const failedDoc = { type: 't', title: 'Engine failure', status: 503, detail: 'boom', code: 'SVC_ENGINE_FAILURE', retryable: true };
    const s = fakeServer({ [SOLVE]: [json(202, ACK)], '/api/v1/jobs/j1': [json(200, { job_id: 'j1', status: 'failed', error: failedDoc })] });
    const { c } = client(s, { apiKey: 'k' });
    expect(await c.solve('optimize', PROBLEM)).toMatchObject({ ok: false, exitCode: 1, error: failedDoc });
  });

  it('job(id) reads one job record', async () => {
    const s = fakeServer({ '/api/v1/jobs/a%2Fb': [json(200, { job_id: 'a/b', status: 'queued' })] });
    const { c } = client(s, { apiKey: 'k' });
    expect(await c.job('a/b', { waitSeconds: 0 })).toMatchObject({ ok: true, result: { status: 'queued' } });
    expect(s.seen[0].url.search).toBe('?wait=0');
  });
});

describe('createClient: helper operations', () => {
  it('sends analyze/estimate/preflight, route and verify with the credential and tag; formulate and catalogues without', async () => {
    const s = fakeServer({
      '/api/v1/estimate/maxcut': [json(200, { valid: true, compute_units: 2 })],
      '/api/v1/route': [json(200, { candidates: [] })],
      '/api/v1/verify/maxcut': [json(200, { ok: true, checks: [] })],
      '/api/v1/formulate/maxcut': [json(200, { command: 'maxcut' })],
      '/api/v1/examples': [json(200, { examples: [] })],
      '/api/v1/models': [json(200, { versions: [] })],
      '/api/v1/pricing': [json(200, { plans: [] })],
      '/.well-known/svc-agent-card.json': [json(200, { name: 'svc' })],
      '/api/v1/openapi.json': [json(200, { openapi: '3.1.0' })],
    });
    const { c } = client(s, { apiKey: 'k' });
    expect(await c.analyze('maxcut', PROBLEM, { route: 'estimate', effort: 'max', seed: 1 })).toMatchObject({ ok: true, result: { compute_units: 2 } });
    expect(await c.route(PROBLEM)).toMatchObject({ ok: true });
    expect(await c.verify('maxcut', PROBLEM, [0, 1, 0])).toMatchObject({ ok: true, result: { ok: true } });
    for (const f of [c.formulate.bind(c, 'maxcut'), c.examples, c.models, c.pricing, c.agentCard, c.openapi]) expect((await f()).ok).toBe(true);
    const [est, route, verify, ...open] = s.seen;
    expect(Object.fromEntries(est.url.searchParams)).toEqual({ effort: 'high', seed: '1' });
    expect(JSON.parse(est.body!)).toEqual({ tag: 'svc-cortex-v1', ...PROBLEM });
    expect(JSON.parse(route.body!).tag).toBe('svc-cortex-v1');
    expect(JSON.parse(verify.body!)).toEqual({ problem: { tag: 'svc-cortex-v1', ...PROBLEM }, answer: [0, 1, 0] });
    for (const r of [est, route, verify]) expect(r.headers.authorization).toBe('Bearer k');
    expect(open.every((r) => r.headers.authorization === undefined && r.method === 'GET')).toBe(true);
  });

  it('prepareSolve is the exact request solve sends (minus authorization)', async () => {
    const s = fakeServer({ [SOLVE]: [json(200, OK)] });
    const { c } = client(s, { apiKey: 'k' });
    const p = c.prepareSolve('optimize', PROBLEM, { seed: 3, idempotencyKey: 'idem-1' });
    if (!p.ok) throw new Error('not prepared');
    expect(p.result.headers).not.toHaveProperty('authorization');
    await c.send(p.result);
    expect(s.seen[0].url.href).toBe(p.result.url);
    expect(s.seen[0].body).toBe(p.result.body);
    expect(s.seen[0].headers).toEqual({ ...p.result.headers, authorization: 'Bearer k' });
    expect(s.seen[0].headers['idempotency-key']).toBe('idem-1');
  });

  it('sends SVCB bytes to /api/v1/compute/binary as application/octet-stream with an idempotency key', async () => {
    let body: unknown;
    const fetchFn = (async (u: string, init: RequestInit) => {
      body = init.body;
      expect(new URL(u).pathname).toBe('/api/v1/compute/binary');
      expect((init.headers as Record<string, string>)['content-type']).toBe('application/octet-stream');
      expect((init.headers as Record<string, string>)['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
      return json(200, OK);
    }) as unknown as typeof fetch;
    const c = createClient({ baseUrl: 'http://svc.test', env: {}, apiKey: 'k', fetch: fetchFn });
    const bytes = new Uint8Array([0x53, 0x56, 0x43, 0x42]);
    expect(await c.computeBinary(bytes, { version: 'v' })).toMatchObject({ ok: true });
    expect(body).toBe(bytes);
  });

  it('names the configured agent in the User-Agent', async () => {
    const s = fakeServer({ [SOLVE]: [json(200, OK)] });
    const { c } = client(s, { apiKey: 'k', agent: { family: 'claude code', model: 'opus/4' } });
    await c.solve('optimize', PROBLEM);
    expect(s.seen[0].headers['user-agent']).toMatch(/^svc-cli\/1\.0\.0 \(node [\d.]+; \w+\) agent\/claude-code\/opus-4$/);
  });
});

describe('createClient: accounts and keys', () => {
  it('register and verifyEmail send no credential; keys need a real key and never the sandbox token', async () => {
    const s = fakeServer({
      '/api/v1/accounts': [json(201, { key: { token: 'svck_x' } })],
      '/api/v1/email/verify': [json(200, { email_verified: true })],
      '/api/v1/sandbox': [json(200, { token: 'sbx' })],
    });
    const { c } = client(s);
    expect(c.credentialKind).toBe('sandbox');
    expect(await c.register('ada@example.com')).toMatchObject({ ok: true, status: 201 });
    expect(await c.verifyEmail('svce_t')).toMatchObject({ ok: true });
    expect(s.seen.map((r) => r.headers.authorization)).toEqual([undefined, undefined]);
    expect(JSON.parse(s.seen[0].body!)).toEqual({ email: 'ada@example.com' });
    for (const out of [await c.keysList(), await c.keysCreate({ scopes: ['solve'] }), await c.keysRevoke('id'), await c.resendVerification()]) {
      expect(out).toMatchObject({ ok: false, exitCode: 2, status: null, error: { code: 'SVC_NO_CREDENTIALS' } });
    }
    expect(s.seen).toHaveLength(2);
  });

  it('lists, creates and revokes keys with the key', async () => {
    const s = fakeServer({
      '/api/v1/keys': [(r) => (r.method === 'GET' ? json(200, { keys: [] }) : json(201, { id: 'k2', token: 'svck_k2' }))],
      '/api/v1/keys/k2': [json(200, { id: 'k2', status: 'revoked' })],
    });
    const { c } = client(s, { apiKey: 'svck_main' });
    expect(await c.keysList()).toMatchObject({ ok: true, result: { keys: [] } });
    expect(await c.keysCreate({ scopes: ['solve', 'analyze'], name: 'ci' })).toMatchObject({ ok: true, status: 201 });
    expect(await c.keysRevoke('k2')).toMatchObject({ ok: true, result: { status: 'revoked' } });
    expect(s.seen.map((r) => `${r.method} ${r.url.pathname} ${r.headers.authorization}`)).toEqual([
      'GET /api/v1/keys Bearer svck_main', 'POST /api/v1/keys Bearer svck_main', 'DELETE /api/v1/keys/k2 Bearer svck_main',
    ]);
    expect(JSON.parse(s.seen[1].body!)).toEqual({ scopes: ['solve', 'analyze'], name: 'ci' });
  });

  it('sandboxOnly ignores a configured key and uses the public token', async () => {
    const s = fakeServer({ '/api/v1/sandbox': [json(200, { token: 'sbx' })], [SOLVE]: [json(200, OK)] });
    const c = createClient({ baseUrl: 'http://svc.test', env: { SVC_API_KEY: 'prod' }, fetch: s.fetchFn, sandboxOnly: true });
    expect(c.credentialKind).toBe('sandbox');
    await c.solve('optimize', PROBLEM);
    expect(s.of(SOLVE)[0].headers.authorization).toBe('Bearer sbx');
    expect(await c.credential()).toMatchObject({ ok: true, result: { kind: 'sandbox', token: 'sbx' } });
  });
});

describe('createClient: following jobs', () => {
  it('reports progress while queued or running and polls with short waits when watched', async () => {
    const s = fakeServer({
      '/api/v1/jobs/j7': [
        json(200, { job_id: 'j7', status: 'queued' }),
        json(200, { job_id: 'j7', status: 'running', progress: { share_done: 0.5 } }),
        json(200, { job_id: 'j7', status: 'done', result: OK }),
      ],
    });
    const { c } = client(s, { apiKey: 'k' });
    const seen: string[] = [];
    const out = await c.followJob('j7', { onProgress: (j) => seen.push(`${j.status}:${j.progress?.share_done ?? '-'}`) });
    expect(out).toMatchObject({ ok: true, result: OK });
    expect(seen).toEqual(['queued:-', 'running:0.5']);
    expect(s.seen.every((r) => r.url.searchParams.get('wait') === '2')).toBe(true);
  });

  it('never sends the credential to a poll URL on another origin', async () => {
    const s = fakeServer({
      [SOLVE]: [json(202, { status: 'queued', job_id: 'j1', poll: 'http://evil.test/api/v1/jobs/j1?wait=30' })],
      '/api/v1/jobs/j1': [json(200, { job_id: 'j1', status: 'done', result: OK })],
    });
    const { c } = client(s, { apiKey: 'k' });
    expect(await c.solve('optimize', PROBLEM)).toMatchObject({ ok: true });
    expect(s.seen.every((r) => r.url.host === 'svc.test')).toBe(true);
  });

  it('names the job on a poll failure, and reports a cancelled job as SVC_ERROR (exit 3)', async () => {
    const s = fakeServer({
      '/api/v1/jobs/j1': [problem(401, 'SVC_UNAUTHENTICATED')],
      '/api/v1/jobs/j2': [json(200, { job_id: 'j2', status: 'cancelled' })],
      '/api/v1/jobs/j2/cancel': [json(200, { job_id: 'j2', status: 'cancelled' })],
    });
    const { c } = client(s, { apiKey: 'k' });
    expect(await c.followJob('j1')).toMatchObject({ ok: false, exitCode: 2, error: { code: 'SVC_UNAUTHENTICATED', job_id: 'j1' } });
    expect(await c.cancel('j2')).toMatchObject({ ok: true, result: { status: 'cancelled' } });
    expect(s.of('/api/v1/jobs/j2/cancel')[0].method).toBe('POST');
    expect(await c.followJob('j2')).toMatchObject({ ok: false, exitCode: 3, error: { code: 'SVC_ERROR', job_id: 'j2' } });
  });
});
