import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NewApiKey, NewJob, Store } from '../src/index';
import type { StoreBackend } from './backends';

/**
 * The `Store` contract: every implementation passes the same tests (store-contract.test.ts runs
 * them on SQLite and on PostgreSQL). Implementation details (files, WAL, leases between nodes)
 * are tested beside each implementation.
 */
export function storeContract(b: StoreBackend): void {
  if (b.skipReason) console.warn(`[store contract] ${b.name}: ${b.skipReason}`);
  describe.skipIf(b.skipReason !== null)(`Store contract: ${b.name}`, () => {
    beforeAll(() => b.setup(), 120_000);
    afterAll(() => b.teardown(), 60_000);
    afterEach(() => b.cleanup());

    basics(b);
    usageCounters(b);
    chargeHolds(b);
    accounts(b);
    idempotency(b);
    cacheAndLog(b);
    jobs(b);
    concurrency(b);
  });
}

const DAY = '2026-11-01';
const LONG = 86_400_000;
const idem = (key: string, response: string, scope = 'p1') => ({ scope, key, fingerprint: 'f', status: 200, response, at: 2000 });
const key = (id: string, accountId: string, at = 1): NewApiKey => ({
  id, accountId, name: null, salt: 'aa', hash: `h-${id}`, scopes: ['solve', 'keys'], createdAt: at,
});
const job = (id: string, over: Partial<NewJob> = {}): NewJob => ({
  jobId: id, principal: 'p1', owner: null, command: 'optimize', lane: 'json', request: '{"body":{}}',
  computeUnits: 10, chargeDay: DAY, allowance: 100, createdAt: 1000, ...over,
});
const caps = { maxInflight: 2, maxQueued: 3 };

function basics(b: StoreBackend) {
  describe('basics', () => {
    it('reports its kind, its schema version and its node; heartbeats keep a live lease', async () => {
      const s = await b.fresh();
      expect(s.kind).toBe(b.name);
      expect(await s.schemaVersion()).toBe(b.schemaVersion);
      expect(typeof s.lease.nodeId).toBe('string');
      expect(s.lease.leaseMs === null).toBe(b.name === 'sqlite');
      expect(await s.heartbeat()).toBe(true);
      // Reopening runs no applied migration again.
      const again = await b.reopen(s);
      expect(await again.schemaVersion()).toBe(b.schemaVersion);
    }, 60_000);

    it('takes writes (storage check) and refuses use after close', async () => {
      const s = await b.fresh();
      expect(await s.storageCheck()).toMatchObject({ writable: true, detail: 'ok' });
      await s.close();
      await s.close();
      await expect(s.usage('k', DAY)).rejects.toThrow(/closed/);
    }, 60_000);
  });
}

function usageCounters(b: StoreBackend) {
  describe('usage counters', () => {
    it('charges atomically up to the limit, per principal and per day', async () => {
      const s = await b.fresh();
      expect(await s.usage('ip:1', DAY)).toEqual({ units: 0, requests: 0 });
      expect(await s.consumeUnits('ip:1', DAY, 6, 10)).toEqual({ granted: true, used: 6 });
      expect(await s.consumeUnits('ip:1', DAY, 5, 10)).toEqual({ granted: false, used: 6 });
      expect(await s.consumeUnits('ip:1', DAY, 4, 10)).toEqual({ granted: true, used: 10 });
      expect(await s.usage('ip:1', DAY)).toEqual({ units: 10, requests: 2 });
      // Another principal and another day are independent; a charge above the limit on a fresh day is refused.
      expect(await s.consumeUnits('ip:2', DAY, 3, 10)).toEqual({ granted: true, used: 3 });
      expect(await s.consumeUnits('ip:1', '2026-11-02', 3, 10)).toEqual({ granted: true, used: 3 });
      expect(await s.consumeUnits('ip:3', DAY, 11, 10)).toEqual({ granted: false, used: 0 });
      expect(await s.usage('ip:3', DAY)).toEqual({ units: 0, requests: 0 });
    }, 60_000);

    it('refunds without going below zero and persists across reopen', async () => {
      const s = await b.fresh();
      await s.consumeUnits('k', DAY, 7, 100);
      expect(await s.refundUnits('k', DAY, 2)).toEqual({ units: 5, requests: 1 });
      expect(await s.refundUnits('k', DAY, 50)).toEqual({ units: 0, requests: 1 });
      expect(await s.refundUnits('nobody', DAY, 5)).toEqual({ units: 0, requests: 0 });
      await s.consumeUnits('k', DAY, 9, 100);
      const again = await b.reopen(s);
      expect(await again.usage('k', DAY)).toEqual({ units: 9, requests: 2 });
    }, 60_000);

    it('rejects non-integer charges', async () => {
      const s = await b.fresh();
      await expect(s.consumeUnits('k', DAY, 1.5, 10)).rejects.toThrow(RangeError);
      await expect(s.refundUnits('k', DAY, -1)).rejects.toThrow(RangeError);
    }, 60_000);
  });
}

