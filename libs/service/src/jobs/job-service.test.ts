import { afterAll, describe, expect, it } from 'vitest';
import { StoreUnavailableError, openSqliteStore, utcDay, type Store } from '@svc/store';
import type { Service } from '../index';
import { closeServices, makeService, tempDir } from '../../test/services';

// Recovery at startup, at the service level: jobs a previous process persisted (queued, or
// running with a cancel request when it died) are finished by the next one, billed once.
afterAll(closeServices);

const principal = { kind: 'sandbox' as const, id: 'sandbox-ip:192.0.2.9', ip: '192.0.2.9', plan: 'sandbox' as const };
const body = { tag: 'svc-cortex-v1', description: 'Split five offices into two teams.', n: 5, edges: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 4, 1], [4, 0, 1]] };

async function waitFor(s: Service, id: string, status: string) {
  for (let k = 0; k < 200; k++) {
    const j = await s.jobs.get(id, null);
    if (j.status === status) return j;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`job ${id} never reached ${status}`);
}

describe('job recovery', () => {
  it('runs a persisted queued job and cancels (refunding) one whose cancel was asked before the crash', async () => {
    const dir = tempDir('svc-jobs-recover-');
    const day = utcDay(Date.now());
    const store = await openSqliteStore({ dataDir: dir });
    await store.consumeUnits(principal.id, day, 4, 10_000);
    const row = (id: string) => ({
      jobId: id, principal: principal.id, owner: null, command: 'maxcut', lane: 'json' as const,
      request: JSON.stringify({ v: 1, command: 'maxcut', body, query: { seed: '1' }, principal }),
      computeUnits: 2, chargeDay: day, allowance: 10_000, createdAt: Date.now(),
    });
    const queued = `job_${'a'.repeat(32)}`;
    const doomed = `job_${'b'.repeat(32)}`;
    await store.insertJob(row(doomed), { maxInflight: 9, maxQueued: 9 });
    await store.insertJob(row(queued), { maxInflight: 9, maxQueued: 9 });
    await store.claimJob(Date.now(), doomed);
    await store.requestJobCancel(doomed);
    await store.close();

    const s = await makeService({ dataDir: dir });
    const c = await waitFor(s, doomed, 'cancelled');
    expect(c).toMatchObject({ billed_units: 0, attempts: 2, cancel_requested: true });
    const d = await waitFor(s, queued, 'done');
    expect(d).toMatchObject({ billed_units: 2, attempts: 1 });
    expect(d.result).toMatchObject({ cut_value: 4, seed: 1, compute_units: 2 });
    // 4 charged at acceptance, 2 refunded by the cancel, never charged again.
    const again = await openSqliteStore({ dataDir: dir });
    expect((await again.usage(principal.id, day)).units).toBe(2);
    await again.close();
  });
});

