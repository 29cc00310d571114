import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore, utcDay } from '@svc/store';
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
