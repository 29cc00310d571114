/** The free preflight's report as far as it follows from the plan alone: no store, so the body-check worker can build it too. */
import { TAG } from '@svc/contracts';
import { EFFORTS, type Command, type Effort } from '@svc/engine-ts';
import { computeUnits, COMPUTE_UNITS_FORMULA } from './compute-units';
import { exactCapsOf, sureCertificateOf } from './commands';
import type { SolvePlan } from './solve/plan';
import type { WorkEstimate } from './solve/work-model';

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

/** Everything of the free preflight that follows from the plan alone (no store): the body-check worker computes it off the event loop. */
export type PlanAnalysis = Omit<AnalyzeReport, 'compute_units_left' | 'within_quota' | 'charged'>;

export function analyzePlan(plan: SolvePlan, est: WorkEstimate & { queued: boolean }, queueThresholdWork: number): PlanAnalysis {
  const caps = exactCapsOf(plan.command);
  const outlook = (e: Effort) => certifyOutlook(plan, e, caps);
  const here = outlook(plan.effort);
  const wouldCertify = here.certify === 'yes';
  const byEffort = Object.fromEntries(EFFORTS.map((e) => [e, computeUnits({ n: plan.n, terms: plan.prep.terms }, e)])) as Record<Effort, number>;
  // The cheapest effort that surely certifies, else the cheapest that likely does.
  const lowestExact = EFFORTS.find((e) => outlook(e).certify === 'yes') ?? EFFORTS.find((e) => outlook(e).certify === 'likely');
  const rank = { yes: 2, likely: 1, unknown: 0 } as const;
  const better = lowestExact !== undefined && rank[outlook(lowestExact).certify] > rank[here.certify] ? lowestExact : undefined;
  const report: PlanAnalysis = {
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
    difficulty: here.instant || (wouldCertify && plan.n <= 12) ? 'trivial' : here.certify !== 'unknown' ? 'easy' : est.queued ? 'hard' : 'moderate',
    // The cheapest effort that surely (else likely) certifies; otherwise medium, the balanced default.
    recommended_effort: lowestExact ?? 'medium',
    would_certify: wouldCertify,
    certify: here.certify,
    certification: better !== undefined ? `${here.reason}; effort ${better} ${outlook(better).certify === 'yes' ? 'would certify' : 'likely certifies'}` : here.reason,
    exact_caps: caps,
    would_queue: est.queued,
    estimated_work: est.work,
    queue_threshold_work: queueThresholdWork,
    work_basis: est.basis,
  };
  if (plan.maxLatencyMs > 0) report.latency_budget_ms = plan.maxLatencyMs;
  return report;
}