describe('a store that is away while a job runs (issue 32)', () => {
  it('never fails the job: its usage read and its end wait for the store, and it ends done once with the answer computed meanwhile', async () => {
    const dir = tempDir('svc-jobs-away-');
    const day = utcDay(Date.now());
    const sqlite = await openSqliteStore({ dataDir: dir });
    await sqlite.consumeUnits(principal.id, day, 2, 10_000);
    const id = `job_${'d'.repeat(32)}`;
    await sqlite.insertJob({
      jobId: id, principal: principal.id, owner: null, command: 'maxcut', lane: 'json',
      request: JSON.stringify({ v: 1, command: 'maxcut', body, query: { seed: '1' }, principal }),
      computeUnits: 2, chargeDay: day, allowance: 10_000, createdAt: Date.now(),
    }, { maxInflight: 9, maxQueued: 9 });
    // The database goes away once the job is claimed: every read and write of the runner fails as PostgreSQL's would.
    let away = false;
    let refused = 0;
    const failing = new Set(['usage', 'finishJob', 'getJob', 'updateJobProgress', 'appendUsageLog']);
    const store = new Proxy(sqlite, {
      get(target, prop, receiver) {
        const v = Reflect.get(target, prop, receiver) as unknown;
        if (typeof v !== 'function') return v;
        return (...args: unknown[]) => {
          if (prop === 'claimJob') {
            return (v as (...a: unknown[]) => Promise<unknown>).apply(target, args).then((row) => {
              if (row) away = true;
              return row;
            });
          }
          if (away && failing.has(String(prop))) {
            refused++;
            return Promise.reject(new StoreUnavailableError('PostgreSQL is unavailable (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:5432)', null));
          }
          return (v as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    }) as Store;
    const s = await makeService({ dataDir: dir, store });
    // The engine answers in milliseconds; the store stays away well past that.
    for (let k = 0; k < 100 && refused < 3; k++) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 1500));
    expect(refused).toBeGreaterThanOrEqual(3);
    expect((await sqlite.getJob(id))?.status).toBe('running');
    away = false;
    const d = await waitFor(s, id, 'done');
    expect(d).toMatchObject({ billed_units: 2, attempts: 1 });
    expect(d.result).toMatchObject({ cut_value: 4, seed: 1, compute_units: 2 });
    expect((await sqlite.usage(principal.id, day)).units).toBe(2);
    await s.close();
    await sqlite.close();
  }, 60_000);
});

describe('a job that takes the process down with it', () => {
  it('is not run again after three starts: it fails with SVC_ENGINE_FAILURE and is refunded', async () => {
    const dir = tempDir('svc-jobs-poison-');
    const day = utcDay(Date.now());
    const store = await openSqliteStore({ dataDir: dir });
    await store.consumeUnits(principal.id, day, 2, 10_000);
    const id = `job_${'c'.repeat(32)}`;
    await store.insertJob({
      jobId: id, principal: principal.id, owner: null, command: 'maxcut', lane: 'json',
      request: JSON.stringify({ v: 1, command: 'maxcut', body, query: {}, principal }),
      computeUnits: 2, chargeDay: day, allowance: 10_000, createdAt: Date.now(),
    }, { maxInflight: 9, maxQueued: 9 });
    // Three processes each started it and died (claimed, then requeued by the next start).
    for (let k = 0; k < 3; k++) {
      await store.claimJob(Date.now(), id);
      await store.requeueRunningJobs();
    }
    await store.close();

    const s = await makeService({ dataDir: dir });
    const j = await waitFor(s, id, 'failed');
    expect(j).toMatchObject({ billed_units: 0, attempts: 4 });
    expect(j.error).toMatchObject({ code: 'SVC_ENGINE_FAILURE' });
    expect(String(j.error?.detail)).toMatch(/started 3 times/);
    const again = await openSqliteStore({ dataDir: dir });
    expect((await again.usage(principal.id, day)).units).toBe(0);
    await again.close();
  });
});

describe('a running job shows its engine progress', () => {
  it('best, bound, gap, elapsed and share while it runs (engine_progress), and watchers wake on it', async () => {
    const s = await makeService({ dataDir: tempDir('svc-jobs-progress-'), jobs: { queueThresholdWork: 1 } });
    const { token } = await s.sandboxInfo();
    const me = await s.authenticate(`Bearer ${token}`, { ip: '203.0.113.9' });
    // A tour of 800 cities at high effort runs for minutes: watched until two reports, then cancelled.
    let x = 7;
    const r = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
    const points = Array.from({ length: 800 }, () => [Math.round(r() * 100_000) / 100, Math.round(r() * 100_000) / 100]);
    const ack = await s.solve('tsp', { tag: 'svc-cortex-v1', description: 'Plan the shortest round through the delivery addresses.', n: points.length, points }, {
      principal: me, allowQueue: true, query: { effort: 'high', seed: '3' },
    });
    const jobId = (ack as { job_id: string }).job_id;
    expect(typeof jobId).toBe('string');
    const live: Record<string, unknown>[] = [];
    for (let k = 0; k < 60 && new Set(live.map((p) => p.elapsed_ms)).size < 2; k++) {
      const j = await s.jobs.get(jobId, null, 5, { orProgress: true });
      expect(j.status === 'queued' || j.status === 'running', `status ${j.status}`).toBe(true);
      if (j.progress?.share_basis === 'engine_progress') live.push({ ...j.progress });
    }
    // Two distinct reports at least (watchers wake at most once a second per job).
    expect(new Set(live.map((p) => p.elapsed_ms)).size).toBeGreaterThanOrEqual(2);
    await s.jobs.cancel(jobId, null);
    const end = await s.jobs.get(jobId, null, 30);
    expect(end.status).toBe('cancelled');
    const final = end.progress as unknown as Record<string, unknown>;
    for (const p of live) {
      expect(typeof p.best).toBe('number');
      // One name for each field (there were two for the share and the best).
      expect(Object.keys(p)).not.toContain('best_objective');
      expect(Object.keys(p)).not.toContain('share_done');
      expect(typeof p.bound).toBe('number');
      expect(p.bound as number).toBeLessThanOrEqual(p.best as number);
      expect(p.gap).toBeCloseTo(Math.abs((p.best as number) - (p.bound as number)) / Math.max(1, Math.abs(p.best as number)), 12);
      expect(typeof p.share).toBe('number');
      expect(typeof p.work).toBe('number');
    }
    // Monotone while it runs; the answer it stops with is at least as good as the last report.
    for (let k = 1; k < live.length; k++) expect(live[k].best as number).toBeLessThanOrEqual(live[k - 1].best as number);
    expect(typeof final.best).toBe('number');
    expect(final.best as number).toBeLessThanOrEqual(live.at(-1)!.best as number);
    expect(final).not.toHaveProperty('best_objective');
  }, 120_000);
});
