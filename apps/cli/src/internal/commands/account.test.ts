import { describe, expect, it } from 'vitest';
import { harness, problemReply, type Call } from '../../../test/harness';
import { tokenOf } from './account';

const is = (c: Call, path: string) => c.url.pathname === path;
const CONFIG = '/home/u/.config/svc/config.json';

describe('register and verify-email', () => {
  it('register prints the key shown once and sends no credential', async () => {
    const reg = { account_id: 'acct_1', email: 'ada@example.com', plan: 'free', email_verified: false, key: { id: 'k1', token: 'svck_k1_secret' } };
    const h = harness({ reply: (c) => (is(c, '/api/v1/accounts') ? Response.json(reg, { status: 201 }) : undefined) });
    const r = await h.run('register', 'ada@example.com');
    expect(r.code).toBe(0);
    expect(r.out).toContain('API key, shown this once (store it now): svck_k1_secret');
    expect(r.out).toContain('svc verify-email');
    expect(h.calls[0].headers.authorization).toBeUndefined();
    expect(JSON.parse(h.calls[0].body as string)).toEqual({ email: 'ada@example.com' });
    const dup = await harness({ reply: () => problemReply(400, 'SVC_ERROR', { field: 'email' }) }).run('register', 'ada@example.com', '--format', 'json');
    expect([dup.code, dup.json().code]).toEqual([3, 'SVC_ERROR']);
  });

  it('verify-email takes the token or the whole signed link', async () => {
    expect(tokenOf('svce_abc.def')).toBe('svce_abc.def');
    expect(tokenOf('http://127.0.0.1:8080/api/v1/email/verify?token=svce_x.y')).toBe('svce_x.y');
    expect(() => tokenOf('https://svc.test/verify')).toThrow(/no token=/);
    const h = harness({ reply: (c) => (is(c, '/api/v1/email/verify') ? Response.json({ email: 'ada@example.com', email_verified: true, account_id: 'a', state: 'active' }) : undefined) });
    const r = await h.run('verify-email', 'https://elsewhere.test/api/v1/email/verify?token=svce_t');
    expect(r.out).toMatch(/ada@example\.com: email verified/);
    expect(h.calls[0].url.host).toBe('svc.test');
    expect(JSON.parse(h.calls[0].body as string)).toEqual({ token: 'svce_t' });
  });
});

describe('keys and report', () => {
  it('keys need a key: SVC_NO_CREDENTIALS (exit 2), nothing sent, never the sandbox token', async () => {
    for (const argv of [['keys', 'list'], ['keys', 'create'], ['keys', 'revoke', 'k2']]) {
      const h = harness();
      const r = await h.run(...argv, '--format', 'json');
      expect([r.code, r.json().code]).toEqual([2, 'SVC_NO_CREDENTIALS']);
      expect(h.calls).toHaveLength(0);
    }
  });

  it('list, create (scopes, name; the token shown once) and revoke with the key', async () => {
    const h = harness({
      env: { SVC_API_KEY: 'svck_main' },
      reply: (c) => {
        if (is(c, '/api/v1/keys') && c.method === 'GET') return Response.json({ keys: [{ id: 'k1', name: 'initial', scopes: ['solve'], status: 'active', created_at: 't', last_used_at: null }] });
        if (is(c, '/api/v1/keys')) return Response.json({ id: 'k2', name: 'ci', scopes: ['solve', 'analyze'], token: 'svck_k2_secret' }, { status: 201 });
        if (is(c, '/api/v1/keys/k2')) return Response.json({ id: 'k2', status: 'revoked', revoked_at: 't2' });
        return undefined;
      },
    });
    expect((await h.run('keys', 'list')).out).toMatch(/^1 key\(s\)\n\s+k1\s+active\s+initial/);
    const created = await h.run('keys', 'create', '--scopes', 'solve,analyze', '--name', 'ci');
    expect(created.out).toContain('Token, shown this once (store it now): svck_k2_secret');
    expect(JSON.parse(h.sent()[1].body as string)).toEqual({ scopes: ['solve', 'analyze'], name: 'ci' });
    expect((await h.run('keys', 'revoke', 'k2')).out).toBe('Key k2 revoked at t2.\n');
    expect(h.sent().map((c) => `${c.method} ${c.url.pathname} ${c.headers.authorization}`)).toEqual([
      'GET /api/v1/keys Bearer svck_main', 'POST /api/v1/keys Bearer svck_main', 'DELETE /api/v1/keys/k2 Bearer svck_main',
    ]);
    for (const argv of [['keys', 'drop'], ['keys', 'revoke'], ['keys', 'list', 'x'], ['keys']]) expect((await h.run(...argv)).code).toBe(3);
  });

  it('report reads today\'s usage with the configured credential', async () => {
    const usage = { principal: { kind: 'account', plan: 'free', account_id: 'a1' }, day: '2026-11-21', daily_allowance: 50000, compute_units_used: 12, compute_units_left: 49988, requests: 3, resets_at: 'r', alerts: [], recent: [] };
    const h = harness({ env: { SVC_API_KEY: 'svck_main' }, reply: (c) => (is(c, '/api/v1/usage') ? Response.json(usage) : undefined) });
    const r = await h.run('report');
    expect(r.out).toMatch(/units\s+12 used, 49988 left of 50000/);
    expect(h.calls[0].headers.authorization).toBe('Bearer svck_main');
  });
});

