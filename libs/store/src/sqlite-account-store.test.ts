import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore, type NewApiKey, type Store } from './index';

const dirs: string[] = [];
const stores: Store[] = [];
async function open(dataDir?: string): Promise<Store> {
  const d = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'svc-acct-store-'));
  if (!dataDir) dirs.push(d);
  const s = await openSqliteStore({ dataDir: d });
  stores.push(s);
  return s;
}

afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const key = (id: string, accountId: string, at = 1): NewApiKey => ({
  id, accountId, name: null, salt: 'aa', hash: `h-${id}`, scopes: ['solve', 'keys'], createdAt: at,
});

describe('accounts and keys', () => {
  it('creates an account with its first key atomically; a second registration of the email creates nothing', async () => {
    const s = await open();
    const a = await s.createAccount({ id: 'acc1', email: 'a@example.com', plan: 'free', createdAt: 10 }, key('k1', 'acc1'));
    expect(a).toMatchObject({ id: 'acc1', email: 'a@example.com', plan: 'free', state: 'active', emailVerifiedAt: null });
    expect(await s.createAccount({ id: 'acc2', email: 'a@example.com', plan: 'free', createdAt: 11 }, key('k2', 'acc2'))).toBeNull();
    expect(await s.findApiKey('k2')).toBeNull();
    expect(await s.findAccountById('acc2')).toBeNull();
    expect((await s.findAccountByEmail('a@example.com'))?.id).toBe('acc1');
    expect((await s.findApiKey('k1'))?.scopes).toEqual(['solve', 'keys']);
  });

  it('verifies once, sets states, lists and revokes keys per account', async () => {
    const s = await open();
    await s.createAccount({ id: 'acc1', email: 'a@example.com', plan: 'free', createdAt: 10 }, key('k1', 'acc1', 1));
    await s.createAccount({ id: 'acc2', email: 'b@example.com', plan: 'free', createdAt: 10 }, key('k9', 'acc2', 1));
    expect((await s.markEmailVerified('acc1', 50))?.emailVerifiedAt).toBe(50);
    expect((await s.markEmailVerified('acc1', 60))?.emailVerifiedAt).toBe(50);
    expect(await s.markEmailVerified('nope', 60)).toBeNull();
    expect(await s.setAccountState('acc1', 'suspended', 70, 'abuse')).toMatchObject({ state: 'suspended', stateChangedAt: 70, stateReason: 'abuse' });
    await s.createApiKey({ ...key('k2', 'acc1', 2), scopes: [] });
    expect((await s.listApiKeys('acc1')).map((k) => [k.id, k.scopes])).toEqual([['k1', ['solve', 'keys']], ['k2', []]]);
    // Another account's key is not revocable from here.
    expect(await s.revokeApiKey('acc1', 'k9', 80)).toBeNull();
    expect((await s.revokeApiKey('acc1', 'k2', 80))?.revokedAt).toBe(80);
    expect((await s.revokeApiKey('acc1', 'k2', 90))?.revokedAt).toBe(80);
    await s.touchApiKey('k1', 99);
    expect((await s.findApiKey('k1'))?.lastUsedAt).toBe(99);
  });
});

describe('outbox and settings', () => {
  it('lists mails newest first, filtered by recipient; settings keep the first value', async () => {
    const s = await open();
    await s.addOutboxMail({ id: 'm1', to: 'a@x.io', subject: 's1', body: 'b1', kind: 'email_verification', createdAt: 1 });
    await s.addOutboxMail({ id: 'm2', to: 'b@x.io', subject: 's2', body: 'b2', kind: 'email_verification', createdAt: 2 });
    await s.addOutboxMail({ id: 'm3', to: 'a@x.io', subject: 's3', body: 'b3', kind: 'email_verification', createdAt: 3 });
    expect((await s.listOutbox()).map((m) => m.id)).toEqual(['m3', 'm2', 'm1']);
    expect((await s.listOutbox({ to: 'a@x.io', limit: 1 })).map((m) => m.id)).toEqual(['m3']);
    expect(await s.settingOrInit('secret', 'one')).toBe('one');
    expect(await s.settingOrInit('secret', 'two')).toBe('one');
  });
});

describe('sandbox token rotation', () => {
  it('rotates only when the newest token is a period old and retires the others at the given instant', async () => {
    const s = await open();
    await s.addSandboxToken('t0', 1000);
    expect(await s.rotateSandboxToken('t1', 1500, 1000, 1600)).toBe(false);
    expect(await s.rotateSandboxToken('t1', 2000, 1000, 2100)).toBe(true);
    expect(await s.findSandboxToken('t0')).toEqual({ token: 't0', createdAt: 1000, retiredAt: 2100 });
    expect((await s.activeSandboxTokens()).map((t) => t.token)).toEqual(['t1']);
    // Concurrent rotators: the second sees a fresh token and does nothing.
    expect(await s.rotateSandboxToken('t2', 2001, 1000, 2100)).toBe(false);
  });
});

