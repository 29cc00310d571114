import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVED_COMMANDS, responseSchemas } from '@svc/contracts';
import { MODEL_VERSION, SOLVABLE_COMMANDS, createDoor, type Door } from '@svc/service';
import { buildServer, type RunningServer } from './index';
import {
  bruteMaxcut, bruteQubo, call, lcg, lyingWorker, sandboxToken, startWithDefaultLimits, stopAll, type Reply, type Triple,
} from '../test/helpers';

const TAG = 'svc-cortex-v1';
const desc = 'Split the delivery fleet into two balanced shifts.';
const PROBLEM = 'application/problem+json';

let srv: RunningServer;
let token: string;

/** `r` with its body parsed strictly: a body that is not JSON throws. */
function strict(r: Reply): Reply {
  return { ...r, json: JSON.parse(r.text) as Record<string, any> };
}

async function solve(command: string, body: unknown, opts: { query?: string; auth?: string | null; headers?: Record<string, string>; raw?: string | Uint8Array } = {}) {
  const auth = opts.auth === undefined ? `Bearer ${token}` : opts.auth;
  const headers = { 'content-type': 'application/json', ...(opts.headers ?? {}) };
  return strict(await call(srv.url, 'POST', `/api/v1/solve/${command}${opts.query ? `?${opts.query}` : ''}`, { body, raw: opts.raw, auth, headers }));
}

function expectProblem(r: { status: number; type: string; json: Record<string, any>; text: string }, status: number, code: string) {
  expect({ status: r.status, code: r.json.code }).toEqual({ status, code });
  expect(r.type).toBe(PROBLEM);
  expect(r.json.status).toBe(status);
  expect(r.json.type).toMatch(new RegExp(`/errors/${code}$`));
  expect(r.json.error.code).toBe(code);
  expect(typeof r.json.detail).toBe('string');
  expect(Array.isArray(r.json.next_actions)).toBe(true);
  expect(r.text).not.toMatch(/\n\s+at /);
}

beforeAll(async () => {
  srv = (await startWithDefaultLimits()).srv;
  token = await sandboxToken(srv.url);
});

afterAll(stopAll);

