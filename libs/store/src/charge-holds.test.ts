import { describe, expect, it } from 'vitest';
import { tempStores } from '../test/temp-stores';

const { open } = tempStores('svc-holds-');

const DAY = '2026-11-01';
const idem = (key: string, response: string) => ({ scope: 'p1', key, fingerprint: 'f', status: 200, response, at: 2000 });

describe('charge holds', () => {
  it('a charge is held until settled; settling answers the key in the same step, and only once', async () => {
    const { s } = await open();
    expect(await s.claimIdempotencyKey('p1', 'K', 'f', 1000, 60_000, 86_400_000)).toEqual({ state: 'claimed' });
    expect((await s.consumeUnits('p1', DAY, 12, 100, { holdId: 'h1', createdAt: 1000 })).granted).toBe(true);
    expect(await s.settleHold('h1', { refund: false, idempotency: idem('K', '{"ok":1}') })).toBe(true);
    expect(await s.claimIdempotencyKey('p1', 'K', 'f', 3000, 60_000, 86_400_000)).toEqual({ state: 'done', fingerprint: 'f', status: 200, response: '{"ok":1}' });
    // Gone: neither a second settle nor a refund changes anything.
    expect(await s.settleHold('h1', { refund: true })).toBe(false);
    expect((await s.usage('p1', DAY)).units).toBe(12);
  });

  it('a refused charge holds nothing; a refunded hold gives its units back once', async () => {
    const { s } = await open();
    expect((await s.consumeUnits('p1', DAY, 90, 100, { holdId: 'a', createdAt: 1 })).granted).toBe(true);
    expect((await s.consumeUnits('p1', DAY, 20, 100, { holdId: 'b', createdAt: 1 })).granted).toBe(false);
    expect(await s.settleHold('b', { refund: true })).toBe(false);
    expect(await s.settleHold('a', { refund: true })).toBe(true);
    expect(await s.settleHold('a', { refund: true })).toBe(false);
    expect((await s.usage('p1', DAY)).units).toBe(0);
  });

  it('a job insert takes over the hold and stores the 202 in one step; a refused insert leaves the hold', async () => {
    const { s } = await open();
    await s.claimIdempotencyKey('p1', 'J', 'f', 1000, 60_000, 86_400_000);
    await s.consumeUnits('p1', DAY, 10, 100, { holdId: 'h', createdAt: 1 });
    const job = { jobId: 'job_1', principal: 'p1', owner: null, command: 'optimize', lane: 'json' as const, request: '{}', computeUnits: 10, chargeDay: DAY, allowance: 100, createdAt: 1 };
    expect(await s.insertJob({ ...job, jobId: 'job_0' }, { maxInflight: 0, maxQueued: 5 }, { holdId: 'h' })).toBe('inflight');
    expect(await s.insertJob(job, { maxInflight: 5, maxQueued: 5 }, { holdId: 'h', idempotency: { ...idem('J', '{"job_id":"job_1"}'), status: 202 } })).toBe('inserted');
    expect(await s.settleHold('h', { refund: true })).toBe(false);
    expect((await s.claimIdempotencyKey('p1', 'J', 'f', 3000, 60_000, 86_400_000))).toMatchObject({ state: 'done', status: 202 });
    // Recovery after this never refunds the job's charge (the job bills itself).
    expect(await s.recoverInterrupted()).toEqual({ refundedHolds: 0, refundedUnits: 0, releasedKeys: 0 });
    expect((await s.usage('p1', DAY)).units).toBe(10);
    // A hold that is gone makes the insert fail whole: no job row without its charge.
    await expect(s.insertJob({ ...job, jobId: 'job_2' }, { maxInflight: 5, maxQueued: 5 }, { holdId: 'missing' })).rejects.toThrow(/hold/);
    expect(await s.getJob('job_2')).toBeNull();
  });

  it('recovery after a crash refunds every hold and frees every running key, surviving a reopen', async () => {
    const { s, dir } = await open();
    await s.claimIdempotencyKey('p1', 'K1', 'f', 1000, 900_000, 86_400_000);
    await s.claimIdempotencyKey('p2', 'K2', 'f', 1000, 900_000, 86_400_000);
    await s.consumeUnits('p1', DAY, 48, 100, { holdId: 'x', createdAt: 1 });
    await s.consumeUnits('p2', DAY, 12, 100, { holdId: 'y', createdAt: 1 });
    await s.consumeUnits('p2', DAY, 5, 100);
    await s.close();
    const again = (await open(dir)).s;
    expect(await again.recoverInterrupted()).toEqual({ refundedHolds: 2, refundedUnits: 60, releasedKeys: 2 });
    expect((await again.usage('p1', DAY)).units).toBe(0);
    expect((await again.usage('p2', DAY)).units).toBe(5);
    expect(await again.claimIdempotencyKey('p1', 'K1', 'f', 2000, 900_000, 86_400_000)).toEqual({ state: 'claimed' });
    expect(await again.recoverInterrupted()).toEqual({ refundedHolds: 0, refundedUnits: 0, releasedKeys: 1 });
  });
});
