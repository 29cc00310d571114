import { afterAll, describe, expect, it } from 'vitest';
import { TAG, call, exitingWorker, expectProblem, sandboxToken, slowFirstAnswerWorker, start, stopAll, stuckWorker, unitsUsed } from '../test/helpers';

// A solve that crashes or hangs the engine (test-only workers) does not take accepted work with
// it: the call answers 503 SVC_ENGINE_FAILURE (retryable) and is refunded, a job fails cleanly or
// is cancelled unbilled, the thread is replaced and the service goes on answering.
afterAll(stopAll, 60_000);

const body = (k: number) => ({ tag: TAG, description: 'Split five offices into two teams to maximise links.', n: 5, edges: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 4, k]] });

describe('engine faults', () => {
  it('a worker thread that dies mid-solve: 503 and refunded in the request, a failed unbilled job, and the service goes on', async () => {
    const sync = await start({ workerFile: exitingWorker });
    const token = await sandboxToken(sync.url);
    for (let k = 1; k <= 2; k++) {
      const r = await call(sync.url, 'POST', `/api/v1/solve/maxcut?seed=${k}`, { body: body(k), auth: token });
      expectProblem(r, 503, 'SVC_ENGINE_FAILURE');
      expect(r.json.retryable).toBe(true);
    }
    expect(await unitsUsed(sync.url, token)).toBe(0);
    expect((await call(sync.url, 'GET', '/healthz')).status).toBe(200);

    const jobs = await start({ workerFile: exitingWorker, jobs: { queueThresholdWork: 1 } });
    const jt = await sandboxToken(jobs.url);
    const sub = await call(jobs.url, 'POST', '/api/v1/solve/maxcut', { body: body(1), auth: jt });
    expect(sub.status).toBe(202);
    let j: Record<string, any> = {};
    for (let k = 0; k < 5 && !['failed', 'done'].includes(j.status); k++) j = (await call(jobs.url, 'GET', `/api/v1/jobs/${sub.json.job_id}?wait=10`, { auth: jt })).json;
    expect(j).toMatchObject({ status: 'failed', billed_units: 0 });
    expect(j.error.code).toBe('SVC_ENGINE_FAILURE');
    expect(await unitsUsed(jobs.url, jt)).toBe(0);
  }, 60_000);

  it('a solver still building its first answer past its deadline is not cut: 200 after 12 s, never a 503 (docs/contract.md "Latency budget")', async () => {
    const t = await start({ workerFile: slowFirstAnswerWorker, jobs: { queueThresholdWork: 1_000_000_000 } });
    const token = await sandboxToken(t.url);
    const t0 = Date.now();
    const r = await call(t.url, 'POST', '/api/v1/solve/maxcut?max_latency_ms=200', { body: body(4), auth: token });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(11_500);
    expect(r.json.answer).toHaveLength(5);
    expect(r.json.latency_budget_ms).toBe(200);
  }, 90_000);

  it('a solver stuck ignoring its cancel: terminated 10 s after the deadline once it has reported an answer (503, refunded) or a cancel (cancelled, unbilled)', async () => {
    const t = await start({ workerFile: stuckWorker, workers: 2, jobs: { queueThresholdWork: 1_000_000_000 } });
    const token = await sandboxToken(t.url);
    const jobsT = await start({ workerFile: stuckWorker, jobs: { queueThresholdWork: 1 } });
    const jt = await sandboxToken(jobsT.url);
    const sub = await call(jobsT.url, 'POST', '/api/v1/solve/maxcut', { body: body(2), auth: jt });
    expect(sub.status).toBe(202);
    for (let k = 0; k < 100; k++) {
      if ((await call(jobsT.url, 'GET', `/api/v1/jobs/${sub.json.job_id}`, { auth: jt })).json.status === 'running') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const t0 = Date.now();
    const [sync, cancelled] = await Promise.all([
      call(t.url, 'POST', '/api/v1/solve/maxcut?max_latency_ms=200', { body: body(3), auth: token }),
      call(jobsT.url, 'POST', `/api/v1/jobs/${sub.json.job_id}/cancel`, { auth: jt }),
    ]);
    const took = Date.now() - t0;
    expectProblem(sync, 503, 'SVC_ENGINE_FAILURE');
    expect(sync.json.detail).toMatch(/did not stop/);
    expect(cancelled.json, JSON.stringify(cancelled.json)).toMatchObject({ status: 'cancelled', billed_units: 0 });
    expect(took).toBeGreaterThanOrEqual(9_000);
    expect(took).toBeLessThan(30_000);
    expect(await unitsUsed(t.url, token)).toBe(0);
    expect(await unitsUsed(jobsT.url, jt)).toBe(0);
    // The stuck thread was replaced: the pool still takes work.
    expect((await call(t.url, 'GET', '/readyz')).status).toBe(200);
  }, 90_000);
});
