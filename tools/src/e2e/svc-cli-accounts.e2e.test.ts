import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer } from '@svc/http';
import { svcRunner, svcSuite } from './svc-cli-harness';

// Accounts and configuration through the bundled `svc`: register → the verification mail in the
// outbox under the data dir → verify-email → keys create → login --key → report, with every
// credential failure on the way. A small per-minute compute budget gives a real 429.
vi.setConfig({ testTimeout: 60_000 });

const suite = svcSuite('svc-cli-acct-', {
  onFault: () => {},
  access: { sandboxRatePerMinute: 100_000, keyRatePerMinute: 100_000, computeUnitsPerMinute: 12, resultCacheBytes: 0 },
});
const home = () => join(suite.work, 'home');
// HOME and cwd are <work>/home, not the suite's <work>.
const svc = svcRunner(() => ({ baseUrl: suite.server.url, cwd: home() }));
beforeAll(() => mkdirSync(home()));
const CONFIG = () => join(home(), '.config', 'svc', 'config.json');

const EMAIL = 'ada@example.com';
const PROBLEM = { description: 'split four rival teams into two leagues', n: 4, edges: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 0, 1]] };
const stdin = JSON.stringify(PROBLEM);

function outbox(): Record<string, any>[] {
  return readFileSync(join(suite.dataDir, 'outbox', 'outbox.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
}

describe('the account flow', () => {
  let initialKey = '';
  let ciKey = '';
  let ciId = '';

  it('register prints the key once; solving is 403 (exit 2) until the email is verified', async () => {
    const r = await svc(['register', EMAIL]);
    expect(r.code).toBe(0);
    const m = /API key, shown this once \(store it now\): (svck_\S+)/.exec(r.stdout);
    expect(m).not.toBeNull();
    initialKey = m![1];
    const blocked = await svc(['maxcut', '--format', 'json'], { stdin, env: { SVC_API_KEY: initialKey } });
    expect([blocked.code, blocked.json().code, blocked.json().status]).toEqual([2, 'SVC_FORBIDDEN', 403]);
    expect(blocked.json().next_actions[0].action).toBe('verify_email');
    const again = await svc(['register', EMAIL, '--format', 'json']);
    expect([again.code, again.json().code]).toEqual([3, 'SVC_ERROR']);
  });

  it('verify-email takes the signed link from the outbox (a bad token is exit 3)', async () => {
    const bad = await svc(['verify-email', 'svce_forged.token', '--format', 'json']);
    expect([bad.code, bad.json().code]).toEqual([3, 'SVC_INVALID_INPUT']);
    const mail = outbox().filter((x) => x.to === EMAIL).at(-1)!;
    const r = await svc(['verify-email', mail.link]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^${EMAIL}: email verified`));
    const solved = await svc(['maxcut', '--format', 'json'], { stdin, env: { SVC_API_KEY: initialKey } });
    expect([solved.code, solved.json().cut_value]).toEqual([0, 4]);
  });

  it('keys create (shown once) and keys list with the key; without any key SVC_NO_CREDENTIALS (exit 2)', async () => {
    const none = await svc(['keys', 'list', '--format', 'json']);
    expect([none.code, none.json().code]).toEqual([2, 'SVC_NO_CREDENTIALS']);
    const created = await svc(['keys', 'create', '--scopes', 'solve,analyze', '--name', 'ci', '--format', 'json'], { env: { SVC_API_KEY: initialKey } });
    expect(created.code).toBe(0);
    ({ token: ciKey, id: ciId } = created.json());
    expect(created.json()).toMatchObject({ name: 'ci', scopes: ['solve', 'analyze'], status: 'active' });
    const list = await svc(['keys', 'list'], { env: { SVC_API_KEY: initialKey } });
    expect(list.stdout).toMatch(/^2 key\(s\)/);
    expect(list.stdout).toMatch(new RegExp(`${ciId}\\s+active\\s+ci\\s+scopes solve,analyze`));
  });

  it('login --key checks the key and stores it 0600; report then reads the account', async () => {
    const rejected = await svc(['login', '--key', 'svck_0000000000000000_00', '--format', 'json']);
    expect([rejected.code, rejected.json().code]).toEqual([2, 'SVC_UNAUTHENTICATED']);
    const r = await svc(['login', '--key', ciKey]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Stored key ${ciKey.slice(0, 9)}…(redacted) in ${CONFIG()} (mode 0600); the service accepts it.`);
    expect(statSync(CONFIG()).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(CONFIG(), 'utf8'))).toEqual({ api_key: ciKey, key_base_url: suite.server.url });
    const report = await svc(['report', '--format', 'json']);
    expect(report.code).toBe(0);
    expect(report.json().principal).toMatchObject({ kind: 'account', plan: 'free', key_id: ciId });
    expect((await svc(['report'])).stdout).toMatch(/principal\s+account \(plan free\)/);
    // The stored key lacks the keys scope: 403 from the service, exit 2.
    const scoped = await svc(['keys', 'list', '--format', 'json']);
    expect([scoped.code, scoped.json().code]).toEqual([2, 'SVC_FORBIDDEN']);
  });

  it('configure names the agent (kept with the key, still 0600); selftest refuses the account\'s compute unless allowed', async () => {
    const c = await svc(['configure', '--agent', 'claude', '--agent-model', 'opus-4', '--format', 'json']);
    expect(c.json()).toMatchObject({ saved: true, agent_family: 'claude', agent_model: 'opus-4' });
    expect(JSON.parse(readFileSync(CONFIG(), 'utf8'))).toEqual({ api_key: ciKey, key_base_url: suite.server.url, agent_family: 'claude', agent_model: 'opus-4' });
    expect(statSync(CONFIG()).mode & 0o777).toBe(0o600);
    const before = (await svc(['report', '--format', 'json'])).json().compute_units_used;
    const refused = await svc(['selftest', '--format', 'json']);
    expect(refused.code).toBe(0);
    expect(refused.json()).toMatchObject({ ok: true, credential: 'sandbox', account_compute: 'refused: ran on the sandbox token' });
    expect((await svc(['report', '--format', 'json'])).json().compute_units_used).toBe(before);
    const allowed = await svc(['selftest', '--allow-account-compute', '--format', 'json']);
    expect(allowed.json()).toMatchObject({ ok: true, credential: 'key' });
    expect((await svc(['report', '--format', 'json'])).json().compute_units_used).toBeGreaterThan(before);
  });

  it('another server refuses the stored key: the 401 names the config file and both servers; logout brings the sandbox back', async () => {
    const fresh = await startServer({ host: '127.0.0.1', port: 0, dataDir: join(suite.work, 'fresh-data'), engine: 'ts', workers: 1, env: {}, onFault: () => {} });
    try {
      const refused = await svc(['maxcut', '--format', 'json'], { stdin, baseUrl: fresh.url });
      expect([refused.code, refused.json().code]).toEqual([2, 'SVC_UNAUTHENTICATED']);
      expect(refused.json().credential).toEqual({ source: 'config', config: CONFIG(), server: fresh.url, login_server: suite.server.url });
      expect(refused.stderr).toContain(`The API key stored in ${CONFIG()} (by \`svc login\` for ${suite.server.url}) was sent to ${fresh.url}, which refused it.`);
      // logout in a copy of the config, so the flow below keeps its key.
      const copy = join(suite.work, 'logout-config.json');
      writeFileSync(copy, readFileSync(CONFIG(), 'utf8'));
      expect((await svc(['logout'], { env: { SVC_CONFIG: copy } })).code).toBe(0);
      const sandbox = await svc(['maxcut', '--format', 'json'], { stdin, baseUrl: fresh.url, env: { SVC_CONFIG: copy } });
      expect([sandbox.code, sandbox.json().cut_value]).toEqual([0, 4]);
    } finally {
      await fresh.close();
    }
  });

  it('a revoked key is 403 SVC_TOKEN_BLOCKED (exit 2); SVC_API_KEY wins over the config', async () => {
    const revoked = await svc(['keys', 'revoke', ciId, '--format', 'json'], { env: { SVC_API_KEY: initialKey } });
    expect([revoked.code, revoked.json().status]).toEqual([0, 'revoked']);
    const blocked = await svc(['report', '--format', 'json']);
    expect([blocked.code, blocked.json().code]).toEqual([2, 'SVC_TOKEN_BLOCKED']);
    const env = await svc(['report', '--format', 'json'], { env: { SVC_API_KEY: initialKey } });
    expect(env.json().principal.key_id).not.toBe(ciId);
  });

  it('the per-minute compute budget answers 429 (exit 1) with Retry-After, not retried past the cap', async () => {
    const big = { description: 'split a big league into two conferences', n: 2500, complete: true };
    // svc honours the service's 60 s Retry-After by default; a 15 s cap makes it give up at once.
    const env = { SVC_API_KEY: initialKey, SVC_RETRY_MAX_WAIT: '15' };
    const first = await svc(['maxcut', '--effort', 'high', '--seed', '1', '--format', 'json'], { stdin: JSON.stringify(big), env });
    const second = await svc(['maxcut', '--effort', 'high', '--seed', '2', '--format', 'json'], { stdin: JSON.stringify(big), env });
    const codes = [first, second].map((r) => (r.code === 0 ? 'ok' : r.json().code));
    expect(codes).toContain('SVC_COMPUTE_RATE_LIMIT');
    const limited = [first, second].find((r) => r.code !== 0)!;
    expect(limited.code).toBe(1);
    expect(limited.json()).toMatchObject({ status: 429, retryable: true, retry_after: 60 });
  });
});

describe('configuration', () => {
  it('a corrupt config is SVC_CONFIG_INVALID (exit 3) for every command that reads it, and is never overwritten', async () => {
    const cfg = join(suite.work, 'corrupt.json');
    writeFileSync(cfg, '["not", "an", "object"]');
    const env = { SVC_CONFIG: cfg };
    const [solve, login, configure] = await Promise.all([
      svc(['maxcut', '--format', 'json'], { stdin, env }),
      svc(['login', '--key', 'svck_x', '--format', 'json'], { env }),
      svc(['configure', '--agent', 'x', '--format', 'json'], { env }),
    ]);
    for (const r of [solve, login, configure]) expect([r.code, r.json().code]).toEqual([3, 'SVC_CONFIG_INVALID']);
    expect(readFileSync(cfg, 'utf8')).toBe('["not", "an", "object"]');
  });

  it('XDG_CONFIG_HOME and SVC_CONFIG choose the file', async () => {
    const xdg = join(suite.work, 'xdg');
    const r = await svc(['configure', '--base-url', suite.server.url, '--format', 'json'], { env: { XDG_CONFIG_HOME: xdg } });
    expect(r.json().config).toBe(join(xdg, 'svc', 'config.json'));
    // The stored base URL is used when SVC_BASE_URL is unset.
    const solved = await svc(['maxcut', '--format', 'json'], { stdin, env: { XDG_CONFIG_HOME: xdg }, baseUrl: '' });
    expect([solved.code, solved.json().cut_value]).toEqual([0, 4]);
  });
});
