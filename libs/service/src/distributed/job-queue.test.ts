import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, postgresRequired, redisServerBin, startThrowawayRedis, type ThrowawayRedis } from '@svc/store/testing';
import { createJobQueue, type JobEvent } from './job-queue';

const run = redisServerBin() !== null || postgresRequired();


describe.runIf(run)("the job queue's events channel", () => {
  let redis: ThrowawayRedis;
  beforeAll(async () => {
    redis = await startThrowawayRedis();
  }, 60_000);
  afterAll(async () => {
    await redis?.stop();
  }, 60_000);

  it('delivers events from another process, again after Redis restarts (resubscribed on reconnect), and closes cleanly mid-reconnect', async () => {
    const q = createJobQueue({ url: redis.url });
    const seen: JobEvent[] = [];
    q.onEvent((e) => seen.push(e));
    const other = () => new Redis(redis.url);
    try {
      await eventually(() => q.ready(), 'the queue to connect', 20_000, { everyMs: 50 });
      // Subscribed once ready: an event published elsewhere arrives.
      for (let k = 0; k < 100 && seen.length === 0; k++) {
        const p = other();
        await p.publish('svc:job-events', JSON.stringify({ t: 'ended', id: 'job_a' }));
        p.disconnect();
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(seen[0]).toEqual({ t: 'ended', id: 'job_a' });
      await redis.restart();
      await eventually(() => q.ready(), 'the queue to reconnect', 20_000, { everyMs: 50 });
      const before = seen.length;
      for (let k = 0; k < 100 && seen.length === before; k++) {
        const p = other();
        await p.publish('svc:job-events', JSON.stringify({ t: 'cancel', id: 'job_b' }));
        p.disconnect();
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(seen.at(-1)).toEqual({ t: 'cancel', id: 'job_b' });
      // Malformed messages are ignored.
      const p = other();
      await p.publish('svc:job-events', 'not json');
      await p.publish('svc:job-events', JSON.stringify({ t: 'other', id: 'x' }));
      p.disconnect();
      await new Promise((r) => setTimeout(r, 200));
      expect(seen.at(-1)).toEqual({ t: 'cancel', id: 'job_b' });
      // A restart immediately followed by close: no unhandled rejection from a pending resubscribe.
      await redis.restart();
    } finally {
      await q.close();
    }
  }, 60_000);
});
