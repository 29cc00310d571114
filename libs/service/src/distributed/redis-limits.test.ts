import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { postgresRequired, redisServerBin, startThrowawayRedis, type ThrowawayRedis } from '@svc/store/testing';
import { createRedisClient, redisUrlFromEnv } from './redis-client';
import { createRedisLimits } from './redis-limits';
import type { SharedLimits } from '../limits/shared-limits';

// Under CI=true Redis must be there (.ci/run installs redis-server): these tests fail, never skip.
const run = redisServerBin() !== null || postgresRequired();
if (!run) console.warn('[shared limits on Redis] redis-server not found (install redis-server, or set SVC_REDIS_SERVER): skipped here (never under CI=true)');

const MINUTE = 60_000;

describe('SVC_REDIS_URL', () => {
  it('is null when unset or blank, kept as given when well-formed', () => {
    expect(redisUrlFromEnv({})).toBeNull();
    expect(redisUrlFromEnv({ SVC_REDIS_URL: '  ' })).toBeNull();
    for (const ok of ['redis://127.0.0.1:6379', 'redis://:pw@cache.internal:6380/2', 'rediss://user:pw@cache.internal', 'redis://[::1]:6379/0']) {
      expect(redisUrlFromEnv({ SVC_REDIS_URL: ok })).toBe(ok);
    }
  });

  it('stops the start with the setting’s name when malformed, never showing the password', () => {
    for (const bad of ['localhost:6379', 'http://cache:6379', 'redis://', 'redis://cache:6379/db1', 'redis://cache:99999', 'not a url']) {
      expect(() => redisUrlFromEnv({ SVC_REDIS_URL: bad }), bad).toThrow(/^SVC_REDIS_URL must (be|start with redis:\/\/ or rediss:\/\/)/);
    }
    expect(() => redisUrlFromEnv({ SVC_REDIS_URL: 'redis://u:s3cret@cache:6379/x' })).toThrow(/u:\*\*\*@cache/);
    expect(() => redisUrlFromEnv({ SVC_REDIS_URL: 'redis://u:s3cret@cache:6379/x' })).not.toThrow(/s3cret/);
  });
});

