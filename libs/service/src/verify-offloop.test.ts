import { afterAll, describe, expect, it } from 'vitest';
import { isSvcError } from '@svc/errors';
import { checkAnswer } from './check-answer';
import { rng } from '../test/brute-force';
import { closeServices, makeService } from '../test/services';
import { TAG } from '../test/adapters';

afterAll(closeServices);

const DESCRIPTION = 'Plan the delivery van\'s round trip through every shop.';

/** A tsp of `n` random cities, the tour 0..n−1 and a `one_tree` certificate with π = 0: an O(n²) exact check. */
function bigTsp(n: number, seed: number, piSign = 0) {
  const r = rng(seed);
  const problem = { tag: TAG, description: DESCRIPTION, n, metric: 'euc_2d', points: Array.from({ length: n }, () => [Math.round(r() * 100000) / 100, Math.round(r() * 100000) / 100]) };
  const answer = Array.from({ length: n }, (_, i) => i);
  return { problem, answer, certificate: { kind: 'one_tree', pi: Array.from({ length: n }, (_, i) => piSign * (i % 7)) } };
}

/** How many event loop turns (setImmediate callbacks) ran while `f`'s promise did. */
async function turnsDuring<T>(f: () => Promise<T>): Promise<{ out: T; turns: number }> {
  let turns = 0;
  let done = false;
  const spin = (): void => {
    if (done) return;
    turns++;
    setImmediate(spin);
  };
  setImmediate(spin);
  const out = await f();
  done = true;
  return { out, turns };
}

describe('POST /verify: large checks off the request thread', () => {
  it('a large certificate check leaves the event loop free, with the same report as the check on the request thread', async () => {
    const body = bigTsp(2500, 34);
    const svc = await makeService();
    const account = { kind: 'account' } as never;
    // The verify thread started and its code loaded first (a one-time cost, not the check's).
    await svc.verify('tsp', body, account);
    // The same check on this thread (what the route did before), then through the service: the same report.
    const inline = { out: checkAnswer('tsp', body, { sandbox: false }) };
    const off = { out: await svc.verify('tsp', body, account) };
    expect(off.out).toEqual(inline.out);
    expect(inline.out.verification).toBe('formal_proof');
    expect(inline.out.certificate?.ok).toBe(true);
    // The check on this thread let no other callback run; the worker's let the loop turn.
    const inlineTurns = await turnsDuring(async () => checkAnswer('tsp', body, { sandbox: false }));
    const offTurns = await turnsDuring(() => svc.verify('tsp', body, account));
    expect(offTurns.out).toEqual(inline.out);
    expect(inlineTurns.turns).toBe(0);
    expect(offTurns.turns).toBeGreaterThan(10);
  }, 180_000);

  it('a concurrent cheap request is answered while a large check runs', async () => {
    const svc = await makeService();
    const principal = { kind: 'account' } as never;
    const order: string[] = [];
    const big = svc.verify('tsp', bigTsp(2500, 35), principal).then(() => order.push('verify'));
    // A cheap call arriving after the large one (a timer, as /healthz's request would be) answers first.
    await new Promise((r) => setTimeout(r, 0));
    expect(svc.health().status).toBeDefined();
    order.push('cheap');
    await big;
    expect(order).toEqual(['cheap', 'verify']);
  }, 180_000);

  it('a refused or tampered certificate is a report (ok: false), and input faults the same errors, off the thread too', async () => {
    const svc = await makeService({ offloopVerifyBytes: 0 });
    const principal = { kind: 'account' } as never;
    const body = bigTsp(60, 36);
    const good = await svc.verify('tsp', body, principal);
    expect([good.ok, good.verification, good.certificate?.ok]).toEqual([true, 'formal_proof', true]);
    // An answer claiming optimality its certificate does not prove: refused at its step, never an error.
    const claim = { ...body, answer: { answer: body.answer, certainty: 'certified optimal' }, certificate: { kind: 'one_tree', pi: body.certificate.pi.map((_, i) => (i % 2 ? '1e400' : '-1e400')) } };
    const hostile = await svc.verify('tsp', claim, principal);
    expect([hostile.ok, hostile.certificate?.ok]).toEqual([false, false]);
    expect(hostile.certificate?.failed_step).toBe('claim.optimal');
    expect(hostile).toEqual(checkAnswer('tsp', claim, { sandbox: false }));
    const junk = await svc.verify('tsp', { ...body, certificate: { kind: 'tree', nodes: [{ split: [0, 1] }, { leaf: { kind: 'one_tree', pi: 'x' } }] } }, principal);
    expect(junk.ok).toBe(false);
    expect(junk.certificate?.failed_step).toMatch(/^tree\./);
    // The problem's faults are the errors of the request-thread path.
    await expect(svc.verify('tsp', { ...body, problem: { ...body.problem, n: 61 } }, principal)).rejects.toMatchObject({ code: 'SVC_INVALID_INPUT' });
    await expect(svc.verify('tsp', { ...body, extra: 1 }, principal)).rejects.toMatchObject({ code: 'SVC_INVALID_INPUT' });
  }, 180_000);

  it('past SVC_VERIFY_IN_FLIGHT large checks at once, SVC_BUSY with a Retry-After before any work', async () => {
    const svc = await makeService({ offloopVerifyBytes: 0, env: { SVC_VERIFY_IN_FLIGHT: '1' } });
    const principal = { kind: 'account' } as never;
    const first = svc.verify('tsp', bigTsp(600, 37), principal);
    let err: unknown;
    try {
      await svc.verify('tsp', bigTsp(600, 38), principal);
    } catch (e) {
      err = e;
    }
    expect(isSvcError(err)).toBe(true);
    expect(err).toMatchObject({ code: 'SVC_BUSY', status: 503, extensions: { reason: 'verify_in_flight' } });
    expect((err as { retryAfter?: number }).retryAfter).toBeGreaterThan(0);
    expect((await first).ok).toBe(true);
    // Once the first is done, the next is taken.
    expect((await svc.verify('tsp', bigTsp(600, 38), principal)).ok).toBe(true);
  }, 180_000);

  it('a check past SVC_VERIFY_DEADLINE_MS is stopped: 503 SVC_BUSY verify_deadline (never a 5xx), twice in a row', async () => {
    const svc = await makeService({ offloopVerifyBytes: 0, env: { SVC_VERIFY_DEADLINE_MS: '1' } });
    const principal = { kind: 'account' } as never;
    for (let k = 0; k < 2; k++) {
      await expect(svc.verify('tsp', bigTsp(2500, 39), principal)).rejects.toMatchObject({ code: 'SVC_BUSY', status: 503, extensions: { reason: 'verify_deadline' } });
    }
  }, 180_000);
});
