import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { postgresBinDir, postgresRequired, redisServerBin, startThrowawayPostgres, startThrowawayRedis, type ThrowawayPostgres, type ThrowawayRedis } from '@svc/store/testing';
import { createService, type Principal, type Service } from './index';
import { closeServices, codeOf, makeService, ring, tempDir } from '../test/services';

// Two service nodes on one throwaway PostgreSQL and one throwaway Redis (SVC_DATABASE_URL and
// SVC_REDIS_URL, which needs the former): request rates, the per-minute compute budget and safe
// mode's waiting count hold across both.
// Under CI=true PostgreSQL and Redis must be there (.ci/run installs them): these tests fail, never skip.
const run = (redisServerBin() !== null && postgresBinDir() !== null) || postgresRequired();
if (!run) console.warn('[service on Redis] redis-server or PostgreSQL not found (install redis-server and postgresql-15): skipped here (never under CI=true)');

const SANDBOX = 'sbx_redis_service_test';
const TAG = 'svc-cortex-v1';
const cycle = ring;


describe.runIf(run)('two nodes sharing rate windows through Redis (SVC_REDIS_URL)', () => {
  let pg: ThrowawayPostgres;
  let redis: ThrowawayRedis;
  let raw: Redis;
  let a: Service;
  let b: Service;
  // Mid-minute, so no window ends during a case.
  const now = Math.floor(Date.now() / 60_000) * 60_000 + 30_000;
  const clock = () => now;
  const principal = (s: Service, ip: string): Promise<Principal> => s.authenticate(`Bearer ${SANDBOX}`, { ip });

  beforeAll(async () => {
    [pg, redis] = await Promise.all([startThrowawayPostgres(), startThrowawayRedis()]);
    raw = new Redis(redis.url);
    const opts = { env: { SVC_DATABASE_URL: await pg.createDatabase(), SVC_REDIS_URL: redis.url }, sandboxToken: SANDBOX, clock, access: { sandboxRatePerMinute: 5, computeUnitsPerMinute: 1, highDemandQueue: 3 } };
    a = await makeService(opts);
    b = await makeService(opts);
  }, 120_000);

  afterAll(async () => {
    await closeServices();
    raw?.disconnect();
    await redis?.stop();
    await pg?.stop();
  }, 60_000);

  it('the per-IP request rate: 12 requests split across both nodes admit exactly 5; the rest are 429 with Retry-After', async () => {
    const outcomes = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).access.admitIp('198.51.100.21')));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
    for (const o of outcomes.filter((x) => x.status === 'rejected')) {
      const e = (o as PromiseRejectedResult).reason;
      expect(e.code).toBe('SVC_SANDBOX_RATE');
      expect(e.retryAfter).toBe(30);
    }
    // The sandbox principal's requests count in the same window.
    const p = await principal(a, '198.51.100.22');
    for (let i = 0; i < 5; i++) await (i % 2 ? a : b).access.admit(p, 'solve');
    expect(await codeOf(b.access.admit(p, 'solve'))).toBe('SVC_SANDBOX_RATE');
    expect(await codeOf(a.access.admitIp('198.51.100.22'))).toBe('SVC_SANDBOX_RATE');
  }, 30_000);

  it('the compute budget: a solve on node A spends the minute for node B too; the refused call is refunded; give-back frees it', async () => {
    const pa = await principal(a, '198.51.100.31');
    const pb = await principal(b, '198.51.100.31');
    const first = await a.solve('maxcut', cycle(6), { principal: pa, query: { seed: '1' } });
    expect(first.cut_value).toBe(6);
    const units = first.compute_units as number;
    // With a budget of 1 unit a minute, a lone call still runs in an idle minute; the next does not, on either node.
    expect(await codeOf(b.solve('maxcut', cycle(8), { principal: pb, query: { seed: '1' } }))).toBe('SVC_COMPUTE_RATE_LIMIT');
    // The refused call was refunded: today's usage (one row in PostgreSQL) holds A's solve alone.
    expect((await b.access.meter.report(pb)).compute_units_used).toBe(units);
    expect(await codeOf(a.access.takeCompute(pa, 1))).toBe('SVC_COMPUTE_RATE_LIMIT');
    await b.access.giveCompute(pb, units);
    await a.access.takeCompute(pa, units);
    expect(await codeOf(b.access.takeCompute(pb, 1))).toBe('SVC_COMPUTE_RATE_LIMIT');
  }, 60_000);

  it('safe mode counts solves waiting on every node: each node publishes its own; sandbox solves pause at the total', async () => {
    const entries = await raw.hgetall('svc:waiting');
    expect(Object.keys(entries)).toHaveLength(2);
    for (const v of Object.values(entries)) expect(v).toMatch(/^0:\d+$/);
    const p = await principal(a, '198.51.100.41');
    await a.access.assertCapacity(p, 2);
    // A third node (as its heartbeat writes it) with one solve waiting: 2 here + 1 there reaches 3.
    await raw.hset('svc:waiting', 'node-c', `1:${Date.now() + 5_000}`);
    expect(await codeOf(a.access.assertCapacity(p, 2))).toBe('SVC_HIGH_DEMAND');
    // Node B with none waiting sees A's 2 (published by A's last check) and C's 1.
    expect(await codeOf(b.access.assertCapacity(p, 0))).toBe('SVC_HIGH_DEMAND');
    await raw.hdel('svc:waiting', 'node-c');
    await a.access.assertCapacity(p, 2);
  });

  it('Redis down: each node limits on its own (at most nodes × the limit); Redis back: shared again', async () => {
    await redis.kill();
    const down = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).access.admitIp('198.51.100.51')));
    expect(down.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    await redis.restart();
    raw.disconnect();
    raw = new Redis(redis.url);
    // The clients reconnect (backoff ≤ 2 s), then each node tries Redis again a second after its last failure.
    await new Promise((r) => setTimeout(r, 4_000));
    const up = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).access.admitIp('198.51.100.52')));
    expect(up.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
  }, 60_000);

  it('a malformed SVC_REDIS_URL stops the start with its name', async () => {
    await expect(createService({ engine: 'ts', workers: 1, dataDir: tempDir(), env: { SVC_REDIS_URL: 'redis//cache:6379' } })).rejects.toThrow(/^SVC_REDIS_URL must be a redis:\/\/.*got 'redis\/\/cache:6379'/);
  });
});

