/**
 * The runner of jobs: runs a claimed job in this process's worker pool to a terminal state, bills
 * it once (all of it, the share of work done when cancelled, nothing when failed) and keeps its
 * progress (in memory for views and watchers, in the store once a second for other processes).
 */
import { SvcError, isStorageFault, problemDocument, toSvcError } from '@svc/errors';
import type { UsageAlert } from '@svc/contracts';
import { CANCEL_FLAG, newCancelSignal, type Command, type EngineResult } from '@svc/engine-ts';
import { isStoreUnavailable, type JobRecord, type JobStatus, type Store } from '@svc/store';
import type { Principal } from '../principal';
import { progressReadingOf } from '../commands';
import { cacheKeyOf, planSolve, type SolvePlan, type SolveRequest } from '../solve/plan';
import { runPlan, STOP_GRACE_MS } from '../solve/run';
import { jobBudgetStart } from '../solve/deadline';
import type { StagingPool } from '../solve/pool';
import { stagedPlan, type StagedPlan } from '../solve/staged-plan';
import type { RawPlanSummary } from '../solve/raw-json';
import { parseJson } from '../door/json-body';
import type { ServiceMetrics } from '../metrics';
import type { CachedSolve, CacheKeyInput } from '../result-cache';
import type { JobQueue } from '../distributed/job-queue';
import type { Active, JobRoom } from './job-room';
import { gapOf, type JobProgress } from './job-view';
import type { StoredRequest } from './producer';
import { MS_PER_WORK, type WorkEstimate } from '../solve/work-model';

/** A job claimed more often than this (each earlier run ended with the process) fails instead of running. */
export const MAX_JOB_ATTEMPTS = 3;

/** Backoff of a runner's store write or read while the store is away (full disk, database unreachable): doubling from the first, capped. */
export const STORE_RETRY_FIRST_MS = 250;
export const STORE_RETRY_MAX_MS = 2_000;

/** Watchers of a running job wake on its engine's progress at most this often. */
const PROGRESS_WAKE_MS = 1000;

/** The store was away (a full disk, the database unreachable): the job's work is kept, never failed for it. */
const storeAway = (e: unknown) => isStoreUnavailable(e) || isStorageFault(e) || (e instanceof SvcError && e.extensions.reason === 'storage_unavailable');

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
  /** The result-cache key's input, or the key itself when the plan was made on a worker (solve/raw-json.ts). */
  readonly cacheKey: CacheKeyInput | string;
}

export interface JobRunnerDeps {
  readonly store: Store;
  readonly clock: () => number;
  /** The job workers; null in a process that runs no jobs (a producer: `end` and `stopActive` only). */
  readonly pool: StagingPool | null;
  engineKindFor(command: Command): 'native' | 'ts';
  /** Sandbox n cap used when a stored request is planned again. */
  readonly sandboxMaxN: number;
  usageAlert(used: number, limit: number, now: number): UsageAlert | undefined;
  readonly metrics: ServiceMetrics;
  /** Called once a job is done (usage log, result cache); its failure never fails the job. */
  onDone?(done: JobDone): Promise<void>;
  /** With the distributed queue, progress reports are announced to other processes' watchers. */
  readonly queue: JobQueue | null;
  readonly room: JobRoom;
  /** The work estimate of a plan (work-model.ts with this process's engine selection). */
  estimateOf(plan: SolvePlan): WorkEstimate;
  /** A job ended here and its worker is free (called on a later turn). */
  freed(): void;
}

export interface JobRunner {
  /** Runs a claimed job (its row is `running`); `room.active` holds it until it ends. */
  start(row: JobRecord): void;
  /** Ends a job in the store (from the given states), counting it in the metrics; false when nothing changed. */
  end(jobId: string, outcome: Parameters<Store['finishJob']>[1], from?: readonly JobStatus[]): Promise<boolean>;
  /** Stops a job running here: the engine polls the flag; one that does not stop within the grace loses its thread. */
  stopActive(a: Active): Promise<void>;
  /** The progress of a job running here. */
  progressOf(a: Active, basis: JobProgress['share_basis'], share?: number): JobProgress;
  /** Periodic work: cancel requests made elsewhere, and the progress of each job running here stored (and announced). */
  tick(): void;
  /** Shutdown: stops every job running here (they stay `running` in the store and run again on the next start). */
  stopAll(): Promise<void>;
}

