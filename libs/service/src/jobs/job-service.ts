import { randomBytes } from 'node:crypto';
import { SvcError, isStorageFault, problemDocument, toSvcError } from '@svc/errors';
import { TAG, type UsageAlert } from '@svc/contracts';
import { CANCEL_FLAG, cutUpperBound, evaluate, newCancelSignal, quboLowerBound, type CanonicalProblem, type Command, type EngineResult } from '@svc/engine-ts';
import { TERMINAL_JOB_STATUSES, isStoreUnavailable, type IdempotencyCompletion, type JobRecord, type JobStatus, type Store } from '@svc/store';
import type { Principal } from '../principal';
import { cacheKeyOf, planSolve, type SolvePlan, type SolveRequest } from '../solve/plan';
import { runPlan, STOP_GRACE_MS, type PlanProgress } from '../solve/run';
import { jobBudgetStart } from '../solve/deadline';
import type { SolveEnvelope } from '../solve/types';
import { createSolvePool, type SolvePool } from '../solve/pool';
import type { ServiceMetrics } from '../metrics';
import type { CachedSolve, CacheKeyInput } from '../result-cache';
import type { JobLimits } from './job-config';
import { MS_PER_WORK, estimateWork, type WorkEstimate } from './work-model';
import type { JobQueue } from '../distributed/job-queue';

/** The 202 acknowledgement of interface §2.4. */
export interface QueuedAck {
  status: 'queued';
  job_id: string;
  /** Root-relative poll URL, already carrying `?wait=30`. */
  poll: string;
  compute_units: number;
  tag: string;
}

/** What a solve answers: the envelope (200) or, for a heavy solve, the queued acknowledgement (202). */
export type SolveOutcome = SolveEnvelope | QueuedAck;

/** True for the 202 acknowledgement of a queued job. */
export function isQueued(o: unknown): o is QueuedAck {
  return typeof o === 'object' && o !== null && (o as { status?: unknown }).status === 'queued' && typeof (o as { job_id?: unknown }).job_id === 'string';
}

/** Progress of a job: what the engines can tell, and how the share of work is known. */
export interface JobProgress {
  /** 0..1. */
  share_done: number;
  /**
   * `engine_work`: the engine's own count of work done against its budget (at the end);
   * `engine_progress`: while running, the engine has reported its state (best, bound, work) and
   * the share is elapsed time against the work estimate; `estimated_from_elapsed_time`: while
   * running, no report yet (or a family without one), the same estimate; `not_started`.
   */
  share_basis: 'engine_work' | 'engine_progress' | 'estimated_from_elapsed_time' | 'not_started';
  /** Same as `share_done` (0..1). */
  share?: number;
  /** Best objective so far in the answer's terms (the engine's incumbent while running; same as `best_objective`). */
  best?: number | null;
  /** Relative gap |best − bound| / max(1, |best|) when both are known, else null. */
  gap?: number | null;
  /** The engine's own count of work so far (moves, nodes, kicks) when it reported one, else null. */
  work?: number | null;
  /** Best objective known: the warm start's while running (the answer is never worse), the answer's at the end. */
  best_objective: number | null;
  /** A proven bound on the optimum, when one is known (null once an exact method proved the answer). */
  bound: number | null;
  /** Estimated engine work of the whole solve (see `estimateWork`). */
  estimated_work: number;
  elapsed_ms: number;
}

/** A job as `GET /api/v1/jobs/{id}` shows it (commands.md "Jobs"). */
export interface JobView {
  job_id: string;
  status: JobStatus;
  command: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** Units charged when the job was accepted. */
  compute_units: number;
  /** Units finally billed: all of them when done, none when failed or cancelled while queued, the share of work done when cancelled while running; null until then. */
  billed_units: number | null;
  poll: string;
  /** How many times a runner started the job (more than 1 after a restart). */
  attempts: number;
  cancel_requested: boolean;
  progress: JobProgress | null;
  /** The success envelope (done). */
  result?: Record<string, unknown>;
  /** The problem document (failed). */
  error?: Record<string, unknown>;
  tag: string;
}

/** Who reads or cancels a job: a principal, or nobody (no credentials). */
export type JobReader = Principal | null;

