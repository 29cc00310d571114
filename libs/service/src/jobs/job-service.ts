/**
 * The job service: queued solves persisted first, run in their own worker pool, billed once. It
 * composes four roles, each in its own file and testable alone: the producer (producer.ts:
 * estimate, submit), the runner (runner.ts: execute, billing, progress), the feed (feed.ts: the
 * store's queue embedded, the message queue distributed) and the reader (reader.ts: get,
 * long-poll, view, cancel), over the state they share in this process (job-room.ts).
 */
import type { UsageAlert } from '@svc/contracts';
import type { Command } from '@svc/engine-ts';
import type { Store } from '@svc/store';
import type { SolvePlan } from '../solve/plan';
import { createSolvePool, type StagingPool } from '../solve/pool';
import type { SolveQueue } from '../solve/queue';
import type { ServiceMetrics } from '../metrics';
import type { JobQueue } from '../distributed/job-queue';
import type { JobLimits } from './job-config';
import { createJobRoom } from './job-room';
import { createJobProducer } from './producer';
import { createJobRunner, type JobDone } from './runner';
import { createJobFeed } from './feed';
import { createJobReader, type JobReaders } from './reader';
import { estimateWork, type WorkEstimate } from '../solve/work-model';

export type { QueuedAck, SolveOutcome } from '../solve/types';
export { isQueued } from '../solve/types';
export type { JobProgress, JobReader, JobView } from './job-view';
export type { JobDone } from './runner';

export interface JobService extends SolveQueue, JobReaders {
  readonly limits: JobLimits;
  /** Work estimate of a plan and whether it would be queued. */
  estimate(plan: SolvePlan): WorkEstimate & { queued: boolean };
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

/** Periodic work: jobs submitted by other processes, cancel requests made elsewhere, progress. */
const TICK_MS = 1000;

/** Creates the runner of queued solves over the store: persist first, run in its own worker pool, bill once. */
export function createJobService(deps: JobServiceDeps): JobService {
  const { store, limits, clock } = deps;
  const queue = deps.queue?.queue ?? null;
  /** This process runs jobs (embedded, a node without Redis, or a worker); a producer only stores and dispatches them. */
  const runsJobs = deps.queue?.role !== 'producer';
  const pool: StagingPool | null = runsJobs
    ? createSolvePool({ engine: deps.engine, threads: limits.concurrency, maxQueue: limits.concurrency, workerFile: deps.workerFile })
    : null;
  const room = createJobRoom(queue);
  const estimateOf = (plan: SolvePlan) => plan.estimate ?? estimateWork({
    command: plan.command, problem: plan.prep.problem, effort: plan.effort, units: plan.units,
    maxLatencyMs: plan.maxLatencyMs, engine: deps.engineKindFor(plan.command), version: plan.version,
  });
  const runner = createJobRunner({
    store, clock, pool, engineKindFor: deps.engineKindFor, sandboxMaxN: deps.sandboxMaxN, usageAlert: deps.usageAlert,
    metrics: deps.metrics, onDone: deps.onDone, queue, room, estimateOf, freed: () => void feed.pump(),
  });
  const producer = createJobProducer({ store, limits, clock, queue, room, estimateOf, wake: () => void feed.pump() });
  const reader = createJobReader({ store, limits, clock, queue, room, runner });

  const feed = createJobFeed({ store, limits, clock, queue: deps.queue ?? null, room, runner });
  const ticker = setInterval(() => {
    if (room.closed) return;
    void feed.pump();
    runner.tick();
  }, TICK_MS);
  ticker.unref();

  return {
    limits,
    estimate: producer.estimate,
    submit: producer.submit,
    get: reader.get,
    cancel: reader.cancel,
    ending: reader.ending,
    async depth() {
      const [queued, running] = await Promise.all([store.countJobs('queued'), store.countJobs('running')]);
      return { queued, running };
    },
    running: () => room.active.size,
    ready() {
      if (room.closed) return false;
      if (queue && !queue.ready()) return false;
      return pool === null || pool.threads > 0;
    },
    reconcile: feed.reconcile,
    wakeAll() {
      room.draining = true;
      room.wakes.notifyAll();
    },
    async close() {
      if (room.closed) return;
      room.closed = true;
      clearInterval(ticker);
      await feed.close();
      await runner.stopAll();
      await pool?.close();
    },
  };
}
