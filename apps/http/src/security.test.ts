import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAG, call, expectProblem, outbox, register, sandboxToken, start, stopAll, type TestServer } from '../test/helpers';

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
