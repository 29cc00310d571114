import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSvcError } from '@svc/errors';
import { openPostgresStore, utcDay, type Store } from '@svc/store';
import { postgresBinDir, postgresRequired, startThrowawayPostgres, type ThrowawayPostgres } from '@svc/store/testing';
import { isQueued, type Principal, type Service } from './index';
import { closeServices, codeOf, makeService, ring, tempDir } from '../test/services';
import { parseExposition } from '../test/exposition';

// The service on PostgreSQL (SVC_DATABASE_URL), two nodes on one throwaway database: solves,
// idempotent replays and jobs behave as on the embedded store, and are billed once across nodes.
const skip = postgresBinDir() === null && !postgresRequired();
if (skip) console.warn('[service on PostgreSQL] PostgreSQL binaries not found (install postgresql-15, or set SVC_PG_BIN): skipped here (never under CI=true)');

const TAG = 'svc-cortex-v1';
const cycle = ring;
const SANDBOX = 'sbx_postgres_service_test';


describe.skipIf(skip)('the service on PostgreSQL (SVC_DATABASE_URL)', () => {
  let server: ThrowawayPostgres;
  let a: Service;
  let b: Service;
  let check: Store;
  let me: Principal;
  let dataDir: string;
  const today = () => utcDay(Date.now());

  beforeAll(async () => {
    server = await startThrowawayPostgres();
    const url = await server.createDatabase();
    dataDir = tempDir('svc-pg-service-');
    // Node A queues every solve a front door allows to queue; node B answers in the request.
    a = await makeService({ env: { SVC_DATABASE_URL: url }, dataDir, sandboxToken: SANDBOX, jobs: { queueThresholdWork: 1 } });
    b = await makeService({ env: { SVC_DATABASE_URL: url }, sandboxToken: SANDBOX });
    check = await openPostgresStore({ url, heartbeatMs: 0 });
    me = await a.authenticate(`Bearer ${SANDBOX}`, { ip: '198.51.100.4' });
  }, 120_000);

  afterAll(async () => {
    await closeServices();
    await check?.close();
    await server?.stop();
  }, 60_000);

  it('solves on either node, charging the one usage row in PostgreSQL; no SQLite file is written', async () => {
    const before = (await check.usage(me.id, today())).units;
    const x = await a.solve('maxcut', cycle(6), { principal: me, query: { seed: '1' } });
    const y = await b.solve('maxcut', cycle(9), { principal: me, query: { seed: '1' } });
    expect(x.cut_value).toBe(6);
    expect(y.cut_value).toBe(8);
    expect((await check.usage(me.id, today())).units).toBe(before + (x.compute_units as number) + (y.compute_units as number));
    expect(fs.existsSync(path.join(dataDir, 'svc.sqlite'))).toBe(false);
    expect((await check.findSandboxToken(SANDBOX))?.retiredAt).toBeNull();
  }, 60_000);

  it('an idempotency key replays the stored answer on the other node, charged once; another payload is a conflict', async () => {
    const before = (await check.usage(me.id, today())).units;
    const first = await a.solve('maxcut', cycle(7), { principal: me, idempotencyKey: 'pg-key-1', query: { seed: '3' } });
    const replay = await b.solve('maxcut', cycle(7), { principal: me, idempotencyKey: 'pg-key-1', query: { seed: '3' } });
    expect(replay.receipt).toBe(first.receipt);
    expect(replay.answer).toEqual(first.answer);
    expect((await check.usage(me.id, today())).units).toBe(before + (first.compute_units as number));
    expect(await codeOf(b.solve('maxcut', cycle(7), { principal: me, idempotencyKey: 'pg-key-1', query: { seed: '4' } }))).toBe('SVC_IDEMPOTENCY_CONFLICT');
  }, 60_000);

  it('50 parallel calls with one key across both nodes: one solve, one charge; the rest replay it or are told it is in progress', async () => {
    const before = (await check.usage(me.id, today())).units;
    const calls = await Promise.allSettled(Array.from({ length: 50 }, (_, i) =>
      (i % 2 ? a : b).solve('maxcut', cycle(11), { principal: me, idempotencyKey: 'pg-key-50', query: { seed: '5' } })));
    const answers = calls.filter((c) => c.status === 'fulfilled').map((c) => (c as PromiseFulfilledResult<Record<string, unknown>>).value);
    const refusals = calls.filter((c) => c.status === 'rejected').map((c) => (isSvcError((c as PromiseRejectedResult).reason) ? (c as PromiseRejectedResult).reason.code : String((c as PromiseRejectedResult).reason)));
    expect(answers.length).toBeGreaterThanOrEqual(1);
    expect(new Set(answers.map((x) => x.receipt)).size).toBe(1);
    expect(new Set(refusals)).toEqual(new Set(refusals.length ? ['SVC_IDEMPOTENCY_IN_PROGRESS'] : []));
    const units = answers[0].compute_units as number;
    expect((await check.usage(me.id, today())).units).toBe(before + units);
    // Once answered, every call replays the same answer on either node.
    const late = await a.solve('maxcut', cycle(11), { principal: me, idempotencyKey: 'pg-key-50', query: { seed: '5' } });
    expect(late.receipt).toBe(answers[0].receipt);
  }, 60_000);

  it('runs a queued job to completion, readable on both nodes, billed once; a keyed submission replays its 202', async () => {
    const before = (await check.usage(me.id, today())).units;
    const ack = await a.solve('maxcut', cycle(8), { principal: me, allowQueue: true, idempotencyKey: 'pg-job-1', query: { seed: '2' } });
    expect(isQueued(ack)).toBe(true);
    const jobId = (ack as { job_id: string }).job_id;
    const again = await b.solve('maxcut', cycle(8), { principal: me, allowQueue: true, idempotencyKey: 'pg-job-1', query: { seed: '2' } });
    expect(again).toMatchObject({ job_id: jobId, status: 'queued' });
    const done = await b.jobs.get(jobId, null, 30);
    expect(done.status).toBe('done');
    expect(done.result).toMatchObject({ cut_value: 8, seed: 2 });
    expect((await a.jobs.get(jobId, null)).status).toBe('done');
    const row = await check.getJob(jobId);
    expect(row).toMatchObject({ status: 'done', attempts: 1, billedUnits: row!.computeUnits });
    expect((await check.usage(me.id, today())).units).toBe(before + row!.computeUnits);
    expect(await check.countJobs('running')).toBe(0);
  }, 60_000);

  it('each node exposes its own metrics: store latency on PostgreSQL, the job counted by the one node that ended it, the shared queue depth', async () => {
    const [ea, eb] = [parseExposition(await a.renderMetrics()), parseExposition(await b.renderMetrics())];
    expect(a.metrics.registry).not.toBe(b.metrics.registry);
    for (const [e, node] of [[ea, a], [eb, b]] as const) {
      expect(e.value('svc_store_duration_seconds_count', { operation: 'consumeUnits', process: node.metrics.processName })).toBeGreaterThanOrEqual(1);
      expect(e.value('svc_store_duration_seconds_sum', { operation: 'consumeUnits' })).toBeGreaterThan(0);
      expect(e.value('svc_jobs', { state: 'queued' })).toBe(0);
      expect(e.value('svc_job_oldest_queued_age_seconds')).toBe(0);
    }
    // One job ran (the test before): whichever node ended it counted it, the other did not.
    const done = (e: ReturnType<typeof parseExposition>) => e.find('svc_jobs_finished_total', { status: 'done' }).reduce((t, x) => t + x.value, 0);
    expect(done(ea) + done(eb)).toBe(1);
  }, 60_000);
});

