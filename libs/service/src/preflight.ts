/** The free preflight of `POST /api/v1/analyze/<command>` (aliases estimate, preflight): nothing solved or charged. */
import { utcDay, type Store } from '@svc/store';
import type { Access } from './access';
import { planSolve } from './solve/plan';
import { analyzePlan, type AnalyzeReport, type PlanAnalysis } from './preflight-report';
import type { SolveContext } from './solve/types';
import type { JobService } from './jobs/job-service';

export { analyzePlan, certifyOutlook, type AnalyzeReport, type CertifyOutlook, type PlanAnalysis } from './preflight-report';

export interface PreflightApi {
  /** Free preflight: validity, difficulty, recommended effort, units, certification, queueing. */
  analyze(command: string, body: unknown, ctx: SolveContext): Promise<AnalyzeReport>;
  /** The same, from the plan's part computed off the event loop (door/body-check-worker.ts): the quota is added here. */
  analyzed(report: PlanAnalysis, ctx: SolveContext): Promise<AnalyzeReport>;
}

export interface PreflightDeps {
  readonly store: Store;
  readonly access: Access;
  readonly jobs: JobService;
  readonly clock: () => number;
  readonly sandboxMaxN: number;
}

export function createPreflight(deps: PreflightDeps): PreflightApi {
  const { store, access, jobs, clock, sandboxMaxN } = deps;
  const jobLimits = jobs.limits;

  async function leftToday(p: SolveContext['principal']): Promise<number> {
    const allowance = access.meter.allowanceOf(p);
    return Math.max(0, allowance - (await store.usage(p.id, utcDay(clock()))).units);
  }

  return {
    async analyze(command, body, ctx) {
      const p = ctx.principal;
      access.authorize(p, 'analyze');
      const plan = planSolve({ lane: 'json', command, body }, p, ctx.query, { sandboxMaxN });
      return withQuota(analyzePlan(plan, jobs.estimate(plan), jobLimits.queueThresholdWork), await leftToday(p));
    },
    async analyzed(report, ctx) {
      access.authorize(ctx.principal, 'analyze');
      return withQuota(report, await leftToday(ctx.principal));
    },
  };
}

/** The report with today's units left for this caller and whether the solve would fit. */
function withQuota(r: PlanAnalysis, left: number): AnalyzeReport {
  // The fields in the order the report always had.
  const { tag, command, valid, n, terms, version, effort, seed, compute_units, compute_units_by_effort, compute_units_formula, latency_budget_ms: budget, ...after } = r;
  const report: AnalyzeReport = {
    tag, command, valid, n, terms, version, effort, seed, compute_units, compute_units_by_effort, compute_units_formula,
    compute_units_left: left, within_quota: compute_units <= left, ...after, charged: 0,
  };
  if (budget !== undefined) report.latency_budget_ms = budget;
  return report;
}

