/** The free preflight of `POST /api/v1/analyze/<command>` (aliases estimate, preflight): nothing solved or charged. */
import { TAG } from '@svc/contracts';
import { EFFORTS, type Command, type Effort } from '@svc/engine-ts';
import { utcDay, type Store } from '@svc/store';
import type { Access } from './access';
import { computeUnits, COMPUTE_UNITS_FORMULA } from './compute-units';
import { exactCapsOf } from './commands';
import { planSolve } from './solve/plan';
import type { SolveContext } from './solve/types';
import type { JobService } from './jobs/job-service';

/** The free preflight of `POST /api/v1/analyze/<command>` (aliases estimate, preflight). */
export interface AnalyzeReport {
  tag: string;
  command: Command;
  valid: true;
  n: number;
  /** Distinct pair terms after merging duplicates (the size measure of the unit formula). */
  terms: number;
  version: string;
  effort: Effort;
  seed: number;
  /** Compute units a solve at this effort costs (the same figure the solve charges). */
  compute_units: number;
  compute_units_by_effort: Record<Effort, number>;
  compute_units_formula: string;
  /** Today's units left for this caller, and whether this solve would fit. */
  compute_units_left: number;
  within_quota: boolean;
  difficulty: 'trivial' | 'easy' | 'moderate' | 'hard';
  recommended_effort: Effort;
  /** An exact method would finish within this effort's work budget (a latency budget may still cut it short). */
  would_certify: boolean;
  certification: string;
  /** Largest n certified by exhaustion at each effort, when the command has such a cap. */
  exact_caps: Record<Effort, number> | null;
  /** A solve would be answered 202 with a job to poll. */
  would_queue: boolean;
  estimated_work: number;
  queue_threshold_work: number;
  work_basis: 'engine_budget' | 'compute_units';
  latency_budget_ms?: number;
  /** Preflight is never billed. */
  charged: 0;
}

export interface PreflightApi {
  /** Free preflight: validity, difficulty, recommended effort, units, certification, queueing. */
  analyze(command: string, body: unknown, ctx: SolveContext): Promise<AnalyzeReport>;
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
      const est = jobs.estimate(plan);
      const caps = exactCapsOf(plan.command);
      const problem = plan.prep.problem;
      const byConstruction = problem.kind === 'maxcut' && problem.complete;
      const exactAt = (e: Effort) => byConstruction || (caps !== null && plan.n <= caps[e]);
      const wouldCertify = exactAt(plan.effort);
      const byEffort = Object.fromEntries(EFFORTS.map((e) => [e, computeUnits({ n: plan.n, terms: plan.prep.terms }, e)])) as Record<Effort, number>;
      const lowestExact = EFFORTS.find(exactAt);
      const left = await leftToday(p);
      const report: AnalyzeReport = {
        tag: TAG,
        command: plan.command,
        valid: true,
        n: plan.n,
        terms: plan.prep.terms,
        version: plan.version,
        effort: plan.effort,
        seed: plan.seed,
        compute_units: plan.units,
        compute_units_by_effort: byEffort,
        compute_units_formula: COMPUTE_UNITS_FORMULA,
        compute_units_left: left,
        within_quota: plan.units <= left,
        difficulty: byConstruction || (wouldCertify && plan.n <= 12) ? 'trivial' : wouldCertify ? 'easy' : est.queued ? 'hard' : 'moderate',
        // The cheapest effort that certifies; otherwise medium, the balanced default.
        recommended_effort: lowestExact ?? 'medium',
        would_certify: wouldCertify,
        certification: byConstruction
          ? 'certified by construction (the complete graph)'
          : wouldCertify
            ? `exact enumeration completes at effort ${plan.effort} (n = ${plan.n} ≤ ${caps![plan.effort]})${plan.maxLatencyMs > 0 ? '; the latency budget may still cut it short, and then the answer is heuristic' : ''}`
            : caps
              ? `heuristic: n = ${plan.n} is above the exact cap of ${caps[plan.effort]} at effort ${plan.effort}${lowestExact ? `; effort ${lowestExact} would certify` : ''}`
              : 'heuristic: this command has no exact method at this size',
        exact_caps: caps,
        would_queue: est.queued,
        estimated_work: est.work,
        queue_threshold_work: jobLimits.queueThresholdWork,
        work_basis: est.basis,
        charged: 0,
      };
      if (plan.maxLatencyMs > 0) report.latency_budget_ms = plan.maxLatencyMs;
      return report;
    },
  };
}
