/**
 * The service's issue-4b surface, built once per service: jobs, the binary lane, preflight
 * (analyze), shape routing (compute, route), verify, formulate, examples, the agent card,
 * readiness and metrics. `createService` spreads `api` into the `Service` it returns. Every
 * solve here goes through the service's one solve path (internal/solve-path.ts).
 */
import { SvcError } from '@svc/errors';
import { TAG } from '@svc/contracts';
import { EFFORTS, type Command, type Effort } from '@svc/engine-ts';
import { utcDay, type Store } from '@svc/store';
import type { Access } from './access';
import type { ServiceLimits } from './config';
import { computeUnits, COMPUTE_UNITS_FORMULA } from './compute-units';
import { ADAPTERS } from './commands';
import type { SolveContext } from './service';
import { SOLVABLE_COMMANDS, assertKnownQuery, planSolve } from './solve-plan';
import type { SolvePath } from './internal/solve-path';
import type { SolvePool } from './internal/solve-pool';
import type { JobService, SolveOutcome } from './jobs/job-service';
import type { ServiceMetrics } from './metrics';
import { routeProblem, splitComputeBody, type RouteCandidate } from './route-problem';
import { verifyAnswer, type VerifyReport } from './verify-answer';
import { formulate, type Worksheet } from './formulate';
import { examplesCatalogue } from './examples';
import { agentCard } from './agent-card';
import { MODEL_VERSION } from './versions';

/** Defined with the job runner (jobs/job-service.ts); re-exported for existing importers. */
export { isQueued, type SolveOutcome } from './jobs/job-service';

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

/** `POST /api/v1/route`. */
export interface RouteReport {
  tag: string;
  candidates: RouteCandidate[];
}

/** `GET /readyz`. */
export interface Readiness {
  ready: boolean;
  checks: { store: string; solver_pool: string; job_runner: string };
}

/** Issue-4b members of `Service`. */
export interface ServiceExtras {
  readonly jobs: JobService;
  readonly metrics: ServiceMetrics;
  /** Solves a SVCB body (binary lane; optimize and maxcut) with the JSON lane's contracts; heavy → queued. */
  solveBinary(bytes: Uint8Array, ctx: SolveContext): Promise<SolveOutcome>;
  /** Free preflight: validity, difficulty, recommended effort, units, certification, queueing. */
  analyze(command: string, body: unknown, ctx: SolveContext): Promise<AnalyzeReport>;
  /** Routes a bare problem by shape (with `contract.requirements.max_latency_ms`), then solves it. */
  compute(body: unknown, ctx: SolveContext): Promise<SolveOutcome & { routed: Omit<RouteCandidate, 'available'> }>;
  /** Ranked command candidates for a bare problem (free). */
  route(body: unknown): RouteReport;
  /** Independent re-check of `{problem, answer}` (free). */
  verify(command: string, body: unknown, principal: SolveContext['principal']): VerifyReport;
  formulate(command: string): Worksheet;
  examples(): Record<string, unknown>;
  /** The public agent card; `baseUrl` is the origin it is served from ('' for root-relative links). */
  agentCard(baseUrl: string): Record<string, unknown>;
  ready(): Promise<Readiness>;
  /** Prometheus text of `/metrics`. */
  renderMetrics(): Promise<string>;
}

export interface ExtrasDeps {
  readonly store: Store;
  readonly access: Access;
  readonly pool: SolvePool;
  readonly limits: ServiceLimits;
  readonly clock: () => number;
  /** The job runner (owned and closed by the service). */
  readonly jobs: JobService;
  readonly metrics: ServiceMetrics;
  /** The service's one solve path; binary and compute answer through it. */
  readonly solvePath: SolvePath;
  readonly engineKind: 'native' | 'ts';
  readonly engineId: string;
  /** True once the service began closing (readiness turns down). */
  isClosed(): boolean;
}

const isSolvable = (c: Command) => SOLVABLE_COMMANDS.includes(c);