function chargeHolds(b: StoreBackend) {
  describe('charge holds', () => {
    it('a charge is held until settled; settling answers the key in the same step, and only once', async () => {
      const s = await b.fresh();
      expect(await s.claimIdempotencyKey('p1', 'K', 'f', 1000, 60_000, LONG)).toEqual({ state: 'claimed' });
      expect((await s.consumeUnits('p1', DAY, 12, 100, { holdId: 'h1', createdAt: 1000 })).granted).toBe(true);
      expect(await s.settleHold('h1', { refund: false, idempotency: idem('K', '{"ok":1}') })).toBe(true);
      expect(await s.claimIdempotencyKey('p1', 'K', 'f', 3000, 60_000, LONG)).toEqual({ state: 'done', fingerprint: 'f', status: 200, response: '{"ok":1}' });
      // Gone: neither a second settle nor a refund changes anything.
      expect(await s.settleHold('h1', { refund: true })).toBe(false);
      expect((await s.usage('p1', DAY)).units).toBe(12);
    }, 60_000);

    it('a refused charge holds nothing; a refunded hold gives its units back once', async () => {
      const s = await b.fresh();
      expect((await s.consumeUnits('p1', DAY, 90, 100, { holdId: 'a', createdAt: 1 })).granted).toBe(true);
      expect((await s.consumeUnits('p1', DAY, 20, 100, { holdId: 'b', createdAt: 1 })).granted).toBe(false);
      expect(await s.settleHold('b', { refund: true })).toBe(false);
      expect(await s.settleHold('a', { refund: true })).toBe(true);
      expect(await s.settleHold('a', { refund: true })).toBe(false);
      expect((await s.usage('p1', DAY)).units).toBe(0);
    }, 60_000);

    it('a job insert takes over the hold and stores the 202 in one step; a refused insert leaves the hold', async () => {
      const s = await b.fresh();
      await s.claimIdempotencyKey('p1', 'J', 'f', 1000, 60_000, LONG);
      await s.consumeUnits('p1', DAY, 10, 100, { holdId: 'h', createdAt: 1 });
      const j = job('job_1', { createdAt: 1 });
      expect(await s.insertJob({ ...j, jobId: 'job_0' }, { maxInflight: 0, maxQueued: 5 }, { holdId: 'h' })).toBe('inflight');
      expect(await s.insertJob(j, { maxInflight: 5, maxQueued: 5 }, { holdId: 'h', idempotency: { ...idem('J', '{"job_id":"job_1"}'), status: 202 } })).toBe('inserted');
      expect(await s.settleHold('h', { refund: true })).toBe(false);
      expect(await s.claimIdempotencyKey('p1', 'J', 'f', 3000, 60_000, LONG)).toMatchObject({ state: 'done', status: 202 });
      // Recovery after this never refunds the job's charge (the job bills itself).
      expect(await s.recoverInterrupted()).toEqual({ refundedHolds: 0, refundedUnits: 0, releasedKeys: 0, requeuedJobs: 0 });
      expect((await s.usage('p1', DAY)).units).toBe(10);
      // A hold that is gone makes the insert fail whole: no job row without its charge.
      await expect(s.insertJob({ ...j, jobId: 'job_2' }, { maxInflight: 5, maxQueued: 5 }, { holdId: 'missing' })).rejects.toThrow(/hold/);
      expect(await s.getJob('job_2')).toBeNull();
    }, 60_000);

    it('after its owner dies, recovery refunds every hold, frees every running key and requeues every claimed job, once', async () => {
      const s = await b.fresh();
      await s.claimIdempotencyKey('p1', 'K1', 'f', 1000, 900_000, LONG);
      await s.claimIdempotencyKey('p2', 'K2', 'f', 1000, 900_000, LONG);
      await s.claimIdempotencyKey('p2', 'K3', 'f', 1000, 900_000, LONG);
      await s.completeIdempotencyKey('p2', 'K3', 'f', 200, '{"kept":true}', 1500);
      await s.consumeUnits('p1', DAY, 48, 100, { holdId: 'x', createdAt: 1 });
      await s.consumeUnits('p2', DAY, 12, 100, { holdId: 'y', createdAt: 1 });
      await s.consumeUnits('p2', DAY, 5, 100);
      await s.insertJob(job('j1', { principal: 'p3' }), caps);
      await s.claimJob(1100, 'j1');
      const next = await b.crash(s);
      expect(await next.recoverInterrupted()).toEqual({ refundedHolds: 2, refundedUnits: 60, releasedKeys: 2, requeuedJobs: 1 });
      expect((await next.usage('p1', DAY)).units).toBe(0);
      expect((await next.usage('p2', DAY)).units).toBe(5);
      expect(await next.getJob('j1')).toMatchObject({ status: 'queued', attempts: 1 });
      expect(await next.claimIdempotencyKey('p1', 'K1', 'f', 2000, 900_000, LONG)).toEqual({ state: 'claimed' });
      // A completed key is an answer, not a leftover.
      expect(await next.claimIdempotencyKey('p2', 'K3', 'f', 2000, 900_000, LONG)).toMatchObject({ state: 'done', response: '{"kept":true}' });
      // The dead owner's late settle finds its hold gone: nothing is refunded twice.
      expect(await next.settleHold('x', { refund: true })).toBe(false);
      expect((await next.usage('p2', DAY)).units).toBe(5);
    }, 60_000);
  });
}

