import { describe, expect, it } from 'vitest';
import { createTsEngine, type Engine, type EngineRequest } from '@svc/engine-ts';
import type { Principal } from '../principal';
import { deadlineMarginMs, engineStopAt, jobBudgetStart, postSolveReserveMs, remainingDeadlineMs, POST_SOLVE_MAX_SHARE } from './deadline';
import { planSolve } from './plan';
import type { SolvePool } from './pool';
import { runPlan } from './run';
import type { SolveTask } from './task';
import { solveTask } from './worker';

const principal: Principal = { kind: 'sandbox', id: 'sandbox-ip:192.0.2.7', ip: '192.0.2.7', plan: 'sandbox' } as Principal;
const body = { tag: 'svc-cortex-v1', description: 'Split five offices into two teams.', n: 5, edges: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 4, 1], [4, 0, 1]] };
const epochNow = () => performance.timeOrigin + performance.now();

/** The real TS engine, recording the request it was given. */
function recording(into: EngineRequest[]): Engine {
  const ts = createTsEngine();
  return { id: ts.id, kind: ts.kind, supports: (c) => ts.supports(c), solve: (req, signal) => (into.push(req), ts.solve(req, signal)) };
}

/**
 * A pool of one in-thread worker running the worker's own `solveTask`, whose clock says each
 * task starts `waitMs` after it was submitted (as if it had waited that long for a thread).
 */
function inThreadPool(engine: Engine, waitMs: number, tasks: SolveTask[], startedAt: number[]): SolvePool {
  return {
    threads: 1,
    waiting: 0,
    busy: 0,
    async run(task) {
      tasks.push(task);
      const submittedAt = epochNow();
      const start = submittedAt + waitMs;
      startedAt.push(start);
      const out = await solveTask(task, engine, () => start);
      return { out, submittedAt, peakRssKb: 0 };
    },
    async close() {},
  };
}

async function run(query: Record<string, unknown>, spentMs: number, waitMs: number) {
  const requests: EngineRequest[] = [];
  const tasks: SolveTask[] = [];
  const startedAt: number[] = [];
  const plan = planSolve({ lane: 'json', command: 'maxcut', body }, principal, query, { sandboxMaxN: 50_000 });
  // Accepted `spentMs` ago: parsing, planning, admission (or a job's POST) took that long.
  const t0 = performance.now() - spentMs;
  const out = await runPlan(plan, { pool: inThreadPool(recording(requests), waitMs, tasks, startedAt), engineKindFor: () => 'ts' }, {
    t0, lane: 'sync', billing: () => ({ left: 0 }),
  });
  return { plan, t0, out, request: requests[0], task: tasks[0], startedAt: startedAt[0] };
}

describe('the engine gets the latency budget net of the time already spent', () => {
  it('stops at acceptance + budget − reserve, and the worker gives the engine what is left when it starts', async () => {
    const { plan, t0, out, request, task, startedAt } = await run({ max_latency_ms: '5000', effort: 'flash' }, 1200, 800);
    const reserve = postSolveReserveMs(5000, plan.prep.terms);
    expect(reserve).toBeGreaterThan(0);
    // The stop is fixed by the acceptance, not by when the task was handed to the pool.
    expect(task.stopAtEpochMs).toBe(performance.timeOrigin + engineStopAt(t0, 5000, plan.prep.terms)!);
    expect(task.stopAtEpochMs! - performance.timeOrigin).toBeCloseTo(t0 + 5000 - reserve, 2);
    // The engine's deadline is computed at its start, 800 ms after the submission.
    expect(request.deadlineMs).toBe(Math.floor(task.stopAtEpochMs! - startedAt));
    // 1,200 ms spent before the run and 800 ms queued are not given to the engine again.
    expect(request.deadlineMs!).toBeLessThanOrEqual(5000 - 1200 - 800 - reserve);
    expect(request.deadlineMs!).toBeGreaterThanOrEqual(1);
    // The whole call is timed from the acceptance.
    expect(out.envelope.observability.total_ms).toBeGreaterThanOrEqual(1200);
    expect(out.envelope.latency_budget_ms).toBe(5000);
  });

  it('a task that waited past its stop still runs, with a deadline of 1 ms (0 would mean none)', async () => {
    const { request, task, startedAt } = await run({ max_latency_ms: '2000', effort: 'flash' }, 500, 10_000);
    expect(startedAt).toBeGreaterThan(task.stopAtEpochMs!);
    expect(request.deadlineMs).toBe(1);
  });

  it('without a budget the engine gets no deadline however long the call took', async () => {
    const { request, task, out } = await run({ effort: 'flash' }, 3000, 3000);
    expect(task.stopAtEpochMs).toBeUndefined();
    expect(request.deadlineMs).toBeUndefined();
    expect(out.envelope.latency_budget_ms).toBeUndefined();
  });
});

describe('deadline arithmetic', () => {
  it('reserves a base plus a share per term for the work after the engine, at most a tenth of the budget', () => {
    expect(postSolveReserveMs(0, 1_000_000)).toBe(0);
    const small = postSolveReserveMs(10_000, 10);
    const large = postSolveReserveMs(10_000, 500_000);
    expect(large).toBeGreaterThan(small);
    expect(large).toBeLessThan(0.01 * 10_000);
    expect(postSolveReserveMs(100, 5_000_000)).toBe(POST_SOLVE_MAX_SHARE * 100);
    expect(engineStopAt(1000, 0, 10)).toBeUndefined();
    expect(engineStopAt(1000, 10_000, 10)).toBe(1000 + 10_000 - small);
  });

  it('documents a margin of max(200 ms, 3 %) past the budget', () => {
    expect(deadlineMarginMs(0)).toBe(0);
    expect(deadlineMarginMs(1000)).toBe(200);
    expect(deadlineMarginMs(10_000)).toBe(300);
    // The reserve kept for the work after the engine is inside the budget, not the margin.
    expect(postSolveReserveMs(10_000, 509_163)).toBeLessThan(deadlineMarginMs(10_000));
  });

  it('turns a stop time into the remaining deadline at the start, never 0', () => {
    expect(remainingDeadlineMs(undefined, 5)).toBeUndefined();
    expect(remainingDeadlineMs(10_000.9, 4_000)).toBe(6000);
    expect(remainingDeadlineMs(10_000, 10_000)).toBe(1);
    expect(remainingDeadlineMs(10_000, 25_000)).toBe(1);
  });

  it('a job counts from its acceptance when it started within its budget of it, else from its start', () => {
    expect(jobBudgetStart(1000, 1300, 10_000)).toBe(1000);
    // Accepted while a worker was busy (no acceptance kept), or waited longer than its budget.
    expect(jobBudgetStart(undefined, 1300, 10_000)).toBe(1300);
    expect(jobBudgetStart(1000, 12_000, 10_000)).toBe(12_000);
    // No budget: the clock only times the job.
    expect(jobBudgetStart(1000, 1300, 0)).toBe(1300);
  });
});
