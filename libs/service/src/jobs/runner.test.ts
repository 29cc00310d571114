import { afterAll, describe, expect, it } from 'vitest';
import { CANCEL_FLAG } from '@svc/engine-ts';
import type { Store } from '@svc/store';
import { closeServices } from '../../test/services';
import { estimateTs, jobId, jobStore, maxcutJob } from '../../test/jobs';
import { createMetrics } from '../metrics';
import { createSolvePool, type StagingPool } from '../solve/pool';
import { createJobRoom } from './job-room';
import { createJobRunner, MAX_JOB_ATTEMPTS, type JobDone } from './runner';
import type { JobProgress } from './job-view';

// The runner alone over a real store and worker pool: it runs a claimed job, bills it once and
// keeps its progress in the answer's terms (the command's progress reading); no feed, no reader.
afterAll(closeServices);

function runner(store: Store, pool: StagingPool | null) {
  const room = createJobRoom(null);
  const done: JobDone[] = [];
  let freed = 0;
  const r = createJobRunner({
    store, clock: Date.now, pool, engineKindFor: () => 'ts', sandboxMaxN: 100, usageAlert: () => undefined,
    metrics: createMetrics({ processName: 'runner-test' }), queue: null, room, estimateOf: estimateTs,
    onDone: async (d) => void done.push(d), freed: () => void freed++,
  });
  return { room, r, done, freed: () => freed };
}

async function claimed(store: Store, id: string, n?: number) {
  await store.insertJob(maxcutJob(id, n), { maxInflight: 9, maxQueued: 9 });
  return (await store.claimJob(Date.now(), id))!;
}

describe('job runner', () => {
  it('runs a claimed maxcut job to done: billed in full, its best the answer\'s cut, the usage log told once', async () => {
    const store = await jobStore();
    const pool = createSolvePool({ engine: 'ts', threads: 1, maxQueue: 1 });
    const { room, r, done, freed } = runner(store, pool);
    const id = jobId('a');
    r.start(await claimed(store, id));
    expect(room.active.has(id)).toBe(true);
    await room.active.get(id)!.done;
    const row = (await store.getJob(id))!;
    expect(row).toMatchObject({ status: 'done', billedUnits: 2 });
    expect(JSON.parse(row.result!)).toMatchObject({ cut_value: 6, compute_units: 2 });
    const progress = JSON.parse(row.progress!) as JobProgress;
    expect(progress).toMatchObject({ share: 1, share_basis: 'engine_work', best: 6 });
    expect(progress).not.toHaveProperty('share_done');
    expect(progress).not.toHaveProperty('best_objective');
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ jobId: id, command: 'maxcut', units: 2 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(room.active.size).toBe(0);
    expect(freed()).toBe(1);
    await pool.close();
    await store.close();
  });

  it('bills nothing for a job whose cancel was asked before the last process died, and fails one that took it down too often', async () => {
    const store = await jobStore();
    const { room, r, done } = runner(store, null);
    const cancelled = jobId('b');
    await store.insertJob(maxcutJob(cancelled), { maxInflight: 9, maxQueued: 9 });
    await store.requestJobCancel(cancelled);
    r.start((await store.claimJob(Date.now(), cancelled))!);
    await room.active.get(cancelled)!.done;
    expect(await store.getJob(cancelled)).toMatchObject({ status: 'cancelled', billedUnits: 0 });
    const crashing = jobId('c');
    let row = await claimed(store, crashing);
    for (let k = 0; k < MAX_JOB_ATTEMPTS; k++) {
      await store.requeueRunningJobs();
      row = (await store.claimJob(Date.now(), crashing))!;
    }
    expect(row.attempts).toBe(MAX_JOB_ATTEMPTS + 1);
    r.start(row);
    await room.active.get(crashing)!.done;
    const failed = (await store.getJob(crashing))!;
    expect(failed).toMatchObject({ status: 'failed', billedUnits: 0 });
    expect(JSON.parse(failed.error!)).toMatchObject({ code: 'SVC_ENGINE_FAILURE' });
    expect(done).toHaveLength(0);
    await store.close();
  });

  it('a cancel while running stops the engine: the job ends cancelled, billed at most its units', async () => {
    const store = await jobStore();
    const pool = createSolvePool({ engine: 'ts', threads: 1, maxQueue: 1 });
    const { room, r } = runner(store, pool);
    const id = jobId('d');
    r.start(await claimed(store, id, 40));
    const a = room.active.get(id)!;
    Atomics.store(a.cancel, 0, CANCEL_FLAG);
    await r.stopActive(a);
    const row = (await store.getJob(id))!;
    expect(row.status).toBe('cancelled');
    expect(row.billedUnits).toBeLessThanOrEqual(2);
    expect(a.cancelRequested).toBe(true);
    await pool.close();
    await store.close();
  });
});