function accounts(b: StoreBackend) {
  describe('accounts, keys, outbox, settings, sandbox tokens', () => {
    it('creates an account with its first key atomically; a second registration of the email creates nothing', async () => {
      const s = await b.fresh();
      const a = await s.createAccount({ id: 'acc1', email: 'a@example.com', plan: 'free', createdAt: 10 }, key('k1', 'acc1'));
      expect(a).toMatchObject({ id: 'acc1', email: 'a@example.com', plan: 'free', state: 'active', emailVerifiedAt: null, createdAt: 10 });
      expect(await s.createAccount({ id: 'acc2', email: 'a@example.com', plan: 'free', createdAt: 11 }, key('k2', 'acc2'))).toBeNull();
      expect(await s.findApiKey('k2')).toBeNull();
      expect(await s.findAccountById('acc2')).toBeNull();
      expect((await s.findAccountByEmail('a@example.com'))?.id).toBe('acc1');
      expect(await s.findAccountByEmail('nobody@example.com')).toBeNull();
      expect((await s.findApiKey('k1'))?.scopes).toEqual(['solve', 'keys']);
    }, 60_000);

    it('verifies once, sets states, lists and revokes keys per account', async () => {
      const s = await b.fresh();
      await s.createAccount({ id: 'acc1', email: 'a@example.com', plan: 'free', createdAt: 10 }, key('k1', 'acc1', 1));
      await s.createAccount({ id: 'acc2', email: 'b@example.com', plan: 'free', createdAt: 10 }, key('k9', 'acc2', 1));
      expect((await s.markEmailVerified('acc1', 50))?.emailVerifiedAt).toBe(50);
      expect((await s.markEmailVerified('acc1', 60))?.emailVerifiedAt).toBe(50);
      expect(await s.markEmailVerified('nope', 60)).toBeNull();
      expect(await s.setAccountState('acc1', 'suspended', 70, 'abuse')).toMatchObject({ state: 'suspended', stateChangedAt: 70, stateReason: 'abuse' });
      expect(await s.setAccountState('nope', 'blocked', 70)).toBeNull();
      await s.createApiKey({ ...key('k2', 'acc1', 2), scopes: [] });
      // Equal creation instants list in creation order.
      await s.createApiKey(key('k0', 'acc1', 2));
      expect((await s.listApiKeys('acc1')).map((k) => [k.id, k.scopes])).toEqual([['k1', ['solve', 'keys']], ['k2', []], ['k0', ['solve', 'keys']]]);
      // Another account's key is not revocable from here.
      expect(await s.revokeApiKey('acc1', 'k9', 80)).toBeNull();
      expect((await s.revokeApiKey('acc1', 'k2', 80))?.revokedAt).toBe(80);
      expect((await s.revokeApiKey('acc1', 'k2', 90))?.revokedAt).toBe(80);
      await s.touchApiKey('k1', 99);
      expect((await s.findApiKey('k1'))?.lastUsedAt).toBe(99);
    }, 60_000);

    it('lists mails newest first, filtered by recipient; settings keep the first value', async () => {
      const s = await b.fresh();
      await s.addOutboxMail({ id: 'm1', to: 'a@x.io', subject: 's1', body: 'b1', kind: 'email_verification', createdAt: 1 });
      await s.addOutboxMail({ id: 'm2', to: 'b@x.io', subject: 's2', body: 'b2', kind: 'email_verification', createdAt: 2 });
      await s.addOutboxMail({ id: 'm3', to: 'a@x.io', subject: 's3', body: 'b3', kind: 'email_verification', createdAt: 3 });
      expect((await s.listOutbox()).map((m) => m.id)).toEqual(['m3', 'm2', 'm1']);
      expect(await s.listOutbox({ to: 'a@x.io', limit: 1 })).toEqual([{ id: 'm3', to: 'a@x.io', subject: 's3', body: 'b3', kind: 'email_verification', createdAt: 3 }]);
      expect(await s.settingOrInit('secret', 'one')).toBe('one');
      expect(await s.settingOrInit('secret', 'two')).toBe('one');
    }, 60_000);

    it('adds, lists newest first, finds and retires sandbox tokens', async () => {
      const s = await b.fresh();
      expect(await s.activeSandboxTokens()).toEqual([]);
      await s.addSandboxToken('tok_a', 1000);
      await s.addSandboxToken('tok_b', 2000);
      expect(await s.addSandboxToken('tok_a', 5000)).toEqual({ token: 'tok_a', createdAt: 1000, retiredAt: null });
      expect((await s.activeSandboxTokens()).map((t) => t.token)).toEqual(['tok_b', 'tok_a']);
      await s.retireSandboxToken('tok_b', 3000);
      expect((await s.activeSandboxTokens()).map((t) => t.token)).toEqual(['tok_a']);
      expect(await s.findSandboxToken('tok_b')).toEqual({ token: 'tok_b', createdAt: 2000, retiredAt: 3000 });
      expect(await s.findSandboxToken('nope')).toBeNull();
    }, 60_000);

    it('rotates only when the newest token is a period old and retires the others at the given instant', async () => {
      const s = await b.fresh();
      await s.addSandboxToken('t0', 1000);
      expect(await s.rotateSandboxToken('t1', 1500, 1000, 1600)).toBe(false);
      expect(await s.rotateSandboxToken('t1', 2000, 1000, 2100)).toBe(true);
      expect(await s.findSandboxToken('t0')).toEqual({ token: 't0', createdAt: 1000, retiredAt: 2100 });
      expect((await s.activeSandboxTokens()).map((t) => t.token)).toEqual(['t1']);
      // Concurrent rotators: of many at once exactly one rotates.
      const p = await b.peer(s);
      const rotated = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? s : p).rotateSandboxToken(`r${i}`, 5000, 1000, 5100)));
      expect(rotated.filter(Boolean)).toHaveLength(1);
      expect(await s.activeSandboxTokens()).toHaveLength(1);
    }, 60_000);
  });
}

