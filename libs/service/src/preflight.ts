/** The free preflight of `POST /api/v1/analyze/<command>` (aliases estimate, preflight): nothing solved or charged. */
import { TAG } from '@svc/contracts';
import { EFFORTS, type Command, type Effort } from '@svc/engine-ts';
import { utcDay, type Store } from '@svc/store';
import type { Access } from './access';
import { computeUnits, COMPUTE_UNITS_FORMULA } from './compute-units';
import { exactCapsOf, sureCertificateOf } from './commands';
import { planSolve, type SolvePlan } from './solve/plan';
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
  /** True only when the solve is guaranteed to answer certified (`certify` is 'yes'). */
  would_certify: boolean;
  /**
   * 'yes': an exact method that cannot fail to finish (enumeration, construction) answers, and no
   * latency budget can cut it short; 'likely': such a method under a latency budget, or a size at
   * which the branch and bound typically finishes; 'unknown': certified only if the exact method
   * happens to finish. A preflight never promises a certificate the solve may not deliver.
   */
  certify: CertifyOutlook;
  /** The reason for `certify`, in words. */
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

export type CertifyOutlook = 'yes' | 'likely' | 'unknown';

/** Whether a solve of this plan at effort `e` ends certified, and why (never a promise it may not keep). */
export function certifyOutlook(plan: SolvePlan, e: Effort, caps: Record<Effort, number> | null): { certify: CertifyOutlook; reason: string; instant: boolean } {
  const sure = sureCertificateOf(plan.command, plan.prep, e, plan.version);
  if (sure !== null && (sure.instant || plan.maxLatencyMs === 0)) return { certify: 'yes', reason: sure.reason, instant: sure.instant };
  if (sure !== null) {
    return { certify: 'likely', reason: `${sure.reason}, unless the latency budget of ${plan.maxLatencyMs} ms cuts it short (then the answer is heuristic)`, instant: false };
  }
  if (caps !== null && plan.n <= caps[e]) {
    return {
      certify: 'likely',
      reason: `typical: random instances of this size (n = ${plan.n} ≤ ${caps[e]}) certify at effort ${e}, but the exact method may not finish on this one, and then the answer is heuristic with a proven bound`,
      instant: false,
    };
  }
  return {
    certify: 'unknown',
    reason: caps !== null
      ? `n = ${plan.n} is above the typical certified size ${caps[e]} at effort ${e}: certified only if the exact method finishes`
      : 'this command has no size at which an exact method surely finishes: certified only if one does',
    instant: false,
  };
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
      const outlook = (e: Effort) => certifyOutlook(plan, e, caps);
      const here = outlook(plan.effort);
      const wouldCertify = here.certify === 'yes';
      const byEffort = Object.fromEntries(EFFORTS.map((e) => [e, computeUnits({ n: plan.n, terms: plan.prep.terms }, e)])) as Record<Effort, number>;
      // The cheapest effort that surely certifies, else the cheapest that likely does.
      const lowestExact = EFFORTS.find((e) => outlook(e).certify === 'yes') ?? EFFORTS.find((e) => outlook(e).certify === 'likely');
      const rank = { yes: 2, likely: 1, unknown: 0 } as const;
      const better = lowestExact !== undefined && rank[outlook(lowestExact).certify] > rank[here.certify] ? lowestExact : undefined;
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
        difficulty: here.instant || (wouldCertify && plan.n <= 12) ? 'trivial' : here.certify !== 'unknown' ? 'easy' : est.queued ? 'hard' : 'moderate',
        // The cheapest effort that surely (else likely) certifies; otherwise medium, the balanced default.
        recommended_effort: lowestExact ?? 'medium',
        would_certify: wouldCertify,
        certify: here.certify,
        certification: better !== undefined ? `${here.reason}; effort ${better} ${outlook(better).certify === 'yes' ? 'would certify' : 'likely certifies'}` : here.reason,
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
