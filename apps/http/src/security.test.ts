import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAG, call, expectProblem, outbox, register, sandboxToken, start, startWithDefaultLimits, stopAll, type TestServer } from '../test/helpers';
import { PublicDocuments } from './routes/public-documents';

// The security review of issue 11, one test per finding: keys stored as salted hashes only, no key
// or token in any log line, jobs unguessable and readable only by their account, SQL only
// parameterised, response headers (no sniffing, no referrer, no framing, no-store) and no CORS.
let t: TestServer;
let sandbox: string;
const logText: string[] = [];
const faults: string[] = [];

beforeAll(async () => {
  t = await start({
    jobs: { queueThresholdWork: 1 },
    logger: { level: 'trace', stream: { write: (line: string) => void logText.push(line) } },
    onFault: (e) => faults.push(`${e.code} ${e.message}`),
  });
  sandbox = await sandboxToken(t.url);
});
afterAll(stopAll);

const body = { tag: TAG, description: 'Split five offices into two teams to maximise links.', n: 5, edges: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 4, 1], [4, 0, 1]] };

describe('security review', () => {
  let keyA = '';
  let keyB = '';
  let emailToken = '';

  it('API keys are stored only as salted SHA-256 hashes; the token never reaches the database', async () => {
    const reg = await register(t, 'sec-a@example.com');
    keyA = reg.key.token as string;
    emailToken = outbox(t.dataDir).filter((m) => m.to === 'sec-a@example.com').at(-1)!.token as string;
    // Verified through the mailed link (GET with the token in the query), as a browser would.
    expect((await call(t.url, 'GET', `/api/v1/email/verify?token=${encodeURIComponent(emailToken)}`)).status).toBe(200);
    const regB = await register(t, 'sec-b@example.com');
    keyB = regB.key.token as string;
    const tokenB = outbox(t.dataDir).filter((m) => m.to === 'sec-b@example.com').at(-1)!.token as string;
    expect((await call(t.url, 'POST', '/api/v1/email/verify', { body: { token: tokenB } })).status).toBe(200);

    const secret = keyA.split('_')[2];
    const db = new Database(path.join(t.dataDir, 'svc.sqlite'), { readonly: true });
    const rows = db.prepare('SELECT * FROM api_keys').all() as Record<string, unknown>[];
    const dump = JSON.stringify(rows);
    db.close();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(dump).not.toContain(secret);
    expect(dump).not.toContain(keyA);
    // Salted: two keys never share a salt, and no stored hash is the plain SHA-256 of a secret.
    const salts = rows.map((r) => r.salt ?? r.key_salt);
    expect(new Set(salts).size).toBe(rows.length);
    const { createHash } = await import('node:crypto');
    expect(dump).not.toContain(createHash('sha256').update(secret).digest('hex'));
  });

  it('a keyed job is readable and cancellable only by its account; job ids are 128 random bits', async () => {
    const a = await call(t.url, 'POST', '/api/v1/solve/maxcut?seed=1', { body, auth: keyA });
    expect(a.status).toBe(202);
    const id = a.json.job_id as string;
    expect(id).toMatch(/^job_[0-9a-f]{32}$/);
    expectProblem(await call(t.url, 'GET', `/api/v1/jobs/${id}`, { auth: keyB }), 404, 'SVC_NOT_FOUND');
    expectProblem(await call(t.url, 'GET', `/api/v1/jobs/${id}`, { auth: sandbox }), 404, 'SVC_NOT_FOUND');
    expectProblem(await call(t.url, 'GET', `/api/v1/jobs/${id}`), 401, 'SVC_UNAUTHENTICATED');
    expectProblem(await call(t.url, 'POST', `/api/v1/jobs/${id}/cancel`, { auth: keyB }), 404, 'SVC_NOT_FOUND');
    expect((await call(t.url, 'GET', `/api/v1/jobs/${id}`, { auth: keyA })).json.cancel_requested).toBe(false);
    expect((await call(t.url, 'GET', `/api/v1/jobs/${id}`, { auth: keyA })).status).toBe(200);
    // Ids differ in every one of many submits (no counter, no time prefix).
    const ids = new Set<string>();
    // Each job is cancelled at once, so the sandbox's in-flight cap never refuses the next one on a slow machine.
    for (let k = 0; k < 20; k++) {
      const r = await call(t.url, 'POST', `/api/v1/solve/maxcut?seed=${100 + k}`, { body, auth: sandbox });
      expect(r.status, JSON.stringify(r.json)).toBe(202);
      ids.add(r.json.job_id as string);
      expect((await call(t.url, 'POST', `/api/v1/jobs/${r.json.job_id}/cancel`, { auth: sandbox })).status).toBeLessThan(300);
    }
    expect(ids.size).toBe(20);
    const prefixes = new Set([...ids].map((x) => x.slice(4, 12)));
    expect(prefixes.size).toBe(20);
  });

  it('no API key, sandbox token or email token appears in any log line or fault', async () => {
    await call(t.url, 'GET', '/api/v1/usage', { auth: keyA });
    await call(t.url, 'GET', '/api/v1/usage', { auth: 'svck_0123456789abcdef_' + 'f'.repeat(64) });
    await call(t.url, 'POST', '/api/v1/solve/maxcut', { body: { ...body, n: 'x' }, auth: sandbox });
    await new Promise((r) => setTimeout(r, 50));
    const all = logText.join('\n') + faults.join('\n');
    expect(logText.length).toBeGreaterThan(10);
    for (const secret of [keyA, keyA.split('_')[2], keyB.split('_')[2], sandbox, emailToken, 'f'.repeat(64)]) {
      expect(all.includes(secret), `a secret in the logs: ${secret.slice(0, 12)}…`).toBe(false);
    }
    // The verification link was logged with its token redacted.
    expect(all).toContain('/api/v1/email/verify?token=[redacted]');
  });

  it('answers carry nosniff, no-referrer, DENY framing and no-store on the API; no CORS for other origins', async () => {
    const r = await fetch(`${t.url}/api/v1/usage`, { headers: { authorization: `Bearer ${sandbox}`, origin: 'https://evil.example' } });
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('referrer-policy')).toBe('no-referrer');
    expect(r.headers.get('x-frame-options')).toBe('DENY');
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
    const pre = await fetch(`${t.url}/api/v1/solve/maxcut`, {
      method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
    });
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    expect(pre.headers.get('access-control-allow-headers')).toBeNull();
    // A problem document gets them too.
    const bad = await fetch(`${t.url}/api/v1/solve/maxcut`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(bad.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('a route parameter past 100 characters, or a path that does not decode, is a problem document with the headers of every answer', async () => {
    const long = 'x'.repeat(101);
    const cases: [string, string, number][] = [
      ['GET', `/api/v1/jobs/${long}`, 414],
      ['POST', `/api/v1/jobs/${long}/cancel`, 414],
      ['POST', `/api/v1/solve/${long}`, 414],
      ['GET', `/trpc/${Array(15).fill('getJob').join(',')}?batch=1`, 414],
      ['GET', '/api/v1/jobs/%E0%A4%A', 400],
    ];
    for (const [method, url, status] of cases) {
      const r = await call(t.url, method, url, { headers: { 'x-request-id': 'long-param-1' } });
      expectProblem(r, status, 'SVC_ERROR');
      expect(r.json.detail, url).not.toMatch(/FST_/);
      expect(r.headers.get('x-request-id')).toBe('long-param-1');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('cache-control')).toBe('no-store');
    }
    // 100 characters still route (and find no such job).
    expectProblem(await call(t.url, 'GET', `/api/v1/jobs/${'x'.repeat(100)}`), 404, 'SVC_NOT_FOUND');
  });

  it('the store runs only parameterised SQL: no statement text is built from a value', () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const dir = path.resolve(here, '../../../libs/store/src');
    const files = fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'));
    expect(files.length).toBeGreaterThan(3);
    const offenders: string[] = [];
    for (const f of files) {
      const text = fs.readFileSync(path.join(dir, f), 'utf8');
      // prepare()/exec() with a template literal that interpolates, or with string concatenation.
      for (const m of text.matchAll(/\.(prepare|exec)(<[^>]*>)?\(\s*(`[^`]*\$\{[^`]*`|['"][^'"]*['"]\s*\+)/g)) offenders.push(`${f}: ${m[0].slice(0, 80)}`);
    }
    expect(offenders).toEqual([]);
  });
});

/** One request through node:http, which sends the Host header it is given (fetch does not). */
function rawRequest(base: string, method: string, urlPath: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${urlPath}`, { method, headers }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

// Host-header poisoning: with SVC_PUBLIC_URL unset the mailed link and the OpenAPI server were
// built from the request's Host, so a forged Host sent a verification token to another host.
describe('links never come from the request Host', () => {
  const forged = { host: 'evil.example:6666', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

  it('without SVC_PUBLIC_URL: the listening address in the mailed link, the OpenAPI servers, /docs and the agent card', async () => {
    const reg = await rawRequest(t.url, 'POST', '/api/v1/accounts', { ...forged, 'content-type': 'application/json' }, JSON.stringify({ email: 'host-a@example.com' }));
    expect(reg.status, reg.text).toBe(201);
    const mail = outbox(t.dataDir).filter((m) => m.to === 'host-a@example.com').at(-1)!;
    expect(mail.link).toBe(`${t.url}/api/v1/email/verify?token=${mail.token}`);
    for (const p of ['/api/v1/openapi.json', '/docs/json']) {
      const doc = await rawRequest(t.url, 'GET', p, forged);
      expect(JSON.parse(doc.text).servers, p).toEqual([{ url: t.url }]);
      expect(doc.text, p).not.toContain('evil.example');
    }
    expect((await rawRequest(t.url, 'GET', '/.well-known/svc-agent-card.json', forged)).text).not.toContain('evil.example');
  });

  it('with SVC_PUBLIC_URL: that origin, whatever the Host says', async () => {
    const s = await start({ env: { SVC_PUBLIC_URL: 'https://svc.example.org/' } });
    const reg = await rawRequest(s.url, 'POST', '/api/v1/accounts', { ...forged, 'content-type': 'application/json' }, JSON.stringify({ email: 'host-b@example.com' }));
    expect(reg.status, reg.text).toBe(201);
    const mail = outbox(s.dataDir).at(-1)!;
    expect(mail.link).toBe(`https://svc.example.org/api/v1/email/verify?token=${mail.token}`);
    expect(JSON.parse((await rawRequest(s.url, 'GET', '/api/v1/openapi.json', forged)).text).servers).toEqual([{ url: 'https://svc.example.org' }]);
  });
});