function idempotency(b: StoreBackend) {
  describe('idempotency keys', () => {
    it('claims, reports running, completes, replays, releases and expires', async () => {
      const s = await b.fresh();
      expect(await s.claimIdempotencyKey('acct', 'k', 'fp1', 0, 100, 1000)).toEqual({ state: 'claimed' });
      expect(await s.claimIdempotencyKey('acct', 'k', 'fp1', 10, 100, 1000)).toEqual({ state: 'running', fingerprint: 'fp1' });
      // Scopes are independent.
      expect(await s.claimIdempotencyKey('other', 'k', 'fp2', 10, 100, 1000)).toEqual({ state: 'claimed' });
      // Only the claim with the same fingerprint is completed.
      await s.completeIdempotencyKey('acct', 'k', 'fpX', 200, '{"no":1}', 15);
      expect(await s.claimIdempotencyKey('acct', 'k', 'fp1', 16, 100, 1000)).toEqual({ state: 'running', fingerprint: 'fp1' });
      await s.completeIdempotencyKey('acct', 'k', 'fp1', 200, '{"a":1}', 20);
      expect(await s.claimIdempotencyKey('acct', 'k', 'fp9', 30, 100, 1000)).toEqual({ state: 'done', fingerprint: 'fp1', status: 200, response: '{"a":1}' });
      // Past the TTL the key is free again.
      expect(await s.claimIdempotencyKey('acct', 'k', 'fp9', 1020, 100, 1000)).toEqual({ state: 'claimed' });
      await s.releaseIdempotencyKey('acct', 'k', 'fp9');
      expect(await s.claimIdempotencyKey('acct', 'k', 'fp3', 1030, 100, 1000)).toEqual({ state: 'claimed' });
      // An abandoned running claim (past the lease) is taken over.
      expect(await s.claimIdempotencyKey('acct', 'k', 'fp4', 1200, 100, 1000)).toEqual({ state: 'claimed' });
    }, 60_000);

    it('drops expired records and usage rows older than the retention while writing', async () => {
      const s = await b.fresh();
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
    }, 60_000);
  });
}