/** True when `p` settles within `ms`. */
export async function settlesWithin(p: Promise<unknown>, ms: number): Promise<boolean> {
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

/** The answer's objective of a finished envelope, by its command's progress reading (command-module.ts `progress`). */
function objectiveIn(command: Command, envelope: Record<string, unknown>): number | null {
  const field = progressReadingOf(command)?.objectiveField;
  return field !== undefined && typeof envelope[field] === 'number' ? envelope[field] as number : null;
}

export function createJobRunner(deps: JobRunnerDeps): JobRunner {
  const { store, clock, pool, queue, room } = deps;
  const { active, acceptedFree, wakes } = room;
  /** Measured engine milliseconds per work unit, for the progress estimate of the next jobs. */
  const msPerWork: Record<'native' | 'ts', number> = { ...MS_PER_WORK };

  /**
   * The stored request planned again, and its principal (the request is parsed once: it may be
   * megabytes). A large JSON body stored as read (producer.ts `StoredRequest.raw`) is parsed and
   * planned on a job worker, which keeps the problem and solves it there (`staged`): this thread
   * never parses it. A refusal is the SvcError planSolve would throw.
   */
  async function planOf(row: JobRecord, cancel: Int32Array): Promise<{ plan: SolvePlan; principal: Principal; staged?: StagedPlan; start?: RawPlanSummary['start']; cacheKey?: string }> {
    const req = JSON.parse(row.request) as StoredRequest;
    const command = req.command ?? row.command;
    if (row.lane === 'json' && req.raw !== undefined) {
      const bytes = row.requestBlob ?? new Uint8Array(0);
      const work = pool!.stage({
        bytes, contentType: req.raw.contentType, command, query: { ...req.query },
        sandbox: req.principal.kind === 'sandbox', sandboxMaxN: deps.sandboxMaxN, engine: deps.engineKindFor(command as Command),
      }, cancel);
      const p = await work.planned.catch((e: unknown) => {
        void work.end(false).catch(() => undefined);
        throw e;
      });
      if (p !== null && 'refused' in p) {
        void work.end(false).catch(() => undefined);
        throw p.refused;
      }
      if (p !== null) {
        const staged = stagedPlan(p.summary, work, pool!);
        return { plan: staged.plan, principal: req.principal, staged, start: p.summary.start, cacheKey: p.summary.cacheKey };
      }
      // The worker could not plan it (a fault of ours): the bytes come back for this thread's own parse.
      const back = (await work.end(true))!;
      const body = parseJson(Buffer.from(back.buffer, back.byteOffset, back.byteLength), req.raw.contentType);
      return { plan: planSolve({ lane: 'json', command, body }, req.principal, req.query, { sandboxMaxN: deps.sandboxMaxN }), principal: req.principal };
    }
    const solveReq: SolveRequest = row.lane === 'svcb'
      ? { lane: 'svcb', bytes: row.requestBlob ?? new Uint8Array(0) }
      : { lane: 'json', command, body: req.body };
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
        if (room.closed) throw e;
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
        if (room.closed || !storeAway(e)) throw e;
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
    const command = row.command as Command;
    let staged: StagedPlan | undefined;
    try {
      const planned = await planOf(row, a.cancel);
      const { plan, principal } = planned;
      staged = planned.staged;
      a.plan = plan;
      const t0 = jobBudgetStart(acceptedAt, startedPerf, plan.maxLatencyMs);
      a.estimate = deps.estimateOf(plan);
      const known = staged ? planned.start : progressReadingOf(plan.command)?.start?.(plan.prep);
      if (known) {
        a.bound = known.bound;
        a.warmObjective = known.warmObjective;
      }
      // Progress is a hint: a write the store refuses never fails the job.
      await store.updateJobProgress(row.jobId, JSON.stringify(progressOf(a, 'estimated_from_elapsed_time', 0))).catch(() => undefined);
      const out = await runPlan(plan, { pool: staged?.pool ?? pool!, engineKindFor: deps.engineKindFor, metrics: deps.metrics }, {
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
            wakes.notifyProgress(row.jobId);
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
        cacheKey: planned.cacheKey ?? cacheKeyOf(plan, kind),
      };
      if (a.estimate.basis === 'engine_budget' && a.estimate.work > 0 && plan.maxLatencyMs === 0 && !a.cancelRequested) {
        // Throughput for the next jobs' progress estimates (exponential average).
        const measured = out.result.engineMs / a.estimate.work;
        if (Number.isFinite(measured) && measured > 0) msPerWork[kind] = 0.7 * msPerWork[kind] + 0.3 * measured;
      }
    } catch (e) {
      staged?.release();
      if (room.closed) return;
      if (storeAway(e) && !a.cancelRequested) {
        // Never failed because the store was away: the job runs again on this worker once it answers.
        process.stderr.write(`[svc-jobs] job ${row.jobId}: the store was away while it ran (${e instanceof Error ? e.message : String(e)}); it runs again once the store answers\n`);
        await untilStored(row.jobId, 'the job', () => store.getJob(row.jobId));
        if (!room.closed) await execute(row, a);
        return;
      }
      if (!a.cancelRequested) {
        const doc = problemDocument(toSvcError(e));
        await endDurably(row.jobId, { status: 'failed', at: clock(), error: JSON.stringify(doc), billedUnits: 0 });
        return;
      }
    }
    if (room.closed) return;
    if (a.cancelRequested) {
      // Bill the share of the work the engine did before it stopped; unknown share bills nothing.
      const share = result && a.estimate?.steps ? Math.min(1, result.work.iterations / Math.max(1, a.estimate.steps)) : 0;
      const billed = Math.min(row.computeUnits, Math.ceil(row.computeUnits * share));
      const base = progressOf(a, result ? 'engine_work' : 'estimated_from_elapsed_time', share);
      const best = envelope ? objectiveIn(command, envelope) : base.best;
      const progress: JobProgress = { ...base, share, best, gap: gapOf(best, base.bound) };
      await endDurably(row.jobId, { status: 'cancelled', at: clock(), billedUnits: billed, progress: JSON.stringify(progress) });
      return;
    }
    const env = envelope!;
    const best = objectiveIn(command, env);
    const bound = typeof env.bound === 'number' ? env.bound : null;
    const progress: JobProgress = {
      ...progressOf(a, 'engine_work', 1),
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
      share: shareDone,
      share_basis: e ? 'engine_progress' : basis,
      best,
      bound,
      estimated_work: a.estimate?.work ?? 0,
      elapsed_ms: Math.round(elapsed),
      gap: gapOf(best, bound),
      work: e ? e.work : null,
    };
  }

  async function stopActive(a: Active): Promise<void> {
    a.cancelRequested = true;
    Atomics.store(a.cancel, 0, CANCEL_FLAG);
    if (!(await settlesWithin(a.done, STOP_GRACE_MS))) {
      a.stop.abort();
      await settlesWithin(a.done, STOP_GRACE_MS);
    }
  }

  return {
    start(row) {
      let settle!: () => void;
      const done = new Promise<void>((r) => (settle = r));
      const a: Active = { cancel: newCancelSignal().flag, stop: new AbortController(), cancelRequested: false, startedPerf: performance.now(), bound: null, warmObjective: null, done };
      active.set(row.jobId, a);
      execute(row, a)
        .catch((e) => process.stderr.write(`[svc-jobs] job ${row.jobId} could not be finalised: ${e instanceof Error ? e.message : String(e)}\n`))
        .finally(() => {
          active.delete(row.jobId);
          wakes.ended(row.jobId);
          settle();
          // The next job starts after this turn: its start (re-planning a large problem) must not
          // hold the answers of the long-polls just woken for this one.
          setImmediate(() => {
            if (!room.closed) deps.freed();
          });
        });
    },
    end,
    stopActive,
    progressOf,
    tick() {
      for (const [jobId, a] of active) {
        void store.getJob(jobId).then(async (row) => {
          if (row?.cancelRequested && !a.cancelRequested) {
            a.cancelRequested = true;
            Atomics.store(a.cancel, 0, CANCEL_FLAG);
          }
          if (a.plan && !room.closed) {
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
    },
    async stopAll() {
      for (const a of active.values()) Atomics.store(a.cancel, 0, CANCEL_FLAG);
      wakes.notifyAll();
      // A solver that ignores its cancel must not hold the shutdown: its thread is terminated.
      await Promise.all([...active.values()].map(async (a) => {
        if (!(await settlesWithin(a.done, STOP_GRACE_MS))) a.stop.abort();
        await a.done;
      }));
    },
  };
}
