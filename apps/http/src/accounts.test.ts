import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { runAdmin } from '@svc/service';
import {
  TestClock, actions, call, expectProblem, outbox, register, sandboxToken, solve, solveBody, start, stopAll, verifiedKey, type TestServer,
} from '../test/helpers';

// Accounts and keys of interface §5 and commands.md, walked through real requests.
const here = path.dirname(fileURLToPath(import.meta.url));
const adminBundle = path.resolve(here, '../dist/svc-admin.mjs');
const clock = new TestClock();
let t: TestServer;

beforeAll(async () => {
  t = await start({ clock: clock.fn, access: { emailResendSeconds: 60, emailTokenTtlSeconds: 3600, maxKeysPerAccount: 4 } });
});
afterAll(stopAll);

async function admin(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runAdmin(argv, { env: { SVC_DATA_DIR: t.dataDir }, stdout: (s) => (out += s), stderr: (s) => (err += s) });
  return { code, out, err };
}

describe('register → outbox → verify → solve', () => {
  const email = 'Ada@Example.com';
  let reg: Record<string, any>;
  let key: string;

  it('POST /api/v1/accounts answers 201 with the initial key, shown once, and mails a signed link', async () => {
    const r = await call(t.url, 'POST', '/api/v1/accounts', { body: { email } });
    expect(r.status).toBe(201);
    expect(r.headers.get('cache-control')).toBe('no-store');
    reg = r.json;
    key = reg.key.token;
    expect(reg).toMatchObject({ email: 'ada@example.com', plan: 'free', email_verified: false });
    expect(reg.account_id).toMatch(/^acct_[0-9a-f]{24}$/);
    expect(key).toMatch(/^svck_[0-9a-f]{16}_[0-9a-f]{64}$/);
    expect(reg.key.scopes).toEqual(['solve', 'analyze', 'keys']);
    expect(reg.next_actions[0]).toMatchObject({ action: 'verify_email', requires_human_approval: true });
    // The outbox: a JSON line and a readable .eml file holding the link.
    const mails = outbox(t.dataDir);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'ada@example.com', kind: 'email_verification', account_id: reg.account_id });
    expect(mails[0].link).toBe(`${t.url}/api/v1/email/verify?token=${mails[0].token}`);
    const eml = fs.readFileSync(mails[0].file, 'utf8');
    expect(path.dirname(mails[0].file)).toBe(path.join(t.dataDir, 'outbox'));
    expect(eml).toMatch(/^From: .*\r\nTo: ada@example\.com\r\nSubject: Confirm your email address for svc\r\n/);
    expect(eml).toContain(mails[0].link);
    // ... and the outbox table, read by the operator command.
    const listed = await admin('outbox', 'ada@example.com');
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.out.trim())).toMatchObject({ to: 'ada@example.com', kind: 'email_verification' });
    expect(listed.out).toContain(mails[0].token);
  });

  it('keys are stored as salted hashes only: the secret appears nowhere in the database', () => {
    const secret = key.split('_')[2];
    const db = new Database(path.join(t.dataDir, 'svc.sqlite'), { readonly: true });
    const row = db.prepare('SELECT * FROM api_keys WHERE id = ?').get(reg.key.id) as Record<string, string>;
    db.close();
    expect(row.salt).toMatch(/^[0-9a-f]{32}$/);
    expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(secret);
    const files = fs.readdirSync(t.dataDir).filter((f) => f.startsWith('svc.sqlite'));
    for (const f of files) expect(fs.readFileSync(path.join(t.dataDir, f)).includes(Buffer.from(secret))).toBe(false);
  });

  it('solving is 403 SVC_FORBIDDEN with next action verify_email until the link is confirmed, before any body check', async () => {
    const r = await solve(t.url, key, solveBody());
    expectProblem(r, 403, 'SVC_FORBIDDEN');
    expect(r.json.next_actions[0]).toMatchObject({ action: 'verify_email', requires_human_approval: true, resend: 'POST /api/v1/email/verification-notification' });
    const bad = await call(t.url, 'POST', '/api/v1/solve/maxcut', { raw: '{not json', auth: key });
    expectProblem(bad, 403, 'SVC_FORBIDDEN');
    // Usage and the resend work unverified.
    expect((await call(t.url, 'GET', '/api/v1/usage', { auth: key })).status).toBe(200);
  });

  it('POST /api/v1/email/verification-notification resends, at most once per SVC_EMAIL_RESEND_SECONDS', async () => {
    const early = await call(t.url, 'POST', '/api/v1/email/verification-notification', { auth: key });
    expectProblem(early, 429, 'SVC_RATE_LIMITED');
    expect(Number(early.retryAfter)).toBeGreaterThan(0);
    clock.advance(61_000);
    const r = await call(t.url, 'POST', '/api/v1/email/verification-notification', { auth: key });
    expect(r.status).toBe(202);
    expect(r.json).toMatchObject({ status: 'sent', sent_to: 'ada@example.com' });
    expect(outbox(t.dataDir).filter((m) => m.to === 'ada@example.com')).toHaveLength(2);
    expect((await call(t.url, 'POST', '/api/v1/email/verification-notification', { auth: await sandboxToken(t.url) })).json.code).toBe('SVC_FORBIDDEN');
  });

  it('a tampered, foreign or expired token is 422; the mailed link (GET) verifies', async () => {
    const [first, second] = outbox(t.dataDir).filter((m) => m.to === 'ada@example.com');
    const [payload, sig] = second.token.split('.');
    const tampered = `${payload}.${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    expectProblem(await call(t.url, 'POST', '/api/v1/email/verify', { body: { token: tampered } }), 422, 'SVC_INVALID_INPUT');
    expectProblem(await call(t.url, 'POST', '/api/v1/email/verify', { body: { token: 'svce_x.y' } }), 422, 'SVC_INVALID_INPUT');
    expectProblem(await call(t.url, 'POST', '/api/v1/email/verify', { body: {} }), 422, 'SVC_INVALID_INPUT');
    expectProblem(await call(t.url, 'POST', '/api/v1/email/verify', { body: { token: second.token, extra: 1 } }), 422, 'SVC_INVALID_INPUT');
    // The first link was issued 61 s before the second; move past its 1 h lifetime only.
    clock.advance(3600_000 - 30_000);
    const expired = await call(t.url, 'POST', '/api/v1/email/verify', { body: { token: first.token } });
    expectProblem(expired, 422, 'SVC_INVALID_INPUT');
    expect(expired.json.detail).toMatch(/expired/);
    const link = new URL(second.link);
    const ok = await call(t.url, 'GET', `${link.pathname}${link.search}`);
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ account_id: reg.account_id, email_verified: true, state: 'active' });
    // Confirming again is harmless; the resend now says so.
    expect((await call(t.url, 'POST', '/api/v1/email/verify', { body: { token: second.token } })).json.email_verified).toBe(true);
    expect((await call(t.url, 'POST', '/api/v1/email/verification-notification', { auth: key })).json.status).toBe('already_verified');
  });

  it('then the initial key solves, billed against the free plan', async () => {
    const r = await solve(t.url, key, solveBody());
    expect(r.status).toBe(200);
    expect(r.json.cut_value).toBe(16);
    expect(r.json.compute_units_left).toBe(50_000 - r.json.compute_units);
  });

  it('registration refuses a taken address, a bad address and unknown fields', async () => {
    const again = await call(t.url, 'POST', '/api/v1/accounts', { body: { email: 'ada@example.COM' } });
    expectProblem(again, 400, 'SVC_ERROR');
    expect(again.json.field).toBe('email');
    for (const body of [{ email: 'not-an-address' }, { email: 42 }, { email: 'x@y.io', plan: 'pro' }, []]) {
      expectProblem(await call(t.url, 'POST', '/api/v1/accounts', { body }), 422, 'SVC_INVALID_INPUT');
    }
    expectProblem(await call(t.url, 'POST', '/api/v1/accounts', { raw: '{"email":', headers: { 'content-type': 'application/json' } }), 422, 'SVC_INVALID_INPUT');
    expectProblem(await call(t.url, 'POST', '/api/v1/accounts', { raw: 'email=a', headers: { 'content-type': 'text/plain' } }), 422, 'SVC_INVALID_INPUT');
    const huge = await call(t.url, 'POST', '/api/v1/accounts', { raw: `{"email":"${'a'.repeat(70_000)}@x.io"}` });
    expectProblem(huge, 413, 'SVC_RESOURCE_LIMIT');
  });
});

describe('keys: list, create with scopes, revoke', () => {
  let key: string;
  let keyId: string;

  beforeAll(async () => {
    key = await verifiedKey(t, 'keys@example.com');
    keyId = key.split('_')[1];
  });

  it('GET /api/v1/keys lists the account\'s keys without any secret', async () => {
    const r = await call(t.url, 'GET', '/api/v1/keys', { auth: key });
    expect(r.status).toBe(200);
    expect(r.json.keys).toHaveLength(1);
    expect(r.json.keys[0]).toMatchObject({ id: keyId, name: 'initial', status: 'active', scopes: ['solve', 'analyze', 'keys'], revoked_at: null });
    expect(r.text).not.toMatch(/token|hash|salt|svck_/);
  });

  it('POST /api/v1/keys creates a scoped key (token shown once); a key lacking the scope is 403 SVC_FORBIDDEN', async () => {
    const created = await call(t.url, 'POST', '/api/v1/keys', { auth: key, body: { scopes: ['analyze'], name: 'ci' } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: 'ci', scopes: ['analyze'], status: 'active' });
    const analyzeOnly = created.json.token as string;
    const refused = await solve(t.url, analyzeOnly, solveBody());
    expectProblem(refused, 403, 'SVC_FORBIDDEN');
    expect(refused.json.required_scope).toBe('solve');
    expectProblem(await call(t.url, 'GET', '/api/v1/keys', { auth: analyzeOnly }), 403, 'SVC_FORBIDDEN');
    // Defaults: solve + analyze; the listing never shows tokens again.
    const dflt = await call(t.url, 'POST', '/api/v1/keys', { auth: key });
    expect(dflt.status).toBe(201);
    expect(dflt.json.scopes).toEqual(['solve', 'analyze']);
    expect((await solve(t.url, dflt.json.token, solveBody({ n: 6 }))).status).toBe(200);
    // A key can only grant what it holds.
    expectProblem(await call(t.url, 'POST', '/api/v1/keys', { auth: dflt.json.token, body: { scopes: ['keys'] } }), 403, 'SVC_FORBIDDEN');
    expectProblem(await call(t.url, 'POST', '/api/v1/keys', { auth: key, body: { scopes: ['admin'] } }), 422, 'SVC_INVALID_INPUT');
    expectProblem(await call(t.url, 'POST', '/api/v1/keys', { auth: key, body: { scopes: [] } }), 422, 'SVC_INVALID_INPUT');
    // SVC_MAX_KEYS_PER_ACCOUNT (4 here) counts active keys.
    expect((await call(t.url, 'POST', '/api/v1/keys', { auth: key, body: { scopes: ['solve'] } })).status).toBe(201);
    const over = await call(t.url, 'POST', '/api/v1/keys', { auth: key, body: { scopes: ['solve'] } });
    expectProblem(over, 403, 'SVC_FORBIDDEN');
    expect(over.json.detail).toMatch(/revoke one/);
    const list = await call(t.url, 'GET', '/api/v1/keys', { auth: key });
    expect(list.json.keys.map((k: any) => k.name)).toEqual(['initial', 'ci', null, null]);
  });

  it('DELETE /api/v1/keys/<id> revokes: that key is then 403 SVC_TOKEN_BLOCKED; others keep working', async () => {
    const extra = await call(t.url, 'POST', '/api/v1/keys', { auth: key });
    expect(extra.status).toBe(403); // still at the cap
    const victim = (await call(t.url, 'GET', '/api/v1/keys', { auth: key })).json.keys.find((k: any) => k.name === 'ci');
    const revoked = await call(t.url, 'DELETE', `/api/v1/keys/${victim.id}`, { auth: key });
    expect(revoked.status).toBe(200);
    expect(revoked.json).toMatchObject({ id: victim.id, status: 'revoked' });
    expect(revoked.json.revoked_at).toBe(new Date(clock.now).toISOString());
    const fresh = await call(t.url, 'POST', '/api/v1/keys', { auth: key, body: { scopes: ['solve', 'analyze', 'keys'] } });
    expect(fresh.status).toBe(201);
    // Revoke the initial key itself with the fresh one.
    expect((await call(t.url, 'DELETE', `/api/v1/keys/${keyId}`, { auth: fresh.json.token })).status).toBe(200);
    const blocked = await solve(t.url, key, solveBody());
    expectProblem(blocked, 403, 'SVC_TOKEN_BLOCKED');
    expect(actions(blocked)).toEqual(['mint_new_key']);
    expectProblem(await call(t.url, 'GET', '/api/v1/keys', { auth: key }), 403, 'SVC_TOKEN_BLOCKED');
    expect((await solve(t.url, fresh.json.token, solveBody())).status).toBe(200);
    // Unknown or foreign ids are 404.
    const other = await register(t, 'other@example.com');
    expectProblem(await call(t.url, 'DELETE', `/api/v1/keys/${other.key.id}`, { auth: fresh.json.token }), 404, 'SVC_NOT_FOUND');
    expectProblem(await call(t.url, 'DELETE', '/api/v1/keys/nope', { auth: fresh.json.token }), 404, 'SVC_NOT_FOUND');
  });

  it('unknown or forged keys are 401; the sandbox token cannot manage keys', async () => {
    const forged = `svck_${keyId}_${'0'.repeat(64)}`;
    expectProblem(await solve(t.url, forged, solveBody()), 401, 'SVC_UNAUTHENTICATED');
    expectProblem(await call(t.url, 'GET', '/api/v1/keys', { auth: `svck_${'f'.repeat(16)}_${'0'.repeat(64)}` }), 401, 'SVC_UNAUTHENTICATED');
    expectProblem(await call(t.url, 'GET', '/api/v1/keys'), 401, 'SVC_UNAUTHENTICATED');
    const sbx = await call(t.url, 'GET', '/api/v1/keys', { auth: await sandboxToken(t.url) });
    expectProblem(sbx, 403, 'SVC_FORBIDDEN');
    expect(actions(sbx)).toEqual(['register_key']);
  });
});

describe('account states through the operator command', () => {
  let key: string;
  const email = 'state@example.com';

  beforeAll(async () => {
    key = await verifiedKey(t, email);
  });

  it.each([
    ['suspended', 'SVC_ACCOUNT_SUSPENDED'],
    ['blocked', 'SVC_ACCOUNT_BLOCKED'],
    ['closed', 'SVC_ACCOUNT_CLOSED'],
  ])('account-state %s → 403 %s on every authenticated route; active restores', async (state, code) => {
    const set = await admin('account-state', email, state, '--reason', 'test');
    expect(set.code).toBe(0);
    expect(JSON.parse(set.out)).toMatchObject({ email, state, state_reason: 'test' });
    const r = await solve(t.url, key, solveBody());
    expectProblem(r, 403, code);
    expect(actions(r)).toEqual(['contact_support']);
    expectProblem(await call(t.url, 'GET', '/api/v1/usage', { auth: key }), 403, code);
    expect((await admin('account-state', email, 'active')).code).toBe(0);
    expect((await solve(t.url, key, solveBody())).status).toBe(200);
  });

  it('rejects bad invocations and unknown accounts with exit 3', async () => {
    expect((await admin('account-state', email, 'frozen')).code).toBe(3);
    expect((await admin('account-state', 'ghost@example.com', 'closed')).code).toBe(3);
    expect((await admin('nope')).code).toBe(3);
    expect((await admin()).code).toBe(3);
    const shown = await admin('account', email);
    expect(JSON.parse(shown.out)).toMatchObject({ email, state: 'active', email_verified: true });
  });

  it('the bundled `npm run svc-admin` entry (dist/svc-admin.mjs) sets a state while the server runs', async () => {
    expect(fs.existsSync(adminBundle)).toBe(true);
    const run = spawnSync(process.execPath, [adminBundle, 'account-state', email, 'suspended'], {
      env: { ...process.env, SVC_DATA_DIR: t.dataDir },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ email, state: 'suspended' });
    expectProblem(await solve(t.url, key, solveBody()), 403, 'SVC_ACCOUNT_SUSPENDED');
    const usage = spawnSync(process.execPath, [adminBundle, 'account-state', email], { env: { ...process.env, SVC_DATA_DIR: t.dataDir }, encoding: 'utf8' });
    expect(usage.status).toBe(3);
    expect(usage.stderr).toMatch(/usage: svc-admin/);
    expect((await admin('account-state', email, 'active')).code).toBe(0);
  });
});

describe('mail that cannot be written', () => {
  it('still answers the registration with its key (sent: false); the outbox setting is honoured', async () => {
    const blocker = path.join(t.dataDir, 'not-a-dir');
    fs.writeFileSync(blocker, 'x');
    const broken = await start({ env: { SVC_OUTBOX_DIR: path.join(blocker, 'outbox') } });
    const r = await call(broken.url, 'POST', '/api/v1/accounts', { body: { email: 'lost@example.com' } });
    expect(r.status).toBe(201);
    expect(r.json.key.token).toMatch(/^svck_/);
    expect(r.json.verification).toMatchObject({ sent: false, expires_at: null });
    const resend = await call(broken.url, 'POST', '/api/v1/email/verification-notification', { auth: r.json.key.token });
    expectProblem(resend, 500, 'SVC_INTERNAL');
  });

  it('SVC_SMTP_URL is refused at startup instead of pretending to send', async () => {
    await expect(start({ env: { SVC_SMTP_URL: 'smtp://mail.example.com' } })).rejects.toThrow(/SVC_SMTP_URL.*not implemented/);
  });
});