describe('metadata routes', () => {
  it('GET /healthz names the engine', async () => {
    const res = await fetch(`${srv.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toMatchObject({ status: 'ok', engine: 'ts', version: MODEL_VERSION });
  });

  it('GET /api/v1/sandbox gives the token and enforced limits; pricing needs no auth', async () => {
    const sb = (await (await fetch(`${srv.url}/api/v1/sandbox`)).json()) as Record<string, any>;
    expect(sb.token).toBe(token);
    expect(sb.limits).toMatchObject({ max_n: 50_000, max_body_bytes: 8 * 1024 * 1024, daily_compute_units: 10_000 });
    const pricing = await fetch(`${srv.url}/api/v1/pricing`);
    expect(pricing.status).toBe(200);
    const p = (await pricing.json()) as Record<string, any>;
    expect(p.sandbox.daily_compute_units).toBe(10_000);
    expect(p.metering.formula).toMatch(/effort_factor/);
  });

  it('GET /api/v1/capabilities lists every schema command with availability', async () => {
    const caps = (await (await fetch(`${srv.url}/api/v1/capabilities`)).json()) as Record<string, any>;
    // Available = exactly the commands with a service adapter (the registry grows as commands land).
    expect(SOLVABLE_COMMANDS).toEqual(SERVED_COMMANDS);
    const listed = [...caps.commands, ...caps.other_commands];
    expect(listed.filter((c: any) => c.available).map((c: any) => c.name).sort()).toEqual([...SOLVABLE_COMMANDS].sort());
    for (const c of caps.commands) expect(c.available).toBe(SOLVABLE_COMMANDS.includes(c.name));
    expect(caps.commands.find((c: any) => c.name === 'optimize').input_schema).toBeTypeOf('object');
  });
});

describe('POST /api/v1/solve', () => {
  it('optimize: certified small instance equals brute force, every envelope field typed', async () => {
    const r0 = lcg(99);
    const n = 11;
    const linear: Record<string, number> = {};
    for (let i = 0; i < n; i++) linear[String(i)] = Math.round(r0() * 10 - 5);
    const quadratic: Triple[] = [];
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (r0() < 0.4) quadratic.push([i, j, Math.round(r0() * 10 - 5)]);
    const r = await solve('optimize', { tag: TAG, description: desc, n, linear, quadratic });
    expect(r.status).toBe(200);
    expect(r.type).toMatch(/^application\/json/);
    const env = responseSchemas.optimize.parse(r.json);
    expect(env.energy).toBe(bruteQubo(n, linear, quadratic));
    expect(env.certainty).toBe('certified optimum (proven by exhaustion)');
    const j = r.json;
    expect(j.n).toBe(n);
    expect(typeof j.proof).toBe('string');
    expect(j.receipt).toMatch(/^svcr_[0-9a-f]{64}$/);
    expect(Number.isInteger(j.compute_units) && j.compute_units > 0).toBe(true);
    expect(Number.isInteger(j.compute_units_left)).toBe(true);
    expect(typeof j.elapsed_ms).toBe('number');
    expect(Number.isInteger(j.peak_rss_kb) && j.peak_rss_kb > 0).toBe(true);
    for (const k of ['queue_ms', 'compute_ms', 'total_ms']) expect(typeof j.observability[k]).toBe('number');
    expect(j.tag).toBe(TAG);
    expect(j.version).toBe(MODEL_VERSION);
    expect(j.engine).toBe('ts');
    expect(j).not.toHaveProperty('latency_budget_ms');
    expect(j).not.toHaveProperty('stopped_at_deadline');
  });

  it('maxcut: certified small graph equals brute force; n = 200 is heuristic', async () => {
    const r0 = lcg(5);
    const edges: Triple[] = [];
    for (let i = 0; i < 13; i++) for (let j = i + 1; j < 13; j++) if (r0() < 0.4) edges.push([i, j, 1 + Math.floor(r0() * 4)]);
    const small = await solve('maxcut', { tag: TAG, description: desc, n: 13, edges });
    expect(small.status).toBe(200);
    const env = responseSchemas.maxcut.parse(small.json);
    expect(env.cut_value).toBe(bruteMaxcut(13, edges));
    expect(env.certainty).toBe('certified optimum (proven by exhaustion)');

    const big: Triple[] = [];
    for (let i = 0; i < 200; i++) for (let j = i + 1; j < 200; j++) if (r0() < 0.03) big.push([i, j, 1]);
    const large = await solve('maxcut', { tag: TAG, description: desc, n: 200, edges: big }, { query: 'effort=flash&max_latency_ms=5000' });
    expect(large.status).toBe(200);
    expect(large.json.certainty).toBe('heuristic (hypothesis - verify)');
    expect(large.json.proof).toBeNull();
    expect(large.json.latency_budget_ms).toBe(5000);
    expect(typeof large.json.stopped_at_deadline).toBe('boolean');
    let cut = 0;
    for (const [i, j, w] of big) if (large.json.answer[i] !== large.json.answer[j]) cut += w;
    expect(large.json.cut_value).toBe(cut);
  });

  it('same seed gives the same receipt; another seed or effort another', async () => {
    const body = { tag: TAG, description: desc, n: 8, complete: true };
    const a = await solve('maxcut', body, { query: 'seed=3' });
    const b = await solve('maxcut', body, { query: 'seed=3' });
    const c = await solve('maxcut', body, { query: 'seed=4' });
    const d = await solve('maxcut', body, { query: 'seed=3&effort=high' });
    expect(a.json.receipt).toBe(b.json.receipt);
    expect(c.json.receipt).not.toBe(a.json.receipt);
    expect(d.json.receipt).not.toBe(a.json.receipt);
    expect(d.json.effort).toBe('high');
    expect(a.json.cut_value).toBe(16);
  });
});

describe('errors as problem documents, in precedence order', () => {
  it('unknown route → 404 SVC_NOT_FOUND', async () => {
    for (const [method, url] of [['GET', '/nope'], ['POST', '/api/v1/solve'], ['GET', '/api/v1/solve/optimize']]) {
      expectProblem(strict(await call(srv.url, method, url, method === 'POST' ? { raw: '{bad' } : {})), 404, 'SVC_NOT_FOUND');
    }
  });

  it('unknown command → 404 SVC_UNSUPPORTED, before auth and body checks', async () => {
    expectProblem(await solve('not-a-command', null, { auth: null, raw: '{bad' }), 404, 'SVC_UNSUPPORTED');
    expectProblem(await solve('optimize', null, { auth: null, query: 'colour=red' }), 404, 'SVC_UNSUPPORTED');
  });

  it('auth → 401 SVC_UNAUTHENTICATED, before body size and JSON syntax', async () => {
    expectProblem(await solve('optimize', null, { auth: null, raw: '{bad' }), 401, 'SVC_UNAUTHENTICATED');
    expectProblem(await solve('optimize', null, { auth: 'Bearer not-the-token', raw: '{bad' }), 401, 'SVC_UNAUTHENTICATED');
    const huge = new Uint8Array(8 * 1024 * 1024 + 1).fill(0x20);
    expectProblem(await solve('optimize', null, { auth: null, raw: huge }), 401, 'SVC_UNAUTHENTICATED');
  });

  it('body over the 8 MiB sandbox cap → 413 SVC_PAYLOAD_TOO_LARGE, before JSON syntax', async () => {
    const huge = new Uint8Array(8 * 1024 * 1024 + 1).fill(0x7b);
    const r = await solve('optimize', null, { raw: huge });
    expectProblem(r, 413, 'SVC_PAYLOAD_TOO_LARGE');
    expect(r.json.next_actions.map((a: any) => a.action)).toContain('register_key');
    expect(r.retryAfter).toBeNull();
  });

  it('JSON syntax, empty body and content type → 422 SVC_INVALID_INPUT', async () => {
    expectProblem(await solve('optimize', null, { raw: '{"tag": ' }), 422, 'SVC_INVALID_INPUT');
    expectProblem(await solve('optimize', null, { raw: '' }), 422, 'SVC_INVALID_INPUT');
    const text = await solve('optimize', null, { raw: JSON.stringify({ tag: TAG }), headers: { 'content-type': 'text/plain' } });
    expectProblem(text, 422, 'SVC_INVALID_INPUT');
    expect(text.json.detail).toMatch(/Content-Type/);
    // Fastify's own media-type error is mapped, not leaked as 415.
    expectProblem(await solve('optimize', null, { raw: '{}', headers: { 'content-type': 'application' } }), 422, 'SVC_INVALID_INPUT');
    // No Content-Type at all, with a body: refused the same way (Fastify's parser never runs).
    const bare = await fetch(`${srv.url}/api/v1/solve/optimize`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: new TextEncoder().encode('{"tag":"svc-cortex-v1"}') });
    const bareText = await bare.text();
    expectProblem({ status: bare.status, type: bare.headers.get('content-type') ?? '', json: JSON.parse(bareText), text: bareText }, 422, 'SVC_INVALID_INPUT');
    // No body at all.
    expectProblem(strict(await call(srv.url, 'POST', '/api/v1/solve/optimize', { auth: token })), 422, 'SVC_INVALID_INPUT');
    expectProblem(await solve('optimize', null, { raw: 'null' }), 422, 'SVC_INVALID_INPUT');
    // Parameters do not change the media type.
    expectProblem(await solve('optimize', null, { raw: '{}', headers: { 'content-type': 'application/json; charset=utf-8' } }), 422, 'SVC_MISSING_TAG');
  });

  it('JSON is UTF-8 (RFC 8259): another charset or bytes that are not UTF-8 → 422 SVC_INVALID_INPUT', async () => {
    const good = JSON.stringify({ tag: TAG, description: 'Choisir les entrepôts à ouvrir près de Zürich.', n: 2, linear: { 0: -1 } });
    for (const ct of ['application/json; charset=latin1', 'application/json; charset=ISO-8859-1', 'application/json;charset="windows-1252"', 'application/json; charset=utf-16']) {
      const r = await solve('optimize', null, { raw: good, headers: { 'content-type': ct } });
      expectProblem(r, 422, 'SVC_INVALID_INPUT');
      expect(r.json.detail).toMatch(/UTF-8/);
    }
    for (const ct of ['application/json; charset=UTF-8', 'application/json; charset="utf-8"', 'application/json; charset=utf8', 'application/json']) {
      expect((await solve('optimize', null, { raw: good, headers: { 'content-type': ct } })).status, ct).toBe(200);
    }
    // "Zürich" in Latin-1 (0xFC alone), a lone continuation byte, an overlong "/" and an encoded surrogate.
    const latin1 = Buffer.from(good.replace('Zürich', 'Zxrich'), 'utf8');
    latin1[latin1.indexOf('Zxrich') + 1] = 0xfc;
    const at = latin1.indexOf(0xfc);
    const bad = [latin1, Buffer.from([0x7b, 0x80, 0x7d]), Buffer.from([0x7b, 0xc0, 0xaf, 0x7d]), Buffer.from([0x7b, 0xed, 0xa0, 0x80, 0x7d])];
    for (const raw of bad) {
      const r = await solve('optimize', null, { raw });
      expectProblem(r, 422, 'SVC_INVALID_INPUT');
      expect(r.json.detail).toMatch(/not valid UTF-8 at byte \d+/);
    }
    expect((await solve('optimize', null, { raw: latin1 })).json.detail).toContain(`at byte ${at} (0xfc)`);
  });

  it('tag → description → sandbox n → schema → sandbox cap → version', async () => {
    expectProblem(await solve('optimize', { description: desc, n: 2 }), 422, 'SVC_MISSING_TAG');
    expectProblem(await solve('optimize', { tag: 'other', description: desc, n: 2 }), 422, 'SVC_INVALID_INPUT');
    expectProblem(await solve('optimize', { tag: TAG, description: 'short', n: 2 }), 422, 'SVC_MISSING_DESCRIPTION');
    expectProblem(await solve('optimize', { tag: TAG, description: desc, linear: [1] }), 422, 'SVC_SANDBOX_NEEDS_N');
    expectProblem(await solve('optimize', { tag: TAG, description: desc, n: 2, linear: [1] }), 422, 'SVC_INVALID_INPUT');
    expectProblem(await solve('maxcut', { tag: TAG, description: desc, n: 2 }), 422, 'SVC_INVALID_INPUT');
    const cap = await solve('optimize', { tag: TAG, description: desc, n: 50_001 });
    expectProblem(cap, 403, 'SVC_SANDBOX_LIMIT');
    expect(cap.json.next_actions[0]).toMatchObject({ action: 'register_key', requires_human_approval: true });
    expectProblem(await solve('optimize', { tag: TAG, description: desc, n: 2 }, { query: 'effort=ultra' }), 422, 'SVC_INVALID_INPUT');
    expectProblem(await solve('optimize', { tag: TAG, description: desc, n: 2 }, { query: 'version=1999-01-01' }), 422, 'SVC_UNKNOWN_VERSION');
    const latest = await solve('optimize', { tag: TAG, description: desc, n: 2, version: 'latest' });
    expect(latest.json.version).toBe(MODEL_VERSION);
  });

  it('chunked bodies and the absolute cap are measured too', async () => {
    const small = await startWithDefaultLimits({ maxBodyBytes: 4096 });
    const tok = await sandboxToken(small.url);
    const chunks = [new Uint8Array(3000).fill(0x20), new Uint8Array(3000).fill(0x20)];
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        const next = chunks.shift();
        if (next) c.enqueue(next);
        else c.close();
      },
    });
    const res = await fetch(`${small.url}/api/v1/solve/optimize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tok}` },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    const text = await res.text();
    expectProblem({ status: res.status, type: res.headers.get('content-type') ?? '', json: JSON.parse(text), text }, 413, 'SVC_RESOURCE_LIMIT');
  });

  it('Retry-After accompanies retryable faults: an engine that lies → 503 SVC_ENGINE_FAILURE', async () => {
    const liar = await startWithDefaultLimits({ workerFile: lyingWorker });
    const tok = await sandboxToken(liar.url);
    const r = strict(await call(liar.url, 'POST', '/api/v1/solve/optimize', { body: { tag: TAG, description: desc, n: 4, linear: { '1': 2 } }, auth: tok }));
    expectProblem(r, 503, 'SVC_ENGINE_FAILURE');
    expect(r.retryAfter).toBe('1');
    expect(r.json.retry_after).toBe(1);
    expect(r.json.retryable).toBe(true);
  });

  it('an unexpected fault → 500 SVC_INTERNAL without internals', async () => {
    const faults: string[] = [];
    const app = buildServer({
      service: {
        ...srv.service,
        limits: srv.service.limits,
        bodyLimitFor: srv.service.bodyLimitFor,
        authenticate: srv.service.authenticate,
        solve: async () => {
          throw new Error('secret: /srv/internal/path.ts exploded');
        },
      },
      onFault: (e) => faults.push(e.code),
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/solve/optimize',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ tag: TAG, description: desc, n: 2 }),
    });
    await app.close();
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toBe(PROBLEM);
    expect(res.json()).toMatchObject({ code: 'SVC_INTERNAL', retryable: true });
    expect(res.body).not.toMatch(/secret|path\.ts/);
    expect(faults).toEqual(['SVC_INTERNAL']);
  });

  it('the solve routes (JSON and binary) go through the Door: it admits before the body is read and solves after', async () => {
    const door = createDoor(srv.service);
    const calls: string[] = [];
    const spied: Door = {
      ...door,
      admitSolve: async (command, query, caller) => {
        calls.push(`admit ${command} ${caller.authorization === `Bearer ${token}`}`);
        const a = await door.admitSolve(command, query, caller);
        return { ...a, solve: (problem, o) => (calls.push('solve'), a.solve(problem, o)) };
      },
      admitSolveBinary: async (query, caller) => {
        calls.push('admit binary');
        return door.admitSolveBinary(query, caller);
      },
    };
    const app = buildServer({ service: srv.service, door: spied });
    const ok = await app.inject({
      method: 'POST', url: '/api/v1/solve/maxcut?seed=3',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ tag: TAG, description: desc, n: 3, edges: [[0, 1, 1], [1, 2, 1], [0, 2, 1]] }),
    });
    // Refused by the Door's admission (no credential): the body is never solved.
    const refused = await app.inject({ method: 'POST', url: '/api/v1/solve/maxcut', headers: { 'content-type': 'application/json' }, payload: '{}' });
    const binary = await app.inject({ method: 'POST', url: '/api/v1/compute/binary', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' }, payload: Buffer.from('nope') });
    await app.close();
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ cut_value: 2, seed: 3 });
    expect(refused.statusCode).toBe(401);
    expect(binary.statusCode).toBe(422);
    expect(calls).toEqual(['admit maxcut true', 'solve', 'admit maxcut false', 'admit binary']);
  });
});