function cacheAndLog(b: StoreBackend) {
  describe('result cache, usage log and alerts', () => {
    it('stores, counts hits and evicts the oldest entries beyond the byte budget', async () => {
      const s = await b.fresh();
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
    }, 60_000);

    it('keeps the budget over many puts, repeats and evictions (the byte total is a counter, not a sum per put)', async () => {
      const s = await b.fresh();
      for (let k = 0; k < 600; k++) await s.putCachedResult(`k${k % 450}`, 'v'.repeat(10 + (k % 37)), k, 2000);
      const live = new Map<string, number>();
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
    }, 60_000);

    it('keeps the newest entries per principal and each alert level once a day, across a reopen', async () => {
      const s = await b.fresh();
      for (let i = 0; i < 5; i++) {
        await s.appendUsageLog({ principal: 'p', at: i, kind: 'solve', command: 'maxcut', units: i, receipt: `r${i}`, jobId: null, cached: i === 4 });
      }
      await s.appendUsageLog({ principal: 'q', at: 9, kind: 'job', command: 'optimize', units: 1, receipt: null, jobId: 'j1', cached: false });
      expect((await s.recentUsageLog('p', 2)).map((e) => [e.units, e.cached, e.receipt])).toEqual([[4, true, 'r4'], [3, false, 'r3']]);
      expect(await s.recordUsageAlert('p', DAY, { level: 'notice', usedPct: 51, at: 5 })).toBe(true);
      expect(await s.recordUsageAlert('p', DAY, { level: 'notice', usedPct: 60, at: 6 })).toBe(false);
      expect(await s.recordUsageAlert('p', DAY, { level: 'warning', usedPct: 81.5, at: 7 })).toBe(true);
      const again = await b.reopen(s);
      expect(await again.usageAlerts('p', DAY)).toEqual([{ level: 'notice', usedPct: 51, at: 5 }, { level: 'warning', usedPct: 81.5, at: 7 }]);
      expect(await again.usageAlerts('p', '2026-11-02')).toEqual([]);
      expect((await again.recentUsageLog('q', 10))[0]).toEqual({ principal: 'q', at: 9, kind: 'job', command: 'optimize', units: 1, receipt: null, jobId: 'j1', cached: false });
    }, 60_000);
  });
}