describe('login and configure', () => {
  const usage = (c: Call) => (is(c, '/api/v1/usage') ? (c.headers.authorization === 'Bearer svck_good' ? Response.json({ principal: { kind: 'account' } }) : problemReply(401, 'SVC_UNAUTHENTICATED')) : undefined);

  it('login --key checks the key, then stores it 0600 keeping other members; a rejected key is not stored', async () => {
    const h = harness({ reply: usage, files: { [CONFIG]: JSON.stringify({ agent_family: 'claude', extra: { kept: true } }) } });
    const r = await h.run('login', '--key', 'svck_good', '--format', 'json');
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ stored: true, config: CONFIG, checked: true, principal: { kind: 'account' } });
    expect(r.out).not.toContain('svck_good');
    const file = h.files.get(CONFIG)!;
    expect(file.mode).toBe(0o600);
    expect(JSON.parse(file.text)).toEqual({ agent_family: 'claude', extra: { kept: true }, api_key: 'svck_good', key_base_url: 'http://svc.test' });
    const bad = harness({ reply: usage });
    const b = await bad.run('login', '--key', 'svck_bad');
    expect(b.code).toBe(2);
    expect(bad.files.has(CONFIG)).toBe(false);
    expect((await harness().run('login')).code).toBe(3);
  });

  it('login records the server the key was checked against; logout removes the key and that server, keeping the rest', async () => {
    const h = harness({ reply: usage, files: { [CONFIG]: JSON.stringify({ agent_family: 'claude' }) } });
    expect((await h.run('login', '--key', 'svck_good')).code).toBe(0);
    expect(JSON.parse(h.files.get(CONFIG)!.text)).toEqual({ agent_family: 'claude', api_key: 'svck_good', key_base_url: 'http://svc.test' });
    const out = await h.run('logout', '--format', 'json');
    expect(out.code).toBe(0);
    expect(out.json()).toEqual({ removed: true, config: CONFIG, key: 'svck…(redacted)' });
    expect(JSON.parse(h.files.get(CONFIG)!.text)).toEqual({ agent_family: 'claude' });
    expect(h.files.get(CONFIG)!.mode).toBe(0o600);
    const again = await h.run('logout');
    expect([again.code, again.out]).toEqual([0, `No key is stored in ${CONFIG}; nothing to remove.\n`]);
    // After logout the public sandbox token is sent again.
    const next = harness({ reply: (c) => (is(c, '/api/v1/usage') ? Response.json({ principal: { kind: 'sandbox' } }) : undefined), files: { [CONFIG]: h.files.get(CONFIG)!.text } });
    await next.run('report');
    expect(next.sent()[0].headers.authorization).toBe('Bearer sbx');
  });

  it('a 401 for the stored key names the config file, the server it went to and the way out', async () => {
    const files = { [CONFIG]: JSON.stringify({ api_key: 'svck_0123456789abcdef_old', key_base_url: 'http://old.test' }) };
    const refused = () => problemReply(401, 'SVC_UNAUTHENTICATED');
    const h = harness({ reply: refused, files, stdin: JSON.stringify({ description: 'Split four offices into two teams.', n: 2, edges: [[0, 1, 1]] }) });
    const r = await h.run('maxcut', '--format', 'json');
    expect(r.code).toBe(2);
    expect(r.json()).toMatchObject({ code: 'SVC_UNAUTHENTICATED', credential: { source: 'config', config: CONFIG, server: 'http://svc.test', login_server: 'http://old.test' } });
    expect(r.err).toContain(`The API key stored in ${CONFIG} (by \`svc login\` for http://old.test) was sent to http://svc.test, which refused it.`);
    expect(r.err).toContain('`svc logout`');
    const env = await harness({ reply: refused, env: { SVC_API_KEY: 'svck_env' } }).run('report');
    expect(env.err).toContain('The API key in SVC_API_KEY was sent to http://svc.test, which refused it. Unset SVC_API_KEY');
    // The sandbox token is not a stored credential: nothing to name.
    const sandbox = await harness({ reply: (c) => (is(c, '/api/v1/usage') ? refused() : undefined) }).run('report', '--format', 'json');
    expect(sandbox.json()).not.toHaveProperty('credential');
  });

  it('login stores the key unchecked (with a warning) when the service is unreachable', async () => {
    const h = harness({ reply: () => new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }) });
    const r = await h.run('login', '--key', 'svck_x');
    expect(r.code).toBe(0);
    expect(r.err).toContain('storing the key unchecked');
    expect(JSON.parse(h.files.get(CONFIG)!.text).api_key).toBe('svck_x');
  });

  it('configure --agent/--agent-model/--base-url saves (0600); without flags it shows the config, the key redacted', async () => {
    const h = harness({ env: { SVC_CONFIG: '/etc/svc.json' }, files: { '/etc/svc.json': JSON.stringify({ api_key: 'svck_0123456789abcdef_secret' }) } });
    const r = await h.run('configure', '--agent', 'claude', '--agent-model', 'opus-4', '--base-url', 'https://svc.example');
    expect(r.code).toBe(0);
    expect(JSON.parse(h.files.get('/etc/svc.json')!.text)).toEqual({ api_key: 'svck_0123456789abcdef_secret', agent_family: 'claude', agent_model: 'opus-4', base_url: 'https://svc.example' });
    expect(h.files.get('/etc/svc.json')!.mode).toBe(0o600);
    const shown = await h.run('configure', '--format', 'json');
    expect(shown.json()).toMatchObject({ saved: false, agent_family: 'claude', api_key: 'svck_0123…(redacted)' });
    await h.run('configure', '--agent-model', '');
    expect(JSON.parse(h.files.get('/etc/svc.json')!.text)).not.toHaveProperty('agent_model');
    expect((await h.run('configure', '--base-url', 'ftp://x')).code).toBe(3);
    const corrupt = harness({ env: { SVC_CONFIG: '/c' }, files: { '/c': 'nope' } });
    expect((await corrupt.run('configure', '--agent', 'x')).code).toBe(3);
    expect(corrupt.files.get('/c')!.text).toBe('nope');
  });
});
