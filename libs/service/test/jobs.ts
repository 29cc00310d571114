/** Fixtures of the job roles' tests (src/jobs/*.test.ts): a store, a stored maxcut job, a plan. */
import { openSqliteStore, utcDay, type NewJob, type Store } from '@svc/store';
import { DEFAULT_JOB_LIMITS, type JobLimits } from '../src/jobs/job-config';
import { estimateWork } from '../src/solve/work-model';
import { planSolve, type SolvePlan } from '../src/solve/plan';
import { ring, tempDir } from './services';

export const sandbox = { kind: 'sandbox' as const, id: 'sandbox-ip:192.0.2.9', ip: '192.0.2.9', plan: 'sandbox' as const };

export const limits = (overrides: Partial<JobLimits> = {}): JobLimits => ({ ...DEFAULT_JOB_LIMITS, ...overrides });

/** A fresh SQLite store in a `tempDir` (removed by `closeServices`). */
export const jobStore = (): Promise<Store> => openSqliteStore({ dataDir: tempDir('svc-jobs-role-') });

/** The stored row of a maxcut job on a ring of `n` (its optimum n, even). */
export function maxcutJob(jobId: string, n = 6, owner: string | null = null): NewJob {
  return {
    jobId, principal: sandbox.id, owner, command: 'maxcut', lane: 'json',
    request: JSON.stringify({ v: 1, command: 'maxcut', body: ring(n), query: { seed: '1' }, principal: sandbox }),
    computeUnits: 2, chargeDay: utcDay(Date.now()), allowance: 10_000, createdAt: Date.now(),
  };
}

/** The plan of a maxcut solve on a ring of `n`. */
export const maxcutPlan = (n = 6): SolvePlan => planSolve({ lane: 'json', command: 'maxcut', body: ring(n) }, sandbox, { seed: '1' }, { sandboxMaxN: 100 });

/** The work estimate as the job service makes it with the ts engine. */
export const estimateTs = (plan: SolvePlan) => estimateWork({
  command: plan.command, problem: plan.prep.problem, effort: plan.effort, units: plan.units, maxLatencyMs: plan.maxLatencyMs, engine: 'ts', version: plan.version,
});

/** A job id of 32 hex digits made of `c`. */
export const jobId = (c: string) => `job_${c.repeat(32)}`;