describe.skipIf(skip)('a node that dies, on PostgreSQL', () => {
  let server: ThrowawayPostgres;
  beforeAll(async () => {
    server = await startThrowawayPostgres();
  }, 120_000);
  afterAll(async () => {
    await closeServices();
    await server?.stop();
  }, 60_000);

  it("another node refunds its unanswered call and runs its claimed job again after the lease, billed once", async () => {
    const url = await server.createDatabase();
    const principal = { kind: 'sandbox' as const, id: 'sandbox-ip:192.0.2.77', ip: '192.0.2.77', plan: 'sandbox' as const };
    const day = utcDay(Date.now());
    // The node that dies: it accepted a job (charged 2) and claimed it, and was charging 3 for a
    // synchronous call when it stopped (no heartbeat from here on, nothing settled).
    const dead = await openPostgresStore({ url, leaseMs: 2000, heartbeatMs: 0 });
    try {
      const jobId = `job_${'d'.repeat(32)}`;
      await dead.consumeUnits(principal.id, day, 2, 10_000);
      await dead.insertJob({
        jobId, principal: principal.id, owner: null, command: 'maxcut', lane: 'json',
        request: JSON.stringify({ v: 1, command: 'maxcut', body: cycle(5), query: { seed: '1' }, principal }),
        computeUnits: 2, chargeDay: day, allowance: 10_000, createdAt: Date.now(),
      }, { maxInflight: 9, maxQueued: 9 });
      expect((await dead.claimJob(Date.now(), jobId))?.status).toBe('running');
      await dead.consumeUnits(principal.id, day, 3, 10_000, { holdId: 'h-dead', createdAt: Date.now() });

      // Another node (lease 2 s) settles it once the lease is over and runs the job.
      const s = await makeService({ env: { SVC_DATABASE_URL: url, SVC_NODE_LEASE_SECONDS: '2' } });
      expect((await s.jobs.get(jobId, null)).status).toBe('running');
      const done = await s.jobs.get(jobId, null, 30);
      expect(done).toMatchObject({ status: 'done', attempts: 2, billed_units: 2 });
      expect(done.result).toMatchObject({ cut_value: 4, seed: 1 });
      expect((await dead.usage(principal.id, day)).units).toBe(2);
      // Its late settle finds the hold gone: nothing is refunded twice.
      expect(await dead.settleHold('h-dead', { refund: true })).toBe(false);
      expect((await dead.usage(principal.id, day)).units).toBe(2);
    } finally {
      await dead.close();
    }
  }, 90_000);
});