// The distributed deployment proper: both nodes on one PostgreSQL (accounts and keys shared) and
// one Redis. A key registered on one node is limited per minute across both.
describe.runIf(run)('two nodes on PostgreSQL and Redis: the per-key request rate', () => {
  let pg: ThrowawayPostgres;
  let redis: ThrowawayRedis;
  let a: Service;
  let b: Service;

  beforeAll(async () => {
    [pg, redis] = await Promise.all([startThrowawayPostgres(), startThrowawayRedis()]);
    const env = { SVC_DATABASE_URL: await pg.createDatabase(), SVC_REDIS_URL: redis.url };
    const now = Math.floor(Date.now() / 60_000) * 60_000 + 30_000;
    const opts = { env, clock: () => now, sandboxToken: SANDBOX, access: { keyRatePerMinute: 6 } };
    a = await makeService(opts);
    b = await makeService(opts);
  }, 120_000);

  afterAll(async () => {
    await closeServices();
    await redis?.stop();
    await pg?.stop();
  }, 60_000);

  it('15 requests with one key split across both nodes admit exactly 6; another key has its own window', async () => {
    const first = (await a.access.accounts.register({ email: 'shared-rate@example.com' }));
    const onA = await a.authenticate(`Bearer ${first.key.token}`, { ip: '198.51.100.61' });
    const onB = await b.authenticate(`Bearer ${first.key.token}`, { ip: '198.51.100.62' });
    const outcomes = await Promise.allSettled(Array.from({ length: 15 }, (_, i) => (i % 2 ? a.access.admit(onA, 'analyze') : b.access.admit(onB, 'analyze'))));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(6);
    for (const o of outcomes.filter((x) => x.status === 'rejected')) {
      expect((o as PromiseRejectedResult).reason).toMatchObject({ code: 'SVC_RATE_LIMITED', retryAfter: 30 });
    }
    const other = (await b.access.accounts.register({ email: 'shared-rate-2@example.com' }));
    await a.access.admit(await a.authenticate(`Bearer ${other.key.token}`, { ip: '198.51.100.61' }), 'analyze');
  }, 60_000);
});