export function createServiceExtras(deps: ExtrasDeps): ServiceExtras {
  const { store, access, pool, limits, clock, jobs, metrics, solvePath } = deps;
  const jobLimits = jobs.limits;
  const sandboxMaxN = limits.sandbox.maxN;

  async function leftToday(p: SolveContext['principal']): Promise<number> {
    const allowance = access.meter.allowanceOf(p);
    return Math.max(0, allowance - (await store.usage(p.id, utcDay(clock()))).units);
  }

  const api: ServiceExtras = {
    jobs,
    metrics,
    solveBinary(bytes, ctx) {
      return solvePath.solve({ lane: 'svcb', bytes }, { ...ctx, allowQueue: ctx.allowQueue ?? true });
    },
    async analyze(command, body, ctx) {
      const p = ctx.principal;
      access.authorize(p, 'analyze');
      const plan = planSolve({ lane: 'json', command, body }, p, ctx.query, { sandboxMaxN });
      const est = jobs.estimate(plan);
      const caps = ADAPTERS[plan.command]?.exactCaps?.() ?? null;
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
    async compute(body, ctx) {
      assertKnownQuery(ctx.query);
      const { problem, contract } = splitComputeBody(body, { sandbox: ctx.principal.kind === 'sandbox' });
      const candidates = routeProblem(problem, isSolvable);
      const top = candidates[0];
      if (!top) {
        const fields = Object.keys(problem).filter((k) => !['tag', 'description', 'n', 'version'].includes(k));
        throw new SvcError('SVC_INVALID_INPUT', `No command accepts a problem with the fields ${fields.join(', ') || '(none)'}; POST /api/v1/route lists candidates and GET /api/v1/formulate/<command> shows each shape.`, {
          extensions: { field: '(root)' },
        });
      }
      if (!top.available) {
        throw new SvcError('SVC_UNSUPPORTED', `The problem's shape is '${top.command}' (${top.why}), which is not available yet on this service; available now: ${SOLVABLE_COMMANDS.join(', ')}.`);
      }
      let query: Record<string, unknown> = { ...(ctx.query ?? {}) };
      if (contract.maxLatencyMs !== undefined) {
        if (query.max_latency_ms !== undefined && Number(query.max_latency_ms) !== contract.maxLatencyMs) {
          throw new SvcError('SVC_INVALID_INPUT', `max_latency_ms: the query value ${String(query.max_latency_ms)} disagrees with contract.requirements.max_latency_ms ${contract.maxLatencyMs}`, {
            extensions: { field: 'max_latency_ms' },
          });
        }
        query = { ...query, max_latency_ms: String(contract.maxLatencyMs) };
      }
      const out = await solvePath.solve({ lane: 'json', command: top.command, body: problem }, { ...ctx, query, allowQueue: ctx.allowQueue ?? true });
      return { ...out, routed: { command: top.command, confidence: top.confidence, why: top.why } };
    },
    route(body) {
      return { tag: TAG, candidates: routeProblem(body, isSolvable) };
    },
    verify(command, body, principal) {
      return verifyAnswer(command, body, { sandbox: principal.kind === 'sandbox', sandboxMaxN });
    },
    formulate(command) {
      return formulate(command, isSolvable);
    },
    examples() {
      return examplesCatalogue(isSolvable);
    },
    agentCard(baseUrl) {
      return agentCard({ baseUrl, limits, sandboxRatePerMinute: access.limits.sandboxRatePerMinute, commands: SOLVABLE_COMMANDS, engine: deps.engineKind });
    },
    async ready() {
      let storeState = 'ok';
      try {
        await store.schemaVersion();
      } catch (e) {
        storeState = `unreachable: ${e instanceof Error ? e.message : String(e)}`;
      }
      const poolState = !deps.isClosed() && pool.threads > 0 ? 'ok' : 'down';
      const jobState = jobs.ready() ? 'ok' : 'down';
      return { ready: storeState === 'ok' && poolState === 'ok' && jobState === 'ok', checks: { store: storeState, solver_pool: poolState, job_runner: jobState } };
    },
    async renderMetrics() {
      const depth = await jobs.depth().catch(() => ({ queued: NaN, running: NaN }));
      return metrics.render([
        { name: 'svc_jobs', help: 'Jobs by state (queue depth: state="queued").', value: depth.queued, labels: { state: 'queued' } },
        { name: 'svc_jobs', help: 'Jobs by state (queue depth: state="queued").', value: depth.running, labels: { state: 'running' } },
        { name: 'svc_job_queue_capacity', help: 'Queued jobs the service holds before SVC_QUEUE_FULL.', value: jobLimits.queueCapacity },
        { name: 'svc_solver_waiting', help: 'Synchronous solves waiting for a solver worker.', value: pool.waiting },
        { name: 'svc_solver_workers', help: 'Solver worker threads (synchronous solves).', value: pool.threads },
        { name: 'svc_job_workers', help: 'Solver worker threads for jobs.', value: jobLimits.concurrency },
        { name: 'svc_engine_info', help: 'The engine in use (value 1).', value: 1, labels: { engine: deps.engineKind, engine_id: deps.engineId, model_version: MODEL_VERSION } },
        { name: 'process_resident_memory_bytes', help: 'Resident memory of the server process.', value: process.memoryUsage.rss() },
      ]);
    },
  };
  return api;
}