function jobs(b: StoreBackend) {
  describe('jobs', () => {
    it('inserts queued jobs under the per-principal and service-wide caps, atomically', async () => {
      const s = await b.fresh();
      expect(await s.insertJob(job('a'), caps)).toBe('inserted');
      expect(await s.insertJob(job('b', { createdAt: 1001 }), caps)).toBe('inserted');
      expect(await s.insertJob(job('c'), caps)).toBe('inflight');
      expect(await s.insertJob(job('c', { principal: 'p2' }), caps)).toBe('inserted');
      expect(await s.insertJob(job('d', { principal: 'p3' }), caps)).toBe('queue_full');
      expect(await s.countJobs('queued')).toBe(3);
      expect((await s.queuedJobs(10)).map((j) => j.jobId)).toEqual(['a', 'c', 'b']);
      expect(await s.queuedJobs(1)).toEqual([{ jobId: 'a', attempts: 0 }]);
      expect(await s.getJob('a')).toMatchObject({
        jobId: 'a', status: 'queued', startedAt: null, finishedAt: null, attempts: 0, cancelRequested: false, requestBlob: null,
        computeUnits: 10, chargeDay: DAY, allowance: 100, owner: null, lane: 'json', request: '{"body":{}}', billedUnits: null,
      });
      expect(await s.getJob('nope')).toBeNull();
      // A running job still counts against its principal's in-flight cap.
      await s.claimJob(2000, 'a');
      expect(await s.insertJob(job('e', { createdAt: 3000 }), { maxInflight: 2, maxQueued: 10 })).toBe('inflight');
    }, 60_000);

    it('claims oldest first, each job once, and keeps binary requests byte-exact', async () => {
      const s = await b.fresh();
      await s.insertJob(job('late', { createdAt: 5, progress: '{"estimated_work":7}' }), caps);
      expect((await s.getJob('late'))!.progress).toBe('{"estimated_work":7}');
      await s.insertJob(job('early', { createdAt: 1, principal: 'p2', lane: 'svcb', requestBlob: Uint8Array.from([0, 255, 7]), owner: 'acc9' }), caps);
      const first = await s.claimJob(10);
      expect(first).toMatchObject({ jobId: 'early', status: 'running', startedAt: 10, attempts: 1, owner: 'acc9', lane: 'svcb' });
      expect(Array.from(first!.requestBlob!)).toEqual([0, 255, 7]);
      expect(await s.claimJob(11, 'early')).toBeNull();
      expect((await s.claimJob(12))!.jobId).toBe('late');
      expect(await s.claimJob(13)).toBeNull();
    }, 60_000);

    it("keeps a job's request bytes apart from its row: only a claim reads them (a poll of a 95 MiB job read them every second)", async () => {
      const s = await b.fresh();
      const bytes = Uint8Array.from({ length: 70_000 }, (_, i) => i % 251);
      await s.insertJob(job('big', { lane: 'svcb', requestBlob: bytes }), caps);
      expect((await s.getJob('big'))!.requestBlob ?? null).toBeNull();
      expect((await s.listJobs('p1', 10))[0].requestBlob ?? null).toBeNull();
      await s.updateJobProgress('big', '{"share":0.5}');
      const claimed = await s.claimJob(10);
      expect(claimed!.jobId).toBe('big');
      expect(Buffer.from(claimed!.requestBlob!).equals(Buffer.from(bytes))).toBe(true);
      expect((await s.requestJobCancel('big'))!.requestBlob ?? null).toBeNull();
      expect(await s.finishJob('big', { status: 'cancelled', at: 20, billedUnits: 0 })).toBe(true);
      expect((await s.getJob('big'))!.requestBlob ?? null).toBeNull();
    }, 60_000);

    it('ends a job once, refunding exactly computeUnits − billedUnits in the same step', async () => {
      const s = await b.fresh();
      await s.consumeUnits('p1', DAY, 30, 100);
      for (const id of ['done', 'failed', 'cancelled']) await s.insertJob(job(id), { maxInflight: 9, maxQueued: 9 });
      await s.claimJob(1, 'done');
      expect(await s.finishJob('done', { status: 'done', at: 2, result: '{"ok":1}', billedUnits: 10 })).toBe(true);
      expect((await s.usage('p1', DAY)).units).toBe(30);
      expect(await s.finishJob('failed', { status: 'failed', at: 3, error: '{"code":"X"}', billedUnits: 0 })).toBe(true);
      expect((await s.usage('p1', DAY)).units).toBe(20);
      expect(await s.finishJob('cancelled', { status: 'cancelled', at: 4, billedUnits: 4, progress: '{"share_done":0.4}' })).toBe(true);
      expect((await s.usage('p1', DAY)).units).toBe(14);
      // A second ending of any of them changes nothing, refunds nothing.
      for (const id of ['done', 'failed', 'cancelled']) {
        expect(await s.finishJob(id, { status: 'failed', at: 9, billedUnits: 0 })).toBe(false);
      }
      expect(await s.finishJob('unknown', { status: 'failed', at: 9, billedUnits: 0 })).toBe(false);
      expect((await s.usage('p1', DAY)).units).toBe(14);
      expect(await s.getJob('cancelled')).toMatchObject({ status: 'cancelled', billedUnits: 4, finishedAt: 4, progress: '{"share_done":0.4}' });
      expect(await s.getJob('done')).toMatchObject({ status: 'done', billedUnits: 10, result: '{"ok":1}' });
      expect(await s.getJob('failed')).toMatchObject({ status: 'failed', billedUnits: 0, error: '{"code":"X"}' });
      // `from` restricts the transition: a running job is not ended by a queued-only cancel.
      await s.insertJob(job('r'), { maxInflight: 9, maxQueued: 9 });
      await s.claimJob(5, 'r');
      expect(await s.finishJob('r', { status: 'cancelled', at: 6, billedUnits: 0 }, ['queued'])).toBe(false);
      expect((await s.getJob('r'))!.status).toBe('running');
      await expect(s.finishJob('r', { status: 'done', at: 1, billedUnits: 1.5 })).rejects.toThrow(RangeError);
    }, 60_000);

    it('requeues running jobs after a crash without touching usage, keeping progress and cancel requests; lists per principal', async () => {
      const s = await b.fresh();
      await s.consumeUnits('p1', DAY, 10, 100);
      await s.insertJob(job('x'), caps);
      await s.claimJob(50, 'x');
      await s.updateJobProgress('x', '{"share_done":0.5}');
      expect((await s.requestJobCancel('x'))!.cancelRequested).toBe(true);
      expect(await s.requestJobCancel('nope')).toBeNull();
      const again = await b.crash(s);
      expect(await again.requeueRunningJobs()).toBe(1);
      expect(await again.requeueRunningJobs()).toBe(0);
      expect(await again.getJob('x')).toMatchObject({ status: 'queued', attempts: 1, progress: '{"share_done":0.5}', cancelRequested: true });
      expect((await again.claimJob(60))!.attempts).toBe(2);
      expect((await again.usage('p1', DAY)).units).toBe(10);
      await again.insertJob(job('y', { createdAt: 2000 }), caps);
      expect((await again.listJobs('p1', 10)).map((j) => j.jobId)).toEqual(['y', 'x']);
      expect((await again.listJobs('p1', 1)).map((j) => j.jobId)).toEqual(['y']);
      expect(await again.listJobs('p2', 10)).toEqual([]);
      expect(await again.countJobs('running')).toBe(1);
    }, 60_000);

    it('tells when the oldest queued job was created: none queued → null; running and ended jobs do not count', async () => {
      const s = await b.fresh();
      expect(await s.oldestQueuedJobAt()).toBeNull();
      const wide = { maxInflight: 9, maxQueued: 9 };
      await s.insertJob(job('mid', { createdAt: 2000 }), wide);
      await s.insertJob(job('old', { createdAt: 1500 }), wide);
      await s.insertJob(job('new', { createdAt: 3000 }), wide);
      expect(await s.oldestQueuedJobAt()).toBe(1500);
      await s.claimJob(4000, 'old');
      expect(await s.oldestQueuedJobAt()).toBe(2000);
      await s.finishJob('mid', { status: 'cancelled', at: 4001, billedUnits: 0 });
      expect(await s.oldestQueuedJobAt()).toBe(3000);
      await s.claimJob(4002);
      expect(await s.oldestQueuedJobAt()).toBeNull();
      // A running job requeued after a crash is queued again, with its first creation time.
      const again = await b.crash(s);
      await again.requeueRunningJobs();
      expect(await again.oldestQueuedJobAt()).toBe(1500);
    }, 60_000);
  });
}