describe('idempotency keys', () => {
  it('claims, reports running, completes, replays, releases and expires', async () => {
    const s = await open();
    expect(await s.claimIdempotencyKey('acct', 'k', 'fp1', 0, 100, 1000)).toEqual({ state: 'claimed' });
    expect(await s.claimIdempotencyKey('acct', 'k', 'fp1', 10, 100, 1000)).toEqual({ state: 'running', fingerprint: 'fp1' });
    // Scopes are independent.
    expect(await s.claimIdempotencyKey('other', 'k', 'fp2', 10, 100, 1000)).toEqual({ state: 'claimed' });
    await s.completeIdempotencyKey('acct', 'k', 'fp1', 200, '{"a":1}', 20);
    expect(await s.claimIdempotencyKey('acct', 'k', 'fp9', 30, 100, 1000)).toEqual({ state: 'done', fingerprint: 'fp1', status: 200, response: '{"a":1}' });
    // Past the TTL the key is free again.
    expect(await s.claimIdempotencyKey('acct', 'k', 'fp9', 1020, 100, 1000)).toEqual({ state: 'claimed' });
    await s.releaseIdempotencyKey('acct', 'k', 'fp9');
    expect(await s.claimIdempotencyKey('acct', 'k', 'fp3', 1030, 100, 1000)).toEqual({ state: 'claimed' });
    // An abandoned running claim (past the lease) is taken over.
    expect(await s.claimIdempotencyKey('acct', 'k', 'fp4', 1200, 100, 1000)).toEqual({ state: 'claimed' });
  });
});

describe('result cache', () => {
  it('stores, counts hits and evicts the oldest entries beyond the byte budget', async () => {
    const s = await open();
    await s.putCachedResult('a', 'x'.repeat(40), 1, 100);
    await s.putCachedResult('b', 'y'.repeat(40), 2, 100);
    expect(await s.getCachedResult('a')).toBe('x'.repeat(40));
    await s.putCachedResult('c', 'z'.repeat(40), 3, 100);
    expect(await s.getCachedResult('a')).toBeNull();
    expect(await s.getCachedResult('b')).not.toBeNull();
    expect(await s.getCachedResult('c')).not.toBeNull();
    // An entry larger than the whole budget is not stored.
    await s.putCachedResult('d', 'w'.repeat(101), 4, 100);
    expect(await s.getCachedResult('d')).toBeNull();
  });

  it('keeps the budget over many puts, repeats and evictions (the byte total is a counter, not a sum per put)', async () => {
    const s = await open();
    const live = new Map<string, number>();
    for (let k = 0; k < 600; k++) {
      const key = `k${k % 450}`;
      const value = 'v'.repeat(10 + (k % 37));
      await s.putCachedResult(key, value, k, 2000);
    }
    // Survivors are the newest entries and fit the budget.
    let total = 0;
    for (let k = 0; k < 450; k++) {
      const v = await s.getCachedResult(`k${k}`);
      if (v !== null) {
        live.set(`k${k}`, v.length);
        total += v.length;
      }
    }
    expect(total).toBeLessThanOrEqual(2000);
    expect(total).toBeGreaterThan(1900);
    // The newest put (k149, at 599) stays; an old one (k449, at 449) is gone.
    expect(live.has('k149')).toBe(true);
    expect(live.has('k449')).toBe(false);
  });
});

describe('usage log and alerts', () => {
  it('keeps the newest entries per principal and each alert level once a day', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-acct-store-'));
    dirs.push(dir);
    const s = await open(dir);
    for (let i = 0; i < 5; i++) {
      await s.appendUsageLog({ principal: 'p', at: i, kind: 'solve', command: 'maxcut', units: i, receipt: `r${i}`, jobId: null, cached: i === 4 });
    }
    await s.appendUsageLog({ principal: 'q', at: 9, kind: 'job', command: 'optimize', units: 1, receipt: null, jobId: 'j1', cached: false });
    const recent = await s.recentUsageLog('p', 2);
    expect(recent.map((e) => [e.units, e.cached])).toEqual([[4, true], [3, false]]);
    expect(await s.recordUsageAlert('p', '2026-11-01', { level: 'notice', usedPct: 51, at: 5 })).toBe(true);
    expect(await s.recordUsageAlert('p', '2026-11-01', { level: 'notice', usedPct: 60, at: 6 })).toBe(false);
    expect(await s.recordUsageAlert('p', '2026-11-01', { level: 'warning', usedPct: 81, at: 7 })).toBe(true);
    await s.close();
    const again = await open(dir);
    expect(await again.usageAlerts('p', '2026-11-01')).toEqual([{ level: 'notice', usedPct: 51, at: 5 }, { level: 'warning', usedPct: 81, at: 7 }]);
    expect(await again.usageAlerts('p', '2026-11-02')).toEqual([]);
    expect((await again.recentUsageLog('q', 10))[0]).toMatchObject({ kind: 'job', jobId: 'j1' });
  });
});

describe('housekeeping', () => {
  it('drops expired idempotency records and usage rows older than the retention while writing', async () => {
    const s = await open();
    await s.claimIdempotencyKey('acct', 'old', 'fp', 0, 100, 1000);
    await s.completeIdempotencyKey('acct', 'old', 'fp', 200, '{}', 0);
    await s.appendUsageLog({ principal: 'p', at: 0, kind: 'solve', command: 'maxcut', units: 1, receipt: null, jobId: null, cached: false });
    await s.recordUsageAlert('p', '1970-01-01', { level: 'notice', usedPct: 60, at: 0 });
    const later = 40 * 86_400_000;
    for (let i = 0; i < 256; i++) {
      await s.claimIdempotencyKey('acct', `k${i}`, 'fp', later, 100, 1000);
      await s.appendUsageLog({ principal: 'p', at: later, kind: 'solve', command: 'maxcut', units: 1, receipt: null, jobId: null, cached: false });
    }
    expect((await s.recentUsageLog('p', 1000)).every((e) => e.at === later)).toBe(true);
    expect(await s.usageAlerts('p', '1970-01-01')).toEqual([]);
    // The expired record is gone, not merely expired: a fresh claim with another payload succeeds.
    expect(await s.claimIdempotencyKey('acct', 'old', 'other', later, 100, 10 ** 12)).toEqual({ state: 'claimed' });
  });
});

