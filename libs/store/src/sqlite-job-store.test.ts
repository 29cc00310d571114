import { describe, expect, it } from 'vitest';
import type { NewJob } from './index';
import { tempStores } from '../test/temp-stores';

const { open } = tempStores('svc-jobs-');

const DAY = '2026-11-01';
const job = (id: string, over: Partial<NewJob> = {}): NewJob => ({
  jobId: id, principal: 'p1', owner: null, command: 'optimize', lane: 'json', request: '{"body":{}}',
  computeUnits: 10, chargeDay: DAY, allowance: 100, createdAt: 1000, ...over,
});
const open2 = { maxInflight: 2, maxQueued: 3 };

describe('jobs', () => {
  it('inserts queued jobs under the per-principal and service-wide caps, atomically', async () => {
    const { s } = await open();
    expect(await s.insertJob(job('a'), open2)).toBe('inserted');
    expect(await s.insertJob(job('b', { createdAt: 1001 }), open2)).toBe('inserted');
    expect(await s.insertJob(job('c'), open2)).toBe('inflight');
    expect(await s.insertJob(job('c', { principal: 'p2' }), open2)).toBe('inserted');
    expect(await s.insertJob(job('d', { principal: 'p3' }), open2)).toBe('queue_full');
    expect(await s.countJobs('queued')).toBe(3);
    const a = await s.getJob('a');
    expect(a).toMatchObject({ jobId: 'a', status: 'queued', startedAt: null, finishedAt: null, attempts: 0, cancelRequested: false, requestBlob: null });
    expect(await s.getJob('nope')).toBeNull();
    // A running job still counts against its principal's in-flight cap.
    await s.claimJob(2000, 'a');
    expect(await s.insertJob(job('e', { createdAt: 3000 }), { maxInflight: 2, maxQueued: 10 })).toBe('inflight');
  });

  it('claims oldest first, each job once, and keeps binary requests byte-exact', async () => {
    const { s } = await open();
    await s.insertJob(job('late', { createdAt: 5, progress: '{"estimated_work":7}' }), open2);
    expect((await s.getJob('late'))!.progress).toBe('{"estimated_work":7}');
    await s.insertJob(job('early', { createdAt: 1, principal: 'p2', lane: 'svcb', requestBlob: Uint8Array.from([0, 255, 7]) }), open2);
    const first = await s.claimJob(10);
    expect(first).toMatchObject({ jobId: 'early', status: 'running', startedAt: 10, attempts: 1 });
    expect(Array.from(first!.requestBlob!)).toEqual([0, 255, 7]);
    expect(await s.claimJob(11, 'early')).toBeNull();
    expect((await s.claimJob(12))!.jobId).toBe('late');
    expect(await s.claimJob(13)).toBeNull();
  });

  it('ends a job once, refunding exactly computeUnits − billedUnits in the same step', async () => {
    const { s } = await open();
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
    expect((await s.usage('p1', DAY)).units).toBe(14);
    expect(await s.getJob('cancelled')).toMatchObject({ status: 'cancelled', billedUnits: 4, finishedAt: 4, progress: '{"share_done":0.4}' });
    expect(await s.getJob('done')).toMatchObject({ status: 'done', billedUnits: 10, result: '{"ok":1}' });
    // `from` restricts the transition: a running job is not ended by a queued-only cancel.
    await s.insertJob(job('r'), { maxInflight: 9, maxQueued: 9 });
    await s.claimJob(5, 'r');
    expect(await s.finishJob('r', { status: 'cancelled', at: 6, billedUnits: 0 }, ['queued'])).toBe(false);
    expect((await s.getJob('r'))!.status).toBe('running');
  });

  it('requeues running jobs after a crash without touching usage, and lists per principal', async () => {
    const { s, dir } = await open();
    await s.consumeUnits('p1', DAY, 10, 100);
    await s.insertJob(job('x'), open2);
    await s.claimJob(50, 'x');
    await s.updateJobProgress('x', '{"share_done":0.5}');
    expect((await s.requestJobCancel('x'))!.cancelRequested).toBe(true);
    await s.close();
    const { s: again } = await open(dir);
    expect(await again.requeueRunningJobs()).toBe(1);
    const x = await again.getJob('x');
    expect(x).toMatchObject({ status: 'queued', attempts: 1, progress: '{"share_done":0.5}', cancelRequested: true });
    expect((await again.claimJob(60))!.attempts).toBe(2);
    expect((await again.usage('p1', DAY)).units).toBe(10);
    await again.insertJob(job('y', { createdAt: 2000 }), open2);
    expect((await again.listJobs('p1', 10)).map((j) => j.jobId)).toEqual(['y', 'x']);
    expect(await again.listJobs('p2', 10)).toEqual([]);
    await expect(again.finishJob('y', { status: 'done', at: 1, billedUnits: 1.5 })).rejects.toThrow(RangeError);
  });
});