export interface JobService {
  readonly limits: JobLimits;
  /** Work estimate of a plan and whether it would be queued. */
  estimate(plan: SolvePlan): WorkEstimate & { queued: boolean };
  /**
   * Persists a queued job (charged by the caller for `plan.units` on `chargeDay`) and wakes the
   * runner. The job row takes over the charge's hold and stores a keyed request's 202 in the
   * same commit (`holdId`, `answer`). Capacity: 429 SVC_TOO_MANY_INFLIGHT, 503 SVC_QUEUE_FULL
   * (nothing stored then; the hold stays the caller's to refund).
   */
  submit(req: SolveRequest, plan: SolvePlan, ctx: {
    readonly principal: Principal;
    readonly query?: Readonly<Record<string, unknown>>;
    readonly chargeDay: string;
    readonly allowance: number;
    readonly holdId?: string;
    readonly answer?: (ack: QueuedAck) => IdempotencyCompletion;
    /**
     * `performance.now()` when the request was accepted: a job that a free job worker of this
     * process takes at once counts its latency budget from here (solve/deadline.ts).
     */
    readonly acceptedAt?: number;
  }): Promise<QueuedAck>;
  /**
   * Reads a job, long-polling up to `waitSeconds` (clamped to the limit) for a terminal state;
   * with `orProgress`, also for the next progress report of its engine (watchers: gRPC WatchJob,
   * MCP job waits), at most one wake per second per job.
   */
  get(jobId: string, reader: JobReader, waitSeconds?: number, opts?: { readonly orProgress?: boolean }): Promise<JobView>;
  /** Cancels a queued (refunded) or running (billed for the share of work done) job. */
  cancel(jobId: string, reader: JobReader): Promise<JobView>;
  /** Queued and running jobs service-wide. */
  depth(): Promise<{ queued: number; running: number }>;
  /** Jobs this process is running now (its busy job workers; the utilisation metric). */
  running(): number;
  /** The runner and its worker pool are up. */
  ready(): boolean;
  /** Server shutdown: ends every pending long-poll now, and later ones answer at once. */
  wakeAll(): void;
  /**
   * With the distributed queue: hands every queued job to it again (after a recovery requeued a
   * dead node's jobs, so they run now rather than at the workers' next reconciliation). No-op otherwise.
   */
  reconcile(): Promise<void>;
  /** Stops the runner; jobs still running stay `running` in the store and run again on the next start. */
  close(): Promise<void>;
}

export interface JobServiceDeps {
  readonly store: Store;
  readonly limits: JobLimits;
  readonly clock: () => number;
  /** Engine selection passed to the job workers, exactly as the service's own pool gets it. */
  readonly engine?: 'native' | 'ts';
  readonly workerFile?: string;
  engineKindFor(command: Command): 'native' | 'ts';
  /** Sandbox n cap used when a stored request is planned again. */
  readonly sandboxMaxN: number;
  usageAlert(used: number, limit: number, now: number): UsageAlert | undefined;
  readonly metrics: ServiceMetrics;
  /** Called once a job is done (usage log, result cache); its failure never fails the job. */
  onDone?(done: JobDone): Promise<void>;
  /**
   * The distributed queue (BullMQ on Redis, `SVC_REDIS_URL`) and this process's part in it:
   * `producer` (an HTTP node: stores and dispatches jobs, runs none, holds no job state) or
   * `worker` (apps/worker: runs dispatched jobs). Without it, this process's own runner drains the
   * store's queue (embedded, or HTTP nodes sharing PostgreSQL without Redis).
   */
  readonly queue?: { readonly queue: JobQueue; readonly role: 'producer' | 'worker' };
}

/** A finished job, for the usage log and the result cache. */
export interface JobDone {
  readonly jobId: string;
  readonly principal: Principal;
  readonly command: Command;
  readonly units: number;
  /** The charge as it stands now (day, units used today, allowance). */
  readonly charge: { readonly day: string; readonly used: number; readonly allowance: number };
  readonly receipt: string;
  /** The engine-derived part of the envelope, or null when stopped at a deadline. */
  readonly cacheable: CachedSolve | null;
  readonly cacheKey: CacheKeyInput;
}

const JOB_ID = /^job_[0-9a-f]{32}$/;
const POLL_WAIT = 30;

const TICK_MS = 1000;

/** Watchers of a running job wake on its engine's progress at most this often. */
const PROGRESS_WAKE_MS = 1000;

/** An acceptance time kept for a job no runner of this process has started after this long is dropped (another runner took it). */
const ACCEPTED_FREE_STALE_MS = 10_000;

/** A job claimed more often than this (each earlier run ended with the process) fails instead of running. */
export const MAX_JOB_ATTEMPTS = 3;

/** Backoff of a runner's store write or read while the store is away (full disk, database unreachable): doubling from the first, capped. */
export const STORE_RETRY_FIRST_MS = 250;
export const STORE_RETRY_MAX_MS = 2_000;

/**
 * How long a cancel of a job running in another process waits for its runner to say it heard
 * the request (a `cancelling` event) before answering the job as it stands (`running`,
 * `cancel_requested: true`): a runner that was just SIGKILLed never answers, and its lease does the rest.
 */
export const CANCEL_ACK_MS = 1_500;

/** The store was away (a full disk, the database unreachable): the job's work is kept, never failed for it. */
const storeAway = (e: unknown) => isStoreUnavailable(e) || isStorageFault(e) || (e instanceof SvcError && e.extensions.reason === 'storage_unavailable');

/** Workers hand every queued row to the message queue again this often (messages lost from Redis, rows requeued by a recovery). */
export const RECONCILE_MS = 10_000;

interface StoredRequest {
  readonly v: 1;
  readonly command?: string;
  readonly body?: unknown;
  readonly query: Readonly<Record<string, unknown>>;
  readonly principal: Principal;
}

interface Active {
  readonly cancel: Int32Array;
  /** Terminates the worker thread (an engine that ignores `cancel`). */
  readonly stop: AbortController;
  cancelRequested: boolean;
  readonly startedPerf: number;
  plan?: SolvePlan;
  estimate?: WorkEstimate;
  bound: number | null;
  warmObjective: number | null;
  /** The engine's latest progress report (runPlan onProgress), if any. */
  engine?: PlanProgress;
  /** performance.now() of the last progress wake of this job's watchers. */
  progressWokeAt?: number;
  /** The report last announced to other processes (queue mode). */
  publishedEngine?: PlanProgress;
  readonly done: Promise<void>;
}