/** Many callers at once, through two stores on one database (two processes or two nodes). */
function concurrency(b: StoreBackend) {
  describe('concurrency', () => {
    it('50 parallel calls on one idempotency key: one claim, one solve, one charge, and every later call replays it', async () => {
      const s = await b.fresh();
      const p = await b.peer(s);
      let solves = 0;
      const call = async (i: number): Promise<string> => {
        const st = i % 2 ? s : p;
        const claim = await st.claimIdempotencyKey('acct', 'K', 'fp', 1000, 60_000, LONG);
        if (claim.state !== 'claimed') return claim.state;
        const charge = await st.consumeUnits('acct', DAY, 7, 1000, { holdId: `h${i}`, createdAt: 1000 });
        expect(charge.granted).toBe(true);
        solves++;
        await st.settleHold(`h${i}`, { refund: false, idempotency: { ...idem('K', `{"solved_by":${i}}`, 'acct'), fingerprint: 'fp' } });
        return 'claimed';
      };
      const outcomes = await Promise.all(Array.from({ length: 50 }, (_, i) => call(i)));
      expect(outcomes.filter((o) => o === 'claimed')).toHaveLength(1);
      expect(solves).toBe(1);
      expect(await s.usage('acct', DAY)).toEqual({ units: 7, requests: 1 });
      const winner = outcomes.indexOf('claimed');
      expect(await p.claimIdempotencyKey('acct', 'K', 'fp', 2000, 60_000, LONG)).toEqual({ state: 'done', fingerprint: 'fp', status: 200, response: `{"solved_by":${winner}}` });
    }, 60_000);

    it('50 parallel charges near the limit never pass it: each granted charge sees its own total', async () => {
      const s = await b.fresh();
      const p = await b.peer(s);
      await s.consumeUnits('acct', DAY, 60, 100);
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) =>
        (i % 2 ? s : p).consumeUnits('acct', DAY, 3, 100, i % 3 === 0 ? { holdId: `h${i}`, createdAt: 1 } : undefined)));
      const granted = results.filter((r) => r.granted);
      // 40 units were left: 13 charges of 3 fit, the 14th would pass the limit.
      expect(granted).toHaveLength(13);
      expect(granted.map((r) => r.used).sort((x, y) => x - y)).toEqual(Array.from({ length: 13 }, (_, k) => 63 + 3 * k));
      expect(results.every((r) => r.used <= 100)).toBe(true);
      expect(await s.usage('acct', DAY)).toEqual({ units: 99, requests: 14 });
      // Mixed sizes from a fresh day: the sum granted is what is used, and never above the limit.
      const sizes = Array.from({ length: 50 }, (_, i) => 1 + ((i * 7) % 9));
      const mixed = await Promise.all(sizes.map((u, i) => (i % 2 ? s : p).consumeUnits('acct', '2026-11-02', u, 100)));
      const used = (await s.usage('acct', '2026-11-02')).units;
      expect(used).toBe(sizes.reduce((t, u, i) => t + (mixed[i].granted ? u : 0), 0));
      expect(used).toBeLessThanOrEqual(100);
      // Refused only when it did not fit at that moment: the largest refusal exceeds what is left now.
      expect(Math.min(...sizes.filter((_, i) => !mixed[i].granted))).toBeGreaterThan(100 - used);
    }, 60_000);

    it('parallel settles of one hold: one settles, the units come back once', async () => {
      const s = await b.fresh();
      const p = await b.peer(s);
      await s.consumeUnits('acct', DAY, 40, 100, { holdId: 'h', createdAt: 1 });
      const settled = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? s : p).settleHold('h', { refund: true })));
      expect(settled.filter(Boolean)).toHaveLength(1);
      expect((await s.usage('acct', DAY)).units).toBe(0);
    }, 60_000);

    it('parallel job submissions keep the caps; parallel claimers take each job once; parallel ends end it once', async () => {
      const s = await b.fresh();
      const p = await b.peer(s);
      const inserted = await Promise.all(Array.from({ length: 30 }, (_, i) =>
        (i % 2 ? s : p).insertJob(job(`j${String(i).padStart(2, '0')}`, { createdAt: i }), { maxInflight: 12, maxQueued: 100 })));
      expect(inserted.filter((r) => r === 'inserted')).toHaveLength(12);
      const claimed = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? s : p).claimJob(100 + i)));
      const ids = claimed.filter((j) => j !== null).map((j) => j!.jobId);
      expect(ids).toHaveLength(12);
      expect(new Set(ids).size).toBe(12);
      expect(await s.countJobs('running')).toBe(12);
      // The claimer ends its job; of ten tries at once, one ends it and one refund is made.
      const mine = claimed.findIndex((j) => j !== null);
      const owner = mine % 2 ? s : p;
      await s.consumeUnits('p1', DAY, 10, 100);
      const ended = await Promise.all(Array.from({ length: 10 }, () => owner.finishJob(claimed[mine]!.jobId, { status: 'failed', at: 500, billedUnits: 0 })));
      expect(ended.filter(Boolean)).toHaveLength(1);
      expect((await s.usage('p1', DAY)).units).toBe(0);
    }, 60_000);
  });
}
