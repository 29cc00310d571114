import { afterAll, describe, expect, it } from 'vitest';
import { utcDay } from '@svc/store';
import { closeServices, codeOf } from '../../test/services';
import { estimateTs, jobStore, limits, maxcutPlan, sandbox } from '../../test/jobs';
import { createJobRoom } from './job-room';
import { createJobProducer } from './producer';

// The producer alone: the queueing decision and the submit that stores a job, over a real store
// and no runner (its wake is only counted).
afterAll(closeServices);

async function producer(overrides: Parameters<typeof limits>[0] = {}) {
  const store = await jobStore();
  const room = createJobRoom(null);
  let wakes = 0;
  const p = createJobProducer({ store, limits: limits(overrides), clock: Date.now, queue: null, room, estimateOf: estimateTs, wake: () => void wakes++ });
  return { store, room, p, wakes: () => wakes };
}

const ctx = { principal: sandbox, chargeDay: utcDay(Date.now()), allowance: 10_000, query: { seed: '1' } };

describe('job producer', () => {
  it('queues a plan whose estimated work reaches the threshold, and only that one', async () => {
    const plan = maxcutPlan();
    const work = estimateTs(plan).work;
    expect((await producer({ queueThresholdWork: work })).p.estimate(plan)).toMatchObject({ work, basis: 'engine_budget', queued: true });
    expect((await producer({ queueThresholdWork: work + 1 })).p.estimate(plan).queued).toBe(false);
  });

  it('stores the job with its request and a not-started progress, answers the 202 and wakes the runner', async () => {
    const { store, p, wakes } = await producer();
    const plan = maxcutPlan();
    const ack = await p.submit({ lane: 'json', command: 'maxcut', body: { n: 6 } }, plan, ctx);
    expect(ack).toMatchObject({ status: 'queued', compute_units: plan.units, poll: `/api/v1/jobs/${ack.job_id}?wait=30` });
    const row = await store.getJob(ack.job_id);
    expect(row).toMatchObject({ status: 'queued', command: 'maxcut', owner: null, computeUnits: plan.units });
    expect(JSON.parse(row!.request)).toMatchObject({ v: 1, command: 'maxcut', query: { seed: '1' }, principal: sandbox });
    expect(JSON.parse(row!.progress!)).toMatchObject({ share_basis: 'not_started', estimated_work: estimateTs(plan).work });
    expect(wakes()).toBe(1);
    await store.close();
  });

  it('refuses a job beyond the queue capacity (SVC_QUEUE_FULL) and stores nothing; a closed producer answers SVC_BUSY', async () => {
    const { store, room, p, wakes } = await producer({ queueCapacity: 1 });
    const plan = maxcutPlan();
    await p.submit({ lane: 'json', command: 'maxcut', body: {} }, plan, ctx);
    expect(await codeOf(p.submit({ lane: 'json', command: 'maxcut', body: {} }, plan, ctx))).toBe('SVC_QUEUE_FULL');
    expect(await store.countJobs('queued')).toBe(1);
    expect(wakes()).toBe(1);
    room.closed = true;
    expect(await codeOf(p.submit({ lane: 'json', command: 'maxcut', body: {} }, plan, ctx))).toBe('SVC_BUSY');
    await store.close();
  });

  it('keeps the acceptance time of a job a free worker will take, and drops it when the job is not stored', async () => {
    const { store, room, p } = await producer({ queueCapacity: 1, concurrency: 1 });
    const plan = maxcutPlan();
    const ack = await p.submit({ lane: 'json', command: 'maxcut', body: {} }, plan, { ...ctx, acceptedAt: 12.5 });
    expect([...room.acceptedFree]).toEqual([[ack.job_id, 12.5]]);
    room.acceptedFree.clear();
    expect(await codeOf(p.submit({ lane: 'json', command: 'maxcut', body: {} }, plan, { ...ctx, acceptedAt: 13 }))).toBe('SVC_QUEUE_FULL');
    expect(room.acceptedFree.size).toBe(0);
    await store.close();
  });
});
