/**
 * The distributed mode's queue (issue 24): with `SVC_REDIS_URL` set, queued jobs are dispatched
 * through BullMQ on Redis to worker processes (`apps/worker`), and job events (ended, cancel
 * requested) cross processes on one Redis pub/sub channel.
 *
 * PostgreSQL stays the truth: a job is a row written (and charged) before it is dispatched, and a
 * BullMQ message only says "run job X". Delivery is at least once; the run is idempotent because
 * only the worker that claims the queued row (a conditional update) runs it, and its end, refund
 * and usage commit in the store's transaction. A message lost from Redis (a restart without
 * persistence) or a row requeued by a lease recovery is dispatched again by the workers'
 * reconciliation, which hands every queued row to BullMQ again (BullMQ ignores an id it holds).
 */
import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { createRedisClient } from './redis-client';

/** An event about one job, published to every node and worker. */
export interface JobEvent {
  /**
   * `ended`: the job reached a terminal state; `cancel`: a cancel was requested (the runner stops
   * it); `cancelling`: a runner heard the cancel and is stopping the job (the node that asked
   * waits for the end only then); `progress`: the runner stored a new engine progress report
   * (watchers re-read the job).
   */
  readonly t: 'ended' | 'cancel' | 'cancelling' | 'progress';
  readonly id: string;
}

export interface JobQueueOptions {
  /** `redis://[user:password@]host:port[/db]` (or `rediss://`). */
  readonly url: string;
  /** Key prefix of the queue and channel name (default `svc`); nodes and workers of one deployment share it. */
  readonly prefix?: string;
}

/** What the job service needs of the queue on every process. */
export interface JobQueue {
  /** True while the producer connection is up (readiness; a node refuses queued work otherwise). */
  ready(): boolean;
  /**
   * Hands stored queued jobs to the workers. One message per run (job and attempts so far): a
   * second dispatch of a run Redis still holds is ignored, and a job requeued after its worker died
   * is a new message at once (the dead worker's message, handed on later, finds the job taken).
   */
  dispatch(jobs: readonly { readonly jobId: string; readonly attempts: number }[]): Promise<void>;
  /** Publishes an event to every process (best effort: a lost event costs a slower wake-up, not a wrong state). */
  publish(e: JobEvent): void;
  /** Calls `f` for every event published by any process, this one included. */
  onEvent(f: (e: JobEvent) => void): void;
  /**
   * Worker processes: runs `process(jobId)` for dispatched jobs, `concurrency` at a time. A
   * rejected promise is retried (at least once delivery) after `retryDelayMs`.
   */
  consume(process: (jobId: string) => Promise<void>, concurrency: number): void;
  /** Jobs waiting in Redis (queue depth as BullMQ sees it). */
  waiting(): Promise<number>;
  close(): Promise<void>;
}

const QUEUE = 'jobs';

/** How long a worker's hold on a BullMQ message lasts without renewal (a SIGKILLed worker's message is handed on after this plus one stalled check). */
export const LOCK_MS = 10_000;
const STALLED_CHECK_MS = 5_000;
/** Delay before a message whose run failed (store unreachable, row still claimed elsewhere) is tried again. */
export const RETRY_DELAY_MS = 1_000;

/** How long closing one BullMQ object may take before its connections are simply dropped. */
const CLOSE_MS = 2_000;

async function withTimeout(p: Promise<unknown> | undefined, ms: number): Promise<void> {
  if (!p) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([p.catch(() => undefined), new Promise<void>((r) => (timer = setTimeout(r, ms)))]);
  clearTimeout(timer);
}

/** Opens the queue's connections (lazily connected; `ready()` says when they are up). */
export function createJobQueue(opts: JobQueueOptions): JobQueue {
  const prefix = opts.prefix ?? 'svc';
  const channel = `${prefix}:job-events`;
  let closed = false;
  // One client per role (redis-client.ts): the producer fails fast while Redis is down (no
  // offline queue), so a node refuses queued work at once instead of holding the request; outages
  // are logged once by the client.
  const producer = createRedisClient(opts.url, 'queue');
  const queue = new Queue(QUEUE, { connection: producer, prefix });
  queue.on('error', () => undefined); // reported once by the connection's own handler
  const publisher = producer;
  let subscriber: Redis | null = null;
  const listeners: ((e: JobEvent) => void)[] = [];
  let worker: Worker | null = null;
  let workerConnection: Redis | null = null;

  return {
    ready() {
      return !closed && producer.status === 'ready';
    },
    async dispatch(jobs) {
      if (jobs.length === 0) return;
      await queue.addBulk(jobs.map((j) => ({
        name: 'run',
        data: { jobId: j.jobId },
        opts: {
          jobId: `${j.jobId}-${j.attempts}`,
          // Retried until it runs: a failed attempt is an infrastructure fault (the job's own
          // failure ends its row `failed` and the message completes).
          attempts: 1_000_000,
          backoff: { type: 'fixed', delay: RETRY_DELAY_MS },
          removeOnComplete: true,
          removeOnFail: true,
        },
      })));
    },
    publish(e) {
      if (closed) return;
      publisher.publish(channel, JSON.stringify(e)).catch(() => undefined);
    },
    onEvent(f) {
      listeners.push(f);
      if (subscriber) return;
      subscriber = createRedisClient(opts.url, 'events');
      // Subscribed on every (re)connection here, not by ioredis (see the `events` role).
      const sub = subscriber;
      sub.on('ready', () => {
        if (!closed) sub.subscribe(channel).catch(() => undefined);
      });
      subscriber.on('message', (ch: string, text: string) => {
        if (ch !== channel) return;
        let e: JobEvent;
        try {
          e = JSON.parse(text) as JobEvent;
        } catch {
          return;
        }
        if ((e.t !== 'ended' && e.t !== 'cancel' && e.t !== 'cancelling' && e.t !== 'progress') || typeof e.id !== 'string') return;
        for (const l of listeners) l(e);
      });
    },
    consume(run, concurrency) {
      if (worker) throw new Error('consume() was already called');
      workerConnection = createRedisClient(opts.url, 'worker');
      worker = new Worker(QUEUE, async (job: Job<{ jobId: string }>) => run(job.data.jobId), {
        connection: workerConnection,
        prefix,
        concurrency: Math.max(1, concurrency),
        lockDuration: LOCK_MS,
        stalledInterval: STALLED_CHECK_MS,
        // A message whose worker died is handed on however often that happens; the store counts a
        // job's attempts and fails one that keeps taking its runner down (MAX_JOB_ATTEMPTS).
        maxStalledCount: 1_000_000,
      });
      worker.on('error', () => undefined);
    },
    async waiting() {
      return queue.getWaitingCount();
    },
    async close() {
      if (closed) return;
      closed = true;
      // Forced: the job service has already stopped this process's runs (their messages come back
      // to another worker); a graceful close can wait forever on a connection lost to an outage.
      await withTimeout(worker?.close(true), CLOSE_MS);
      await withTimeout(queue.close(), CLOSE_MS);
      // Connections passed in are the caller's to close (BullMQ closes only those it made).
      workerConnection?.disconnect();
      subscriber?.disconnect();
      producer.disconnect();
    },
  };
}
