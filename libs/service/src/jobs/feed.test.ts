import { afterAll, describe, expect, it } from 'vitest';
import type { JobRecord } from '@svc/store';
import { closeServices } from '../../test/services';
import { jobId, jobStore, limits, maxcutJob } from '../../test/jobs';
import { createJobRoom, type Active } from './job-room';
import { createJobFeed } from './feed';

// The feed alone (no message queue): the start-up recovery requeues what a dead process was
// running, and the pump claims queued jobs from the store while a job worker is free. The
// runner is stood in for: a started job holds its worker until the test ends it.
afterAll(closeServices);

describe('job feed (the store\'s queue)', () => {
  it('requeues the last process\'s running job at start, then claims jobs only while a worker is free', async () => {
    const store = await jobStore();
    for (const c of ['a', 'b', 'c']) await store.insertJob(maxcutJob(jobId(c)), { maxInflight: 9, maxQueued: 9 });
    await store.claimJob(Date.now(), jobId('a'));
    const room = createJobRoom(null);
    const started: JobRecord[] = [];
    const finish = new Map<string, () => void>();
    const feed = createJobFeed({
      store, limits: limits({ concurrency: 2 }), clock: Date.now, queue: null, room,
      runner: {
        start(row) {
          started.push(row);
          const done = new Promise<void>((r) => finish.set(row.jobId, r));
          room.active.set(row.jobId, { done } as Active);
        },
        stopActive: async () => undefined,
      },
    });
    await feed.recovered;
    await feed.pump();
    // Two workers: the requeued job (claimed again: its second attempt) and the next one.
    expect(started.map((r) => [r.jobId, r.attempts])).toEqual([[jobId('a'), 2], [jobId('b'), 1]]);
    expect(await store.countJobs('queued')).toBe(1);
    await feed.pump();
    expect(started).toHaveLength(2);
    // A worker frees: the next pump takes the last job.
    room.active.delete(jobId('a'));
    finish.get(jobId('a'))!();
    await feed.pump();
    expect(started.map((r) => r.jobId)).toEqual([jobId('a'), jobId('b'), jobId('c')]);
    room.closed = true;
    await feed.close();
    await store.close();
  });
});