// Unauthenticated heavy documents (openapi.json ~310 KB, capabilities ~70 KB) were unlimited: a
// flood on 64 connections raised everyone's p50 from 3 to 203 ms. They share the per-IP sandbox rate.
describe('heavy public documents are rate-limited per IP like the sandbox', () => {
  it('openapi.json, /docs/json, capabilities (HTTP and tRPC) count against the sandbox rate of the IP: 429 SVC_SANDBOX_RATE past it', async () => {
    const s = await startWithDefaultLimits({ access: { sandboxRatePerMinute: 6 } });
    const paths = ['/api/v1/openapi.json', '/docs/json', '/api/v1/capabilities', '/trpc/capabilities', '/api/v1/openapi.json', '/api/v1/capabilities'];
    for (const p of paths) expect((await call(s.url, 'GET', p)).status, p).toBe(200);
    for (const p of ['/api/v1/openapi.json', '/docs/json', '/api/v1/capabilities']) {
      const r = await call(s.url, 'GET', p);
      expectProblem(r, 429, 'SVC_SANDBOX_RATE');
      expect(Number(r.retryAfter)).toBeGreaterThan(0);
    }
    const trpc = await call(s.url, 'GET', '/trpc/capabilities');
    expect([trpc.status, trpc.json.error?.data?.problem?.code]).toEqual([429, 'SVC_SANDBOX_RATE']);
    // The page and its static files are not counted; a sandbox solve from the IP now waits too.
    expect((await call(s.url, 'GET', '/docs')).status).toBe(200);
    const token = (await call(s.url, 'GET', '/api/v1/sandbox')).json.token as string;
    expectProblem(await call(s.url, 'POST', '/api/v1/solve/maxcut', { body, auth: token }), 429, 'SVC_SANDBOX_RATE');
  });

  it('the documents are built once and sent as the same bytes', async () => {
    const a = await call(t.url, 'GET', '/api/v1/openapi.json');
    const b = await call(t.url, 'GET', '/api/v1/openapi.json');
    expect(a.text).toBe(b.text);
    expect(a.type).toBe('application/json; charset=utf-8');
    expect(JSON.parse(a.text).openapi).toBe('3.1.0');
    const docs = new PublicDocuments(t.srv.service);
    expect(docs.openApiFor('http://x.test')).toBe(docs.openApiFor('http://x.test'));
    expect(docs.capabilitiesJson()).toBe(docs.capabilitiesJson());
  });
});