/** True when `p` settles within `ms`. */
async function settlesWithin(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((r) => {
    timer = setTimeout(() => r(false), ms);
  });
  try {
    return await Promise.race([p.then(() => true, () => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const pollOf = (jobId: string) => `/api/v1/jobs/${jobId}?wait=${POLL_WAIT}`;

function notFound(jobId: string): SvcError {
  return new SvcError('SVC_NOT_FOUND', `No job '${jobId.slice(0, 80)}' is visible to this caller.`, { extensions: { field: 'job_id' } });
}

/** The trivial proven bound of the QUBO family, known before the search starts. */
function boundOf(p: CanonicalProblem): number | null {
  if (p.kind === 'qubo') return quboLowerBound(p);
  if (p.kind === 'maxcut') return cutUpperBound(p);
  return null;
}

/** The service's relative gap (internal/rescore.ts): |best − bound| / max(1, |best|), null unless both are known. */
function gapOf(best: number | null, bound: number | null): number | null {
  return best === null || bound === null ? null : Math.abs(best - bound) / Math.max(1, Math.abs(best));
}

function objectiveOf(envelope: Record<string, unknown>): number | null {
  for (const k of ['energy', 'cut_value', 'objective', 'length', 'cost', 'value', 'disagreements']) {
    if (typeof envelope[k] === 'number') return envelope[k] as number;
  }
  return null;
}

/** Creates the runner of queued solves over the store: persist first, run in its own worker pool, bill once. */
export function createJobService(deps: JobServiceDeps): JobService {
  const { store, limits, clock } = deps;
  const queue = deps.queue?.queue ?? null;
  /** This process runs jobs (embedded, a node without Redis, or a worker); a producer only stores and dispatches them. */
  const runsJobs = deps.queue?.role !== 'producer';
  /** Jobs come from the store's queue (no Redis) rather than from dispatched messages. */
  const pumpsStore = queue === null;
  const pool: SolvePool | null = runsJobs
    ? createSolvePool({ engine: deps.engine, threads: limits.concurrency, maxQueue: limits.concurrency, workerFile: deps.workerFile })
    : null;
  const active = new Map<string, Active>();
  const waiters = new Map<string, Set<() => void>>();
  const msPerWork: Record<'native' | 'ts', number> = { ...MS_PER_WORK };
  /**
   * Jobs accepted while a job worker of this process was free, with their acceptance time: their
   * latency budget counts from it (the POST, the store write and the claim are the service's
   * time, not a wait behind other jobs). A job that waits for a worker counts from its start.
   */
  const acceptedFree = new Map<string, number>();
  let closed = false;
  /** Shutting down: long-polls answer the current state at once. */
  let draining = false;
  let pumping: Promise<void> | null = null;
  let pumpAgain = false;
  let pumpFailing = false;

  const notify = (jobId: string) => {
    const set = waiters.get(jobId);
    if (!set) return;
    waiters.delete(jobId);
    for (const wake of set) wake();
  };
  /** A job ended here: this process's waiters wake now, other processes' through the queue's channel. */
  const ended = (jobId: string) => {
    if (queue) queue.publish({ t: 'ended', id: jobId });
    else notify(jobId);
  };
  /** Cancels waiting for a runner in another process to acknowledge (the `cancelling` event). */
  const cancelAcks = new Map<string, Set<() => void>>();
  /** True when a runner acknowledges the cancel of `jobId` within `ms`. */
  const ackedWithin = (jobId: string, ms: number, ask: () => void) => new Promise<boolean>((resolve) => {
    let set = cancelAcks.get(jobId);
    if (!set) cancelAcks.set(jobId, (set = new Set()));
    const wake = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      set!.delete(wake);
      if (set!.size === 0 && cancelAcks.get(jobId) === set) cancelAcks.delete(jobId);
      resolve(false);
    }, ms);
    set.add(wake);
    ask();
  });
  /** Waiters that also wake on a job's progress (get with orProgress). */
  const progressWaiters = new Map<string, Set<() => void>>();
  const notifyProgress = (jobId: string) => {
    const set = progressWaiters.get(jobId);
    if (!set) return;
    progressWaiters.delete(jobId);
    for (const wake of set) wake();
  };

  const estimateOf = (plan: SolvePlan) => estimateWork({
    command: plan.command, problem: plan.prep.problem, effort: plan.effort, units: plan.units,
    maxLatencyMs: plan.maxLatencyMs, engine: deps.engineKindFor(plan.command), version: plan.version,
  });

  /** The stored request planned again, and its principal (the request is parsed once: it may be megabytes). */
  function planOf(row: JobRecord): { plan: SolvePlan; principal: Principal } {
    const req = JSON.parse(row.request) as StoredRequest;
    const solveReq: SolveRequest = row.lane === 'svcb'
      ? { lane: 'svcb', bytes: row.requestBlob ?? new Uint8Array(0) }
      : { lane: 'json', command: req.command ?? row.command, body: req.body };
    return { plan: planSolve(solveReq, req.principal, req.query, { sandboxMaxN: deps.sandboxMaxN }), principal: req.principal };
  }

  async function end(jobId: string, outcome: Parameters<Store['finishJob']>[1], from?: readonly JobStatus[]): Promise<boolean> {
    const changed = await store.finishJob(jobId, outcome, from);
    if (changed) deps.metrics.observeJobEnd(outcome.status);
    return changed;
  }

  /**
   * `end` for the runner: a job whose outcome the store refuses (a full disk, the database
   * unreachable) keeps its worker and its answer in memory and tries again with capped
   * exponential backoff until the store takes it, so it never stays `running` with its answer
   * lost. A retry that finds the job already ended with this very outcome (the earlier attempt
   * committed but its answer was lost with the connection) counts as the write. On close it stays
   * running and runs again on the next start.
   */
  async function endDurably(jobId: string, outcome: Parameters<Store['finishJob']>[1]): Promise<boolean> {
    let refused = false;
    for (let delay = STORE_RETRY_FIRST_MS, told = false; ; delay = Math.min(2 * delay, STORE_RETRY_MAX_MS)) {
      try {
        if (await end(jobId, outcome)) return true;
        if (!refused) return false;
        const row = await store.getJob(jobId);
        const ours = row !== null && row.status === outcome.status && row.finishedAt === outcome.at;
        if (ours) deps.metrics.observeJobEnd(outcome.status);
        return ours;
      } catch (e) {
        if (closed) throw e;
        refused = true;
        if (!told) {
          told = true;
          process.stderr.write(`[svc-jobs] job ${jobId} ended ${outcome.status} but the store refused the write (${e instanceof Error ? e.message : String(e)}); its outcome is kept and written once the store takes it\n`);
        }
        await new Promise((r) => setTimeout(r, delay).unref());
      }
    }
  }

  /**
   * A read (or write) the runner needs to go on (the usage row for `compute_units_left`): while
   * the store is away it is tried again with capped exponential backoff; the job keeps its work.
   * Throws only when this process closes, or for a fault that is not the store's absence.
   */
  async function untilStored<T>(jobId: string, what: string, f: () => Promise<T>): Promise<T> {
    for (let delay = STORE_RETRY_FIRST_MS, told = false; ; delay = Math.min(2 * delay, STORE_RETRY_MAX_MS)) {
      try {
        return await f();
      } catch (e) {
        if (closed || !storeAway(e)) throw e;
        if (!told) {
          told = true;
          process.stderr.write(`[svc-jobs] job ${jobId}: the store is away (${e instanceof Error ? e.message : String(e)}); ${what} is tried again until it answers\n`);
        }
        await new Promise((r) => setTimeout(r, delay).unref());
      }
    }
  }

  /** Runs one claimed job to a terminal state (unless the service is closing). */
  async function execute(row: JobRecord, a: Active): Promise<void> {
    const startedPerf = performance.now();
    const acceptedAt = acceptedFree.get(row.jobId);
    acceptedFree.delete(row.jobId);
    let result: EngineResult | undefined;
    let envelope: Record<string, unknown> | undefined;
    let finished: JobDone | undefined;
    if (row.attempts > MAX_JOB_ATTEMPTS) {
      // Every earlier run ended with the process (a crash while solving it, e.g. in the native
      // engine): running it again would take the service down again. Failed, refunded.
      const doc = problemDocument(new SvcError('SVC_ENGINE_FAILURE', `This job was started ${row.attempts - 1} times and the service stopped each time before it ended; it is not run again and nothing is billed.`));
      await endDurably(row.jobId, { status: 'failed', at: clock(), error: JSON.stringify(doc), billedUnits: 0 });
      return;
    }
    if (row.cancelRequested) {
      // Cancelled while running before a crash: the work done then is lost, so nothing is billed.
      a.cancelRequested = true;
      await endDurably(row.jobId, { status: 'cancelled', at: clock(), billedUnits: 0, progress: JSON.stringify(progressOf(a, 'not_started', 0)) });
      return;
    }
    try {
      const { plan, principal } = planOf(row);
      a.plan = plan;
      const t0 = jobBudgetStart(acceptedAt, startedPerf, plan.maxLatencyMs);
      a.estimate = estimateOf(plan);
      if (plan.command === 'optimize' || plan.command === 'maxcut') {
        a.bound = boundOf(plan.prep.problem);
        if (plan.prep.warmStart) a.warmObjective = evaluate(plan.prep.problem, plan.prep.warmStart);
      }
      // Progress is a hint: a write the store refuses never fails the job.
      await store.updateJobProgress(row.jobId, JSON.stringify(progressOf(a, 'estimated_from_elapsed_time', 0))).catch(() => undefined);
      const out = await runPlan(plan, { pool: pool!, engineKindFor: deps.engineKindFor, metrics: deps.metrics }, {
        t0,
        cancel: a.cancel,
        stop: a.stop.signal,
        lane: 'job',
        // Time before t0: the wait for a job worker, unless the budget counts from the acceptance.
        queuedMs: t0 !== startedPerf ? 0 : Math.max(0, (row.startedAt ?? clock()) - row.createdAt),
        // Kept in memory (views and watchers read it); the ticker stores it once a second.
        onProgress: (p) => {
          a.engine = p;
          // This process's watchers read the in-memory state: woken now (at most once a second).
          // Other processes' read the store: woken by the ticker once it has written the report.
          const now = performance.now();
          if (!queue && now - (a.progressWokeAt ?? -Infinity) >= PROGRESS_WAKE_MS) {
            a.progressWokeAt = now;
            notifyProgress(row.jobId);
          }
        },
        billing: async () => {
          const used = (await untilStored(row.jobId, 'the usage read', () => store.usage(row.principal, row.chargeDay))).units;
          return { left: Math.max(0, row.allowance - used), alert: deps.usageAlert(used, row.allowance, clock()) };
        },
      });
      result = out.result;
      envelope = out.envelope;
      const kind = deps.engineKindFor(plan.command);
      const used = (await untilStored(row.jobId, 'the usage read', () => store.usage(row.principal, row.chargeDay))).units;
      finished = {
        jobId: row.jobId,
        principal,
        command: plan.command,
        units: row.computeUnits,
        charge: { day: row.chargeDay, used, allowance: row.allowance },
        receipt: out.envelope.receipt,
        cacheable: out.cacheable,
        cacheKey: cacheKeyOf(plan, kind),
      };
      if (a.estimate.basis === 'engine_budget' && a.estimate.work > 0 && plan.maxLatencyMs === 0 && !a.cancelRequested) {
        // Throughput for the next jobs' progress estimates (exponential average).
        const measured = out.result.engineMs / a.estimate.work;
        if (Number.isFinite(measured) && measured > 0) msPerWork[kind] = 0.7 * msPerWork[kind] + 0.3 * measured;
      }
    } catch (e) {
      if (closed) return;
      if (storeAway(e) && !a.cancelRequested) {
        // Never failed because the store was away: the job runs again on this worker once it answers.
        process.stderr.write(`[svc-jobs] job ${row.jobId}: the store was away while it ran (${e instanceof Error ? e.message : String(e)}); it runs again once the store answers\n`);
        await untilStored(row.jobId, 'the job', () => store.getJob(row.jobId));
        if (!closed) await execute(row, a);
        return;
      }
      if (!a.cancelRequested) {
        const doc = problemDocument(toSvcError(e));
        await endDurably(row.jobId, { status: 'failed', at: clock(), error: JSON.stringify(doc), billedUnits: 0 });
        return;
      }
    }
    if (closed) return;
    if (a.cancelRequested) {
      // Bill the share of the work the engine did before it stopped; unknown share bills nothing.
      const share = result && a.estimate?.steps ? Math.min(1, result.work.iterations / Math.max(1, a.estimate.steps)) : 0;
      const billed = Math.min(row.computeUnits, Math.ceil(row.computeUnits * share));
      const base = progressOf(a, result ? 'engine_work' : 'estimated_from_elapsed_time', share);
      const best = envelope ? objectiveOf(envelope) : base.best_objective;
      const progress: JobProgress = { ...base, share_done: share, share, best_objective: best, best, gap: gapOf(best, base.bound) };
      await endDurably(row.jobId, { status: 'cancelled', at: clock(), billedUnits: billed, progress: JSON.stringify(progress) });
      return;
    }
    const env = envelope!;
    const best = objectiveOf(env);
    const bound = typeof env.bound === 'number' ? env.bound : null;
    const progress: JobProgress = {
      ...progressOf(a, 'engine_work', 1),
      best_objective: best,
      bound,
      best,
      gap: gapOf(best, bound),
      work: result ? result.work.iterations + result.work.nodes : null,
    };
    const changed = await endDurably(row.jobId, { status: 'done', at: clock(), result: JSON.stringify(env), billedUnits: row.computeUnits, progress: JSON.stringify(progress) });
    if (changed && finished && deps.onDone) {
      await deps.onDone(finished).catch((e) => process.stderr.write(`[svc-jobs] job ${row.jobId}: usage log or cache update failed: ${e instanceof Error ? e.message : String(e)}\n`));
    }
  }

  function progressOf(a: Active, basis: JobProgress['share_basis'], share?: number): JobProgress {
    const elapsed = performance.now() - a.startedPerf;
    let s = share;
    if (s === undefined) {
      const kind = a.plan ? deps.engineKindFor(a.plan.command) : 'ts';
      const expectedMs = (a.estimate?.work ?? 0) * msPerWork[kind];
      s = expectedMs > 0 ? Math.min(0.99, elapsed / expectedMs) : 0;
    }
    const e = basis === 'estimated_from_elapsed_time' ? a.engine : undefined;
    const better = (x: number | null, y: number | null, lower: boolean) => (x === null ? y : y === null ? x : lower ? Math.min(x, y) : Math.max(x, y));
    // The engine's incumbent is never worse than the warm start it began from; its bound is
    // combined with the service's own (the tighter of the two).
    const best = e && e.minimise !== null ? better(e.best, a.warmObjective, e.minimise) : a.warmObjective;
    const bound = e && e.minimise !== null ? better(e.bound, a.bound, !e.minimise) : a.bound;
    const shareDone = Math.round(s * 10_000) / 10_000;
    return {
      share_done: shareDone,
      share_basis: e ? 'engine_progress' : basis,
      best_objective: best,
      bound,
      estimated_work: a.estimate?.work ?? 0,
      elapsed_ms: Math.round(elapsed),
      share: shareDone,
      best,
      gap: gapOf(best, bound),
      work: e ? e.work : null,
    };
  }

  function start(row: JobRecord): void {
    let settle!: () => void;
    const done = new Promise<void>((r) => (settle = r));
    const a: Active = { cancel: newCancelSignal().flag, stop: new AbortController(), cancelRequested: false, startedPerf: performance.now(), bound: null, warmObjective: null, done };
    active.set(row.jobId, a);
    execute(row, a)
      .catch((e) => process.stderr.write(`[svc-jobs] job ${row.jobId} could not be finalised: ${e instanceof Error ? e.message : String(e)}\n`))
      .finally(() => {
        active.delete(row.jobId);
        ended(row.jobId);
        settle();
        // The next job starts after this turn: its start (re-planning a large problem) must not
        // hold the answers of the long-polls just woken for this one.
        setImmediate(() => {
          if (!closed) void pump();
        });
      });
  }

  /** Claims queued jobs while a job worker is free (from the store; with a queue, messages bring them). */
  function pump(): Promise<void> {
    if (!pumpsStore) return Promise.resolve();
    if (pumping) {
      pumpAgain = true;
      return pumping;
    }
    const run = (async () => {
      do {
        pumpAgain = false;
        while (!closed && active.size < limits.concurrency) {
          const row = await store.claimJob(clock());
          if (!row) break;
          start(row);
        }
      } while (pumpAgain && !closed);
    })()
      .then(() => {
        pumpFailing = false;
      })
      .catch((e: unknown) => {
        // Written once per failing stretch (a full disk fails every tick), not every second.
        if (!pumpFailing) process.stderr.write(`[svc-jobs] queue pump failed: ${e instanceof Error ? e.message : String(e)}; retrying every second\n`);
        pumpFailing = true;
      })
      .finally(() => {
        pumping = null;
      });
    pumping = run;
    return run;
  }

  // Periodic work: jobs submitted by other processes, cancel requests made elsewhere, progress.
  const ticker = setInterval(() => {
    if (closed) return;
    void pump();
    for (const [jobId, a] of active) {
      void store.getJob(jobId).then(async (row) => {
        if (row?.cancelRequested && !a.cancelRequested) {
          a.cancelRequested = true;
          Atomics.store(a.cancel, 0, CANCEL_FLAG);
        }
        if (a.plan && !closed) {
          const reported = a.engine;
          await store.updateJobProgress(jobId, JSON.stringify(progressOf(a, 'estimated_from_elapsed_time')));
          // With a queue the watchers may be on other nodes: a new report, once stored, wakes them.
          if (queue && reported !== undefined && reported !== a.publishedEngine) {
            a.publishedEngine = reported;
            queue.publish({ t: 'progress', id: jobId });
          }
        }
      }).catch(() => undefined);
    }
  }, TICK_MS);
  ticker.unref();

  /** Stops a job running here: the engine polls the flag; one that does not stop within the grace loses its thread. */
  async function stopActive(a: Active): Promise<void> {
    a.cancelRequested = true;
    Atomics.store(a.cancel, 0, CANCEL_FLAG);
    if (!(await settlesWithin(a.done, STOP_GRACE_MS))) {
      a.stop.abort();
      await settlesWithin(a.done, STOP_GRACE_MS);
    }
  }

  /**
   * A dispatched message (worker role): runs the job when its row is still queued. Resolves when
   * the job needs nothing more from this message (run here, or already ended); rejects — and the
   * message comes back a second later — while another node still holds the row.
   */
  async function runDispatched(jobId: string): Promise<void> {
    for (let round = 0; round < 3; round++) {
      if (closed) throw new Error('this worker is stopping; the job runs elsewhere');
      const row = await store.getJob(jobId);
      if (!row || TERMINAL_JOB_STATUSES.includes(row.status)) return;
      if (row.status === 'queued') {
        const claimed = await store.claimJob(clock(), jobId);
        if (!claimed) continue;
        start(claimed);
        await active.get(jobId)?.done;
        // Stopped by this worker's shutdown before it ended: the message comes back, and the job
        // runs on another worker once this one's lease is ended (at its store's close).
        if (closed) throw new Error(`job ${jobId} was interrupted by this worker's shutdown`);
        return;
      }
      // Running: claimed by a node. A dead one (lease expired) is settled now rather than at the
      // next periodic recovery, so a killed worker's job runs again as soon as its lease ends.
      if ((await store.recoverInterrupted()).requeuedJobs === 0) break;
    }
    throw new Error(`job ${jobId} is held by another runner; the message is tried again`);
  }

  /** Hands every queued row to the message queue (the runs it holds are ignored). */
  async function reconcile(): Promise<void> {
    if (!queue || closed) return;
    await queue.dispatch(await store.queuedJobs(1000));
  }

  let reconciler: NodeJS.Timeout | null = null;
  if (queue) {
    queue.onEvent((e) => {
      if (e.t === 'ended') notify(e.id);
      else if (e.t === 'progress') notifyProgress(e.id);
      else if (e.t === 'cancelling') {
        const set = cancelAcks.get(e.id);
        cancelAcks.delete(e.id);
        for (const wake of set ?? []) wake();
      } else if (e.t === 'cancel') {
        const a = active.get(e.id);
        if (a) {
          // The node that asked waits for the end only once a runner says it heard the request.
          queue.publish({ t: 'cancelling', id: e.id });
          if (!a.cancelRequested) void stopActive(a);
        }
      }
    });
    if (deps.queue!.role === 'worker') {
      queue.consume(runDispatched, limits.concurrency);
      let failing = false;
      reconciler = setInterval(() => {
        reconcile().then(() => {
          failing = false;
        }, (e: unknown) => {
          if (!failing) process.stderr.write(`[svc-jobs] handing queued jobs to the queue failed: ${e instanceof Error ? e.message : String(e)}; retrying\n`);
          failing = true;
        });
      }, RECONCILE_MS);
      reconciler.unref();
    }
  }

  // Recovery: whatever was running when the last process stopped runs again (charged once, at acceptance).
  const recovered = store.requeueRunningJobs().then(() => (queue ? (deps.queue!.role === 'worker' ? reconcile() : undefined) : pump()))
    // A store away at the start: the periodic recovery, the pump and the reconciliation do it later.
    .catch((e: unknown) => process.stderr.write(`[svc-jobs] start-up recovery failed (${e instanceof Error ? e.message : String(e)}); the periodic one does it\n`));

  function authorize(row: JobRecord | null, jobId: string, reader: JobReader): JobRecord {
    if (!row) throw notFound(jobId);
    if (row.owner === null) return row;
    if (reader === null) throw new SvcError('SVC_UNAUTHENTICATED', 'This job belongs to an account: send that account\'s API key as "Authorization: Bearer <API_KEY>".');
    if (reader.kind === 'account' && reader.accountId === row.owner) return row;
    throw notFound(jobId);
  }

  function view(row: JobRecord): JobView {
    const a = active.get(row.jobId);
    let progress: JobProgress | null = row.progress ? (JSON.parse(row.progress) as JobProgress) : null;
    if (row.status === 'running' && a?.plan) progress = progressOf(a, 'estimated_from_elapsed_time');
    if (row.status === 'queued') {
      progress = { share_done: 0, share_basis: 'not_started', best_objective: null, bound: null, estimated_work: progress?.estimated_work ?? 0, elapsed_ms: 0, share: 0, best: null, gap: null, work: null };
    }
    const v: JobView = {
      job_id: row.jobId,
      status: row.status,
      command: row.command,
      created_at: iso(row.createdAt)!,
      started_at: iso(row.startedAt),
      finished_at: iso(row.finishedAt),
      compute_units: row.computeUnits,
      billed_units: row.billedUnits,
      poll: pollOf(row.jobId),
      attempts: row.attempts,
      cancel_requested: row.cancelRequested || (a?.cancelRequested ?? false),
      progress,
      tag: TAG,
    };
    if (row.status === 'done' && row.result) v.result = JSON.parse(row.result) as Record<string, unknown>;
    if (row.status === 'failed' && row.error) v.error = JSON.parse(row.error) as Record<string, unknown>;
    return v;
  }

  /** Resolves when the job is terminal, `ms` have passed, or the service wakes every waiter. */
  async function waitForEnd(jobId: string, ms: number, orProgress = false): Promise<void> {
    const deadline = Date.now() + ms;
    while (!closed && !draining) {
      const left = deadline - Date.now();
      if (left <= 0) return;
      const row = await store.getJob(jobId);
      if (!row || TERMINAL_JOB_STATUSES.includes(row.status)) return;
      // Woken at once by this process's runner; the timeout re-reads the store for other runners.
      const progressed = await new Promise<boolean>((resolve) => {
        let set = waiters.get(jobId);
        if (!set) waiters.set(jobId, (set = new Set()));
        let progressSet: Set<() => void> | undefined;
        const done = (why: boolean) => {
          clearTimeout(timer);
          set!.delete(wake);
          progressSet?.delete(onProgress);
          resolve(why);
        };
        const wake = () => done(false);
        const onProgress = () => done(true);
        // Without a queue, other runners' ends are seen by re-reading; with one, the event wakes us
        // and the re-read only covers a lost event.
        const timer = setTimeout(wake, Math.min(left, queue ? 5_000 : 500));
        set.add(wake);
        if (orProgress) {
          progressSet = progressWaiters.get(jobId);
          if (!progressSet) progressWaiters.set(jobId, (progressSet = new Set()));
          progressSet.add(onProgress);
        }
      });
      if (progressed) return;
    }
  }

  async function read(jobId: string, reader: JobReader): Promise<JobRecord> {
    if (!JOB_ID.test(jobId)) throw notFound(jobId);
    return authorize(await store.getJob(jobId), jobId, reader);
  }

  return {
    limits,
    estimate(plan) {
      const e = estimateOf(plan);
      return { ...e, queued: e.work >= limits.queueThresholdWork };
    },
    async submit(req, plan, ctx) {
      if (closed) throw new SvcError('SVC_BUSY', 'The service is shutting down.');
      if (queue && !queue.ready()) {
        // Refused rather than accepted and left waiting: the queue the workers read is unreachable.
        throw new SvcError('SVC_BUSY', 'The job queue (Redis) is unreachable from this node, so it cannot accept queued work now; synchronous solves still run.', {
          retryAfter: 5, extensions: { reason: 'queue_unavailable' },
        });
      }
      const jobId = `job_${randomBytes(16).toString('hex')}`;
      const stored: StoredRequest = {
        v: 1,
        ...(req.lane === 'json' ? { command: req.command, body: req.body } : {}),
        query: { ...(ctx.query ?? {}) },
        principal: ctx.principal,
      };
      const estimate = estimateOf(plan);
      if (ctx.acceptedAt !== undefined) {
        // Entries of jobs some other runner took (or that never ran) expire.
        for (const [id, at] of acceptedFree) if (performance.now() - at > ACCEPTED_FREE_STALE_MS) acceptedFree.delete(id);
        if (active.size + acceptedFree.size < limits.concurrency) acceptedFree.set(jobId, ctx.acceptedAt);
      }
      const notStarted: JobProgress = { share_done: 0, share_basis: 'not_started', best_objective: null, bound: null, estimated_work: estimate.work, elapsed_ms: 0, share: 0, best: null, gap: null, work: null };
      const ack: QueuedAck = { status: 'queued', job_id: jobId, poll: pollOf(jobId), compute_units: plan.units, tag: TAG };
      let outcome: Awaited<ReturnType<Store['insertJob']>> | undefined;
      try {
        outcome = await store.insertJob({
          jobId,
          principal: ctx.principal.id,
          owner: ctx.principal.kind === 'account' ? ctx.principal.accountId : null,
          command: plan.command,
          lane: req.lane,
          request: JSON.stringify(stored),
          requestBlob: req.lane === 'svcb' ? req.bytes : null,
          computeUnits: plan.units,
          chargeDay: ctx.chargeDay,
          allowance: ctx.allowance,
          createdAt: clock(),
          progress: JSON.stringify(notStarted),
        }, { maxInflight: limits.maxInflight, maxQueued: limits.queueCapacity }, { holdId: ctx.holdId, idempotency: ctx.answer?.(ack) });
      } finally {
        // A stored job takes its entry when it starts; one that was not stored has none.
        if (outcome !== 'inserted') acceptedFree.delete(jobId);
      }
      if (outcome === 'inflight') {
        throw new SvcError('SVC_TOO_MANY_INFLIGHT', `You already have ${limits.maxInflight} jobs queued or running; poll them to completion before submitting more.`, {
          extensions: { max_inflight: limits.maxInflight },
        });
      }
      if (outcome === 'queue_full') {
        throw new SvcError('SVC_QUEUE_FULL', `The service job queue holds its capacity of ${limits.queueCapacity} jobs.`, {
          extensions: { queue_capacity: limits.queueCapacity },
        });
      }
      if (queue) {
        // Stored and charged: a dispatch that fails now is made by the workers' reconciliation.
        await queue.dispatch([{ jobId, attempts: 0 }]).catch((e: unknown) => process.stderr.write(`[svc-jobs] job ${jobId} stored; its dispatch failed (${e instanceof Error ? e.message : String(e)}), the workers pick it up from the store\n`));
      } else void pump();
      return ack;
    },
    async get(jobId, reader, waitSeconds = 0, opts) {
      let row = await read(jobId, reader);
      const waitMs = Math.min(Math.max(0, waitSeconds), limits.maxWaitSeconds) * 1000;
      if (waitMs > 0 && !TERMINAL_JOB_STATUSES.includes(row.status)) {
        await waitForEnd(jobId, waitMs, opts?.orProgress === true);
        row = (await store.getJob(jobId)) ?? row;
      }
      return view(row);
    },
    async cancel(jobId, reader) {
      const row = await read(jobId, reader);
      if (TERMINAL_JOB_STATUSES.includes(row.status)) return view(row);
      await store.requestJobCancel(jobId);
      // Queued: cancelled here and refunded in full, in one step.
      if (await end(jobId, { status: 'cancelled', at: clock(), billedUnits: 0 }, ['queued'])) {
        ended(jobId);
        return view((await store.getJob(jobId))!);
      }
      const a = active.get(jobId);
      // The engine polls the cancel flag in its inner loops and returns its best so far; one that
      // does not within the grace has its worker thread terminated (the job ends cancelled).
      if (a) await stopActive(a);
      else if (queue) {
        // Running in another process: its runner hears the request now (and reads the flag from
        // the store at its next tick if the event is lost) and acknowledges it; answered once it
        // has stopped. No acknowledgement (its worker was just killed, or the event was lost):
        // answered at once with the job as it stands (`cancel_requested`); the flag is in the row,
        // so the lease's requeue or the runner's next tick ends it cancelled.
        if (await ackedWithin(jobId, CANCEL_ACK_MS, () => queue.publish({ t: 'cancel', id: jobId }))) {
          await waitForEnd(jobId, 2 * STOP_GRACE_MS + 1_000);
        }
      }
      return view((await store.getJob(jobId))!);
    },
    async depth() {
      const [queued, running] = await Promise.all([store.countJobs('queued'), store.countJobs('running')]);
      return { queued, running };
    },
    running: () => active.size,
    ready() {
      if (closed) return false;
      if (queue && !queue.ready()) return false;
      return pool === null || pool.threads > 0;
    },
    reconcile,
    wakeAll() {
      draining = true;
      for (const id of [...waiters.keys()]) notify(id);
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(ticker);
      if (reconciler) clearInterval(reconciler);
      await recovered.catch(() => undefined);
      for (const a of active.values()) Atomics.store(a.cancel, 0, CANCEL_FLAG);
      for (const id of [...waiters.keys()]) notify(id);
      // A solver that ignores its cancel must not hold the shutdown: its thread is terminated.
      await Promise.all([...active.values()].map(async (a) => {
        if (!(await settlesWithin(a.done, STOP_GRACE_MS))) a.stop.abort();
        await a.done;
      }));
      await pumping;
      await pool?.close();
    },
  };
}
