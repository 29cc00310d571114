import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresStore, utcDay, type Store } from '@svc/store';
import { eventually, postgresBinDir, postgresRequired, redisServerBin, startThrowawayPostgres, startThrowawayRedis, type ThrowawayPostgres, type ThrowawayRedis } from '@svc/store/testing';
import { isQueued, RawJson, type Principal, type Service } from './index';
import { closeServices, makeService, ring } from '../test/services';

// The distributed queue (SVC_REDIS_URL): HTTP nodes (producers) store and dispatch jobs through
// BullMQ, worker processes (jobRole 'worker') run them; events cross processes on Redis.
// In-process here; tools/src/distributed runs the same across real processes with SIGKILLs.
const skip = (postgresBinDir() === null || redisServerBin() === null) && !postgresRequired();
if (skip) console.warn('[service with the queue] PostgreSQL or redis-server not found: skipped here (never under CI=true)');

const TAG = 'svc-cortex-v1';
const DESC = 'A ring of offices split into two teams.';
const cycle = ring;
/** Pseudo-random sparse graph: minutes of work at effort high on engine-ts, so it ends only by a cancel. */
function long(seed: number) {
  const n = 1500;
  let x = seed * 2654435761 >>> 0;
  const rnd = () => ((x = (x * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  const edges: [number, number, number][] = [];
  for (let k = 0; k < 6000; k++) {
    const i = Math.floor(rnd() * n);
    let j = Math.floor(rnd() * n);
    if (j === i) j = (i + 1) % n;
    edges.push([i, j, 1 + Math.floor(rnd() * 5)]);
  }
  return { tag: TAG, description: DESC, n, edges };
}
const SANDBOX = 'sbx_queue_service_test';


describe.skipIf(skip)('the distributed queue: a producer node and workers on PostgreSQL + Redis', () => {
  let pg: ThrowawayPostgres;
  let redis: ThrowawayRedis;
  let env: Record<string, string>;
  let node: Service;
  let worker: Service | null = null;
  let check: Store;
  let me: Principal;
  const today = () => utcDay(Date.now());
  const startWorker = async () => (worker = await makeService({ env, jobRole: 'worker', sandboxToken: SANDBOX }));

  beforeAll(async () => {
    [pg, redis] = await Promise.all([startThrowawayPostgres(), startThrowawayRedis()]);
    env = { SVC_DATABASE_URL: await pg.createDatabase(), SVC_REDIS_URL: redis.url, SVC_NODE_LEASE_SECONDS: '3' };
    // Threshold 1: every solve a door allows to queue is queued.
    node = await makeService({ env, sandboxToken: SANDBOX, jobs: { queueThresholdWork: 1 } });
    check = await openPostgresStore({ url: env.SVC_DATABASE_URL, heartbeatMs: 0 });
    me = await node.authenticate(`Bearer ${SANDBOX}`, { ip: '198.51.100.9' });
  }, 120_000);

  afterAll(async () => {
    await closeServices();
    await check?.close();
    await Promise.all([pg?.stop(), redis?.stop()]);
  }, 60_000);

  it('an HTTP node runs no job: it stays queued until a worker starts, then runs once there and is billed once', async () => {
    const before = (await check.usage(me.id, today())).units;
    const ack = await node.solve('maxcut', cycle(8), { principal: me, allowQueue: true, query: { seed: '2' } });
    expect(isQueued(ack)).toBe(true);
    const jobId = (ack as { job_id: string }).job_id;
    await new Promise((r) => setTimeout(r, 1500));
    expect((await check.getJob(jobId))?.status).toBe('queued');
    expect((await node.ready()).checks).toMatchObject({ queue: 'ok', job_runner: 'ok' });
    await startWorker();
    const done = await node.jobs.get(jobId, null, 30);
    expect(done).toMatchObject({ status: 'done', attempts: 1, billed_units: done.compute_units });
    expect(done.result).toMatchObject({ cut_value: 8, seed: 2 });
    expect((await check.usage(me.id, today())).units).toBe(before + done.compute_units);
  }, 90_000);

  it('a large JSON body never parsed on the node (RawJson) is stored as read and parsed and planned by the worker that runs its job', async () => {
    if (worker === null) await startWorker();
    const raw = new RawJson(Buffer.from(JSON.stringify(cycle(10))), 'application/json');
    const ack = await node.solve('maxcut', raw, { principal: me, allowQueue: true, query: { seed: '3' } });
    expect(isQueued(ack)).toBe(true);
    const jobId = (ack as { job_id: string }).job_id;
    const row = await check.getJob(jobId);
    expect(JSON.parse(row!.request)).toMatchObject({ command: 'maxcut', raw: { contentType: 'application/json' } });
    expect(JSON.parse(row!.request).body).toBeUndefined();
    // The bytes are kept apart from the row (only the claim of the worker that runs it reads them).
    expect(row!.requestBlob ?? null).toBeNull();
    const done = await node.jobs.get(jobId, null, 30);
    expect(done).toMatchObject({ status: 'done', billed_units: done.compute_units });
    expect(done.result).toMatchObject({ cut_value: 10, seed: 3 });
    // A body its solve worker refuses on the node is refused in the request, as a parsed one is.
    const bad = { ...cycle(10), edges: [[0, 10, 1]] };
    const refusal = await node.solve('maxcut', new RawJson(Buffer.from(JSON.stringify(bad))), { principal: me, allowQueue: true }).catch((e: unknown) => e);
    const parsed = await node.solve('maxcut', bad, { principal: me, allowQueue: true }).catch((e: unknown) => e);
    expect(refusal).toMatchObject({ code: (parsed as { code: string }).code, message: (parsed as { message: string }).message });
  }, 90_000);

  it("a job's end is published on Redis, and a long-poll on the node returns with it", async () => {
    const events: string[] = [];
    const sub = new Redis(redis.url);
    try {
      await sub.subscribe('svc:job-events');
      sub.on('message', (_c: string, m: string) => events.push(m));
      const ack = await node.solve('maxcut', cycle(10), { principal: me, allowQueue: true, query: { seed: '4' } }) as { job_id: string };
      const done = await node.jobs.get(ack.job_id, null, 30);
      expect(done.status).toBe('done');
      await eventually(async () => events.includes(JSON.stringify({ t: 'ended', id: ack.job_id })), 'the ended event');
    } finally {
      sub.disconnect();
    }
  }, 60_000);

  it('a cancel on the node stops the solve on the worker and bills the share done', async () => {
    const ack = await node.solve('maxcut', long(3), { principal: me, allowQueue: true, query: { effort: 'high' } }) as { job_id: string };
    await eventually(async () => (await check.getJob(ack.job_id))?.status === 'running', 'the job running on the worker');
    await new Promise((r) => setTimeout(r, 500));
    const v = await node.jobs.cancel(ack.job_id, null);
    expect(v).toMatchObject({ status: 'cancelled', cancel_requested: true });
    expect(v.billed_units).toBeLessThan(v.compute_units);
    const row = await check.getJob(ack.job_id);
    expect(row).toMatchObject({ status: 'cancelled', billedUnits: v.billed_units });
  }, 90_000);

  it("a running job's engine progress, stored by the worker, is published on Redis and wakes a watcher on the node", async () => {
    const events: string[] = [];
    const sub = new Redis(redis.url);
    try {
      await sub.subscribe('svc:job-events');
      sub.on('message', (_c: string, m: string) => events.push(m));
      const ack = await node.solve('maxcut', long(5), { principal: me, allowQueue: true, query: { effort: 'high' } }) as { job_id: string };
      await eventually(async () => (await check.getJob(ack.job_id))?.status === 'running', 'the job running on the worker');
      const live: Record<string, unknown>[] = [];
      for (let k = 0; k < 30 && new Set(live.map((p) => p.elapsed_ms)).size < 2; k++) {
        const j = await node.jobs.get(ack.job_id, null, 5, { orProgress: true });
        if (j.progress?.share_basis === 'engine_progress') live.push({ ...j.progress });
      }
      expect(new Set(live.map((p) => p.elapsed_ms)).size).toBeGreaterThanOrEqual(2);
      for (const p of live) expect(typeof p.best).toBe('number');
      await eventually(async () => events.includes(JSON.stringify({ t: 'progress', id: ack.job_id })), 'the progress event');
      expect((await node.jobs.cancel(ack.job_id, null)).status).toBe('cancelled');
    } finally {
      sub.disconnect();
    }
  }, 90_000);

  it('the sync window on a producer node: a job run by a worker that ends within it answers 200 with the stored result', async () => {
    if (!worker) await startWorker();
    const windowed = await makeService({ env, sandboxToken: SANDBOX, jobs: { queueThresholdWork: 1, syncWaitMs: 60_000 } });
    const out = await windowed.solve('maxcut', cycle(10), { principal: me, allowQueue: true, query: { seed: '9' } });
    if (isQueued(out)) throw new Error('answered 202: the job did not end within the window');
    expect(out).toMatchObject({ cut_value: 10, seed: 9 });
    const stored = (await check.listJobs(me.id, 20)).find((j) => j.result !== null && JSON.parse(j.result).receipt === out.receipt);
    expect(stored).toMatchObject({ status: 'done', attempts: 1, billedUnits: out.compute_units });
    expect(JSON.parse(stored!.result!)).toEqual(out);
  }, 90_000);

  it('Redis down: the node refuses queued work (503 SVC_BUSY, queue_unavailable) and is not ready; back up, both work again', async () => {
    await redis.kill();
    await eventually(async () => !(await node.ready()).ready, 'readiness to fail');
    expect((await node.ready()).checks.queue).toBe('unreachable (Redis)');
    await expect(node.solve('maxcut', cycle(12), { principal: me, allowQueue: true })).rejects.toMatchObject({ code: 'SVC_BUSY', extensions: { reason: 'queue_unavailable' } });
    // Synchronous solves do not need the queue.
    expect((await node.solve('maxcut', cycle(6), { principal: me })).cut_value).toBe(6);
    await redis.restart();
    await eventually(async () => (await node.ready()).ready, 'readiness to come back');
    const ack = await node.solve('maxcut', cycle(12), { principal: me, allowQueue: true, query: { seed: '1' } }) as { job_id: string };
    expect((await node.jobs.get(ack.job_id, null, 30)).status).toBe('done');
  }, 90_000);

  it('a stored job whose message Redis lost is handed to the queue again by the workers and runs', async () => {
    await worker!.close();
    const ack = await node.solve('maxcut', cycle(14), { principal: me, allowQueue: true, query: { seed: '6' } }) as { job_id: string };
    // Redis restarts without persistence: the message is gone, the row is still queued.
    await redis.restart();
    await eventually(async () => (await node.ready()).ready, 'the node to reconnect');
    expect((await check.getJob(ack.job_id))?.status).toBe('queued');
    await startWorker();
    const done = await node.jobs.get(ack.job_id, null, 30);
    expect(done).toMatchObject({ status: 'done', attempts: 1 });
  }, 90_000);

  it('SVC_REDIS_URL without PostgreSQL, or not a Redis URL, stops the start with the setting named', async () => {
    await expect(makeService({ env: { SVC_REDIS_URL: redis.url } })).rejects.toThrow(/SVC_REDIS_URL needs SVC_DATABASE_URL/);
    await expect(makeService({ env: { ...env, SVC_REDIS_URL: 'http://x' } })).rejects.toThrow(/SVC_REDIS_URL must start with redis:\/\//);
  }, 60_000);
});
