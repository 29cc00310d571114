import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue, Worker } from 'bullmq';
import { postgresRequired, redisServerBin, startThrowawayRedis, type ThrowawayRedis } from '@svc/store/testing';
import { createRedisClient, redactRedisUrl } from './redis-client';

// Under CI=true Redis must be there (.ci/run installs redis-server): these tests fail, never skip.
const run = redisServerBin() !== null || postgresRequired();

describe('redactRedisUrl', () => {
  it('hides the password, and only it', () => {
    expect(redactRedisUrl('redis://:s3cret@cache:6379/1')).toBe('redis://:***@cache:6379/1');
    expect(redactRedisUrl('rediss://svc:s3cret@cache')).toBe('rediss://svc:***@cache');
    expect(redactRedisUrl('redis://cache:6379')).toBe('redis://cache:6379');
  });
});

describe.runIf(run)('createRedisClient roles', () => {
  let redis: ThrowawayRedis;
  beforeAll(async () => {
    redis = await startThrowawayRedis();
  }, 60_000);
  afterAll(async () => {
    await redis?.stop();
  });

  it('BullMQ takes a `worker` client for its blocking connection (it throws on any other maxRetriesPerRequest); a `queue` client adds jobs', async () => {
    const blocking = createRedisClient(redis.url, 'worker');
    const worker = new Worker('roles', async () => 1, { connection: blocking, autorun: false });
    await worker.close();
    blocking.disconnect();
    const connection = createRedisClient(redis.url, 'queue');
    const queue = new Queue('roles', { connection });
    const job = await queue.add('j', { x: 1 });
    expect(await queue.getJobCounts('waiting')).toEqual({ waiting: 1 });
    expect(job.id).toBeTruthy();
    await queue.close();
    connection.disconnect();
  }, 30_000);

  it('with Redis down, `counters` and `queue` commands fail at once; the outage is logged once and the return once', async () => {
    const logs: string[] = [];
    const counters = createRedisClient(redis.url, 'counters', { log: (l) => logs.push(l) });
    const queue = createRedisClient(redis.url, 'queue', { log: (l) => logs.push(l) });
    // No offline queue: even the first command waits for nothing, so wait for the connection here.
    for (const c of [counters, queue]) if (c.status !== 'ready') await new Promise((r) => c.once('ready', r));
    await counters.ping();
    await queue.ping();
    await redis.kill();
    await new Promise((r) => setTimeout(r, 1_500));
    for (const c of [counters, queue]) {
      const t0 = Date.now();
      await expect(c.get('k')).rejects.toThrow();
      expect(Date.now() - t0).toBeLessThan(100);
    }
    expect(logs.filter((l) => l.includes('unreachable')).sort()).toEqual([
      expect.stringMatching(/^\[svc\] Redis \(counters\) at redis:\/\/127\.0\.0\.1:\d+ unreachable: /),
      expect.stringMatching(/^\[svc\] Redis \(queue\) at redis:\/\/127\.0\.0\.1:\d+ unreachable: /),
    ]);
    await redis.restart();
    for (let i = 0; i < 100 && (counters.status !== 'ready' || queue.status !== 'ready'); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await counters.ping()).toBe('PONG');
    expect(logs.filter((l) => l.includes('reachable again'))).toHaveLength(2);
    counters.disconnect();
    queue.disconnect();
  }, 30_000);
});
