import { afterAll, describe, expect, it } from 'vitest';
import type { Store } from '@svc/store';
import { closeServices, codeOf } from '../../test/services';
import { jobId, jobStore, limits, maxcutJob, sandbox } from '../../test/jobs';
import type { AccountPrincipal } from '../principal';
import { createJobRoom } from './job-room';
import { createJobReader } from './reader';

// The reader alone over a real store: who may see a job, what the view shows, the long-poll and
// the cancel of a queued job. The runner is stood in for by the store's own end.
afterAll(closeServices);

const owner: AccountPrincipal = { kind: 'account', id: 'account:acc1', accountId: 'acc1', keyId: 'k1', email: 'a@example.com', plan: 'free', scopes: ['solve'], emailVerified: true, ip: '192.0.2.1' };

function reader(store: Store) {
  const room = createJobRoom(null);
  const r = createJobReader({
    store, limits: limits(), clock: Date.now, queue: null, room,
    runner: {
      end: (id, outcome, from) => store.finishJob(id, outcome, from),
      stopActive: async () => undefined,
      progressOf: () => { throw new Error('no job runs here'); },
    },
  });
  return { room, r };
}

describe('job reader', () => {
  it('shows a job to whoever holds its id when it has no owner, and an account\'s only to that account', async () => {
    const store = await jobStore();
    const { r } = reader(store);
    await store.insertJob(maxcutJob(jobId('a')), { maxInflight: 9, maxQueued: 9 });
    await store.insertJob(maxcutJob(jobId('b'), 6, 'acc1'), { maxInflight: 9, maxQueued: 9 });
    expect(await r.get(jobId('a'), null)).toMatchObject({ job_id: jobId('a'), status: 'queued', progress: { share_basis: 'not_started', share: 0 }, poll: `/api/v1/jobs/${jobId('a')}?wait=30` });
    expect(await codeOf(r.get(jobId('b'), null))).toBe('SVC_UNAUTHENTICATED');
    expect(await codeOf(r.get(jobId('b'), sandbox))).toBe('SVC_NOT_FOUND');
    expect(await codeOf(r.get(jobId('b'), { ...owner, accountId: 'acc2' }))).toBe('SVC_NOT_FOUND');
    expect((await r.get(jobId('b'), owner)).status).toBe('queued');
    expect(await codeOf(r.get('job_nothex', null))).toBe('SVC_NOT_FOUND');
    expect(await codeOf(r.get(jobId('c'), null))).toBe('SVC_NOT_FOUND');
    await store.close();
  });

  it('long-polls until the job ends here, and answers at once once the service drains', async () => {
    const store = await jobStore();
    const { room, r } = reader(store);
    const id = jobId('d');
    await store.insertJob(maxcutJob(id), { maxInflight: 9, maxQueued: 9 });
    await store.claimJob(Date.now(), id);
    const t0 = Date.now();
    const polled = r.get(id, null, 20);
    setTimeout(() => {
      void store.finishJob(id, { status: 'done', at: Date.now(), result: JSON.stringify({ cut_value: 6 }), billedUnits: 2 }).then(() => room.wakes.ended(id));
    }, 50);
    expect(await polled).toMatchObject({ status: 'done', billed_units: 2, result: { cut_value: 6 } });
    expect(Date.now() - t0).toBeLessThan(15_000);
    const other = jobId('e');
    await store.insertJob(maxcutJob(other), { maxInflight: 9, maxQueued: 9 });
    room.draining = true;
    const t1 = Date.now();
    expect((await r.get(other, null, 20)).status).toBe('queued');
    expect(Date.now() - t1).toBeLessThan(15_000);
    await store.close();
  });

  it('cancels a queued job refunded in full, and leaves an ended one as it is', async () => {
    const store = await jobStore();
    const { r } = reader(store);
    const id = jobId('f');
    await store.insertJob(maxcutJob(id), { maxInflight: 9, maxQueued: 9 });
    expect(await r.cancel(id, null)).toMatchObject({ status: 'cancelled', billed_units: 0, cancel_requested: true });
    expect(await r.cancel(id, null)).toMatchObject({ status: 'cancelled', billed_units: 0 });
    await store.close();
  });
});

describe('progressFromStore', () => {
  it('reads a row stored with the old second names as share and best, and keeps one name each', async () => {
    const { progressFromStore } = await import('./job-view');
    const old = progressFromStore('{"share_done":0.4,"share":0.4,"share_basis":"engine_work","best_objective":7,"best":7,"bound":5,"gap":0.28,"estimated_work":10,"elapsed_ms":3}');
    expect(old).toEqual({ share: 0.4, share_basis: 'engine_work', best: 7, bound: 5, gap: 0.28, estimated_work: 10, elapsed_ms: 3 });
    expect(progressFromStore('{"share_done":0.5,"best_objective":null,"share_basis":"engine_work","bound":null,"estimated_work":1,"elapsed_ms":1}')).toMatchObject({ share: 0.5, best: null });
  });
});