describe.runIf(run)('shared limits on Redis (two nodes)', () => {
  let redis: ThrowawayRedis;
  const opened: SharedLimits[] = [];
  let now = 1_000 * MINUTE + 20_000;
  const clock = () => now;
  let n = 0;

  /** One node: its own client, its own log. */
  async function node(opts: { waiting?: () => number; prefix: string }): Promise<{ limits: SharedLimits; logs: string[]; client: Redis }> {
    const logs: string[] = [];
    const log = (l: string) => logs.push(l);
    const client = createRedisClient(redis.url, 'counters', { log });
    const limits = await createRedisLimits({ redis: client, clock, nodeId: `node-${++n}`, localWaiting: opts.waiting ?? (() => 0), prefix: opts.prefix, log });
    opened.push(limits);
    return { limits, logs, client };
  }

  beforeAll(async () => {
    redis = await startThrowawayRedis();
  }, 60_000);

  afterEach(async () => {
    for (const l of opened.splice(0)) await l.close();
  });

  afterAll(async () => {
    await redis?.stop();
  });

  it('N takes split across two nodes admit exactly the limit, all or nothing, atomically', async () => {
    const a = await node({ prefix: 't1:' });
    const b = await node({ prefix: 't1:' });
    // 40 concurrent takes of 1 against a limit of 17, alternating nodes.
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).limits.requests.take('ip:203.0.113.9', 1, 17)));
    expect(results.filter((r) => r.ok)).toHaveLength(17);
    expect(results.filter((r) => r.ok).map((r) => r.used).sort((x, y) => x - y)).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
    for (const r of results.filter((x) => !x.ok)) expect(r).toEqual({ ok: false, used: 17, retryAfterSeconds: 40 });
    // A take larger than what is left takes nothing.
    expect(await a.limits.compute.take('acct-1', 7, 10)).toEqual({ ok: true, used: 7, retryAfterSeconds: 40 });
    expect(await b.limits.compute.take('acct-1', 4, 10)).toEqual({ ok: false, used: 7, retryAfterSeconds: 40 });
    expect(await b.limits.compute.take('acct-1', 3, 10)).toEqual({ ok: true, used: 10, retryAfterSeconds: 40 });
    // Counters are separate per name and key.
    expect((await b.limits.compute.take('acct-2', 10, 10)).ok).toBe(true);
    expect((await b.limits.requests.take('acct-1', 1, 1)).ok).toBe(true);
    expect(a.logs).toEqual([]);
  });

  it('a window’s key expires after its window; the next window starts from zero', async () => {
    const a = await node({ prefix: 't2:' });
    const b = await node({ prefix: 't2:' });
    now = 2_000 * MINUTE + 59_500;
    expect(await a.limits.requests.take('key:k1', 1, 2)).toEqual({ ok: true, used: 1, retryAfterSeconds: 1 });
    expect((await b.limits.requests.take('key:k1', 1, 2)).ok).toBe(true);
    expect((await a.limits.requests.take('key:k1', 1, 2)).ok).toBe(false);
    const key = `t2:rate:requests:key:k1:${2_000}`;
    const ttl = await a.client.pttl(key);
    // Half a second left of the window, plus one second.
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(1_500);
    now += 600;
    expect(await b.limits.requests.take('key:k1', 2, 2)).toEqual({ ok: true, used: 2, retryAfterSeconds: 60 });
    expect((await a.limits.requests.take('key:k1', 1, 2)).ok).toBe(false);
  });

  it('give-back on one node frees budget for the other, never below zero, only in the current window', async () => {
    const a = await node({ prefix: 't3:' });
    const b = await node({ prefix: 't3:' });
    now = 3_000 * MINUTE + 10_000;
    expect((await a.limits.compute.take('p', 8, 10)).ok).toBe(true);
    expect((await b.limits.compute.take('p', 5, 10)).ok).toBe(false);
    await b.limits.compute.give('p', 5);
    expect(await a.limits.compute.take('p', 5, 10)).toEqual({ ok: true, used: 8, retryAfterSeconds: 50 });
    await a.limits.compute.give('p', 100);
    expect(await a.client.get(`t3:rate:compute:p:${3_000}`)).toBe('0');
    // A give after the window ended does not reach the next window.
    expect((await a.limits.compute.take('p', 10, 10)).ok).toBe(true);
    now += MINUTE;
    expect((await a.limits.compute.take('p', 10, 10)).ok).toBe(true);
    await b.limits.compute.give('q', 3);
    expect(await a.client.exists(`t3:rate:compute:q:${3_001}`)).toBe(0);
  });

  it('safe mode’s waiting count is the sum over live nodes; a node that stopped renewing drops out', async () => {
    let wa = 3;
    const a = await node({ prefix: 't4:', waiting: () => wa });
    const b = await node({ prefix: 't4:', waiting: () => 4 });
    expect(await a.limits.waiting(wa)).toBe(7);
    wa = 10;
    expect(await b.limits.waiting(4)).toBe(7);
    // The heartbeat (every second) publishes a's new count without a request on a.
    await new Promise((r) => setTimeout(r, 1_300));
    expect(await b.limits.waiting(4)).toBe(14);
    // A crashed node: an entry whose expiry has passed is ignored and removed.
    await a.client.hset('t4:waiting', 'dead-node', `50:${Date.now() - 1}`);
    expect(await b.limits.waiting(4)).toBe(14);
    expect(await a.client.hexists('t4:waiting', 'dead-node')).toBe(0);
    // A live one counts until its entry runs out (5 s without a renewal).
    await a.client.hset('t4:waiting', 'silent-node', `50:${Date.now() + 5_000}`);
    expect(await b.limits.waiting(4)).toBe(64);
    // A clean stop removes the node's count at once.
    await a.limits.close();
    await b.client.hdel('t4:waiting', 'silent-node');
    expect(await b.limits.waiting(4)).toBe(4);
  });

  it('Redis down: each node counts on its own (said once per outage), then shares again once Redis is back', async () => {
    const a = await node({ prefix: 't5:' });
    const b = await node({ prefix: 't5:' });
    now = 5_000 * MINUTE + 30_000;
    expect((await a.limits.requests.take('ip:x', 3, 3)).ok).toBe(true);
    expect((await b.limits.requests.take('ip:x', 1, 3)).ok).toBe(false);
    await redis.kill();
    // Per node: each admits up to the limit by itself, with the same Retry-After.
    const onA = await Promise.all(Array.from({ length: 5 }, () => a.limits.requests.take('ip:x', 1, 3)));
    const onB = await Promise.all(Array.from({ length: 5 }, () => b.limits.requests.take('ip:x', 1, 3)));
    expect(onA.map((r) => r.ok)).toEqual([true, true, true, false, false]);
    expect(onB.map((r) => r.ok)).toEqual([true, true, true, false, false]);
    expect(onA[4]).toEqual({ ok: false, used: 3, retryAfterSeconds: 30 });
    expect(await a.limits.waiting(2)).toBe(2);
    // Give-back still works, on the node's own count.
    await a.limits.requests.give('ip:x', 1);
    expect((await a.limits.requests.take('ip:x', 1, 3)).ok).toBe(true);
    const said = (logs: string[]) => logs.filter((l) => l.includes('shared limits: Redis failed'));
    expect(said(a.logs)).toHaveLength(1);
    expect(said(b.logs)).toHaveLength(1);
    // The client says so once too, however many reconnects fail (one every 100 ms at first).
    await new Promise((r) => setTimeout(r, 1_000));
    expect(a.logs.filter((l) => l.includes('Redis (counters)') && l.includes('unreachable'))).toHaveLength(1);
    await redis.restart();
    for (const x of [a, b]) {
      for (let i = 0; i < 100 && x.client.status !== 'ready'; i++) await new Promise((r) => setTimeout(r, 100));
      expect(x.client.status).toBe('ready');
    }
    // Past the one-second pause after a failure, both count in Redis again (empty after its restart).
    await new Promise((r) => setTimeout(r, 1_100));
    const shared = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).limits.requests.take('ip:x', 1, 3)));
    expect(shared.filter((r) => r.ok)).toHaveLength(3);
    expect(a.logs.filter((l) => l.includes('Redis answers again'))).toHaveLength(1);
    expect(said(a.logs)).toHaveLength(1);
  }, 60_000);

  it('a hung Redis costs a request at most the 250 ms command timeout, then the node counts on its own', async () => {
    const a = await node({ prefix: 't6:' });
    now = 6_000 * MINUTE + 30_000;
    expect((await a.limits.requests.take('ip:y', 1, 2)).ok).toBe(true);
    // Another client pauses the server: it accepts commands and answers none for 3 s.
    const admin = createRedisClient(redis.url, 'worker', { log: () => {} });
    await admin.client('PAUSE', 3_000, 'ALL');
    const t0 = Date.now();
    const slow = await a.limits.requests.take('ip:y', 1, 2);
    const waited = Date.now() - t0;
    expect(slow).toEqual({ ok: true, used: 1, retryAfterSeconds: 30 });
    expect(waited).toBeGreaterThanOrEqual(200);
    expect(waited).toBeLessThan(2_000);
    // Within the next second the node does not try Redis again: no wait at all.
    const t1 = Date.now();
    expect((await a.limits.requests.take('ip:y', 1, 2)).ok).toBe(true);
    expect((await a.limits.requests.take('ip:y', 1, 2)).ok).toBe(false);
    expect(Date.now() - t1).toBeLessThan(200);
    expect(a.logs.filter((l) => l.includes('shared limits: Redis failed') && l.includes('timed out'))).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 3_200));
    admin.disconnect();
  }, 30_000);

  it('a node that starts while Redis is down waits 5 s, counts on its own, and shares once Redis is up', async () => {
    await redis.kill();
    const t0 = Date.now();
    const a = await node({ prefix: 't7:' });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(4_900);
    expect(a.logs.filter((l) => l.includes('shared limits: Redis failed') && l.includes('of the start'))).toHaveLength(1);
    now = 7_000 * MINUTE + 30_000;
    expect((await a.limits.requests.take('ip:z', 1, 1)).ok).toBe(true);
    expect((await a.limits.requests.take('ip:z', 1, 1)).ok).toBe(false);
    await redis.restart();
    for (let i = 0; i < 100 && a.client.status !== 'ready'; i++) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1_100));
    const b = await node({ prefix: 't7:' });
    // Both count in Redis now (A's own count of the outage is left behind).
    expect((await b.limits.requests.take('ip:z', 1, 2)).ok).toBe(true);
    expect((await a.limits.requests.take('ip:z', 1, 2)).ok).toBe(true);
    expect(await b.client.get(`t7:rate:requests:ip:z:${7_000}`)).toBe('2');
    expect((await b.limits.requests.take('ip:z', 1, 2)).ok).toBe(false);
    expect(a.logs.filter((l) => l.includes('Redis answers again'))).toHaveLength(1);
  }, 60_000);
});
