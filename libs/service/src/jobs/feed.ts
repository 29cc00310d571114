/**
 * The feed of jobs to this process's runner: without a message queue it claims queued jobs from
 * the store while a job worker is free (embedded, or nodes sharing PostgreSQL without Redis); with
 * the distributed queue a worker runs the jobs dispatched to it and hands every queued row to the
 * queue again now and then, and every node hears the queue's events (ends, progress, cancels).
 */
import { TERMINAL_JOB_STATUSES, type Store } from '@svc/store';
import type { JobQueue } from '../distributed/job-queue';
import type { JobLimits } from './job-config';
import type { JobRoom } from './job-room';
import type { JobRunner } from './runner';

/** Workers hand every queued row to the message queue again this often (messages lost from Redis, rows requeued by a recovery). */
export const RECONCILE_MS = 10_000;

export interface JobFeedDeps {
  readonly store: Store;
  readonly limits: JobLimits;
  readonly clock: () => number;
  /** The distributed queue and this process's part in it; null: this process claims from the store. */
  readonly queue: { readonly queue: JobQueue; readonly role: 'producer' | 'worker' } | null;
  readonly room: JobRoom;
  readonly runner: Pick<JobRunner, 'start' | 'stopActive'>;
}

export interface JobFeed {
  /** Claims queued jobs from the store while a job worker is free (no-op with a message queue). */
  pump(): Promise<void>;
  /** With the queue: hands every queued row to it (no-op otherwise). */
  reconcile(): Promise<void>;
  /**
   * A dispatched message (worker role): runs the job when its row is still queued. Resolves when
   * the job needs nothing more from this message (run here, or already ended); rejects — and the
   * message comes back a second later — while another node still holds the row.
   */
  runDispatched(jobId: string): Promise<void>;
  /** The start-up recovery (running jobs of the last process requeued and fed again); never rejects. */
  readonly recovered: Promise<void>;
  /** Shutdown: stops the reconciliation and waits for a pump under way. */
  close(): Promise<void>;
}

export function createJobFeed(deps: JobFeedDeps): JobFeed {
  const { store, limits, clock, room, runner } = deps;
  const queue = deps.queue?.queue ?? null;
  let pumping: Promise<void> | null = null;
  let pumpAgain = false;
  let pumpFailing = false;

  function pump(): Promise<void> {
    if (queue) return Promise.resolve();
    if (pumping) {
      pumpAgain = true;
      return pumping;
    }
    const run = (async () => {
      do {
        pumpAgain = false;
        while (!room.closed && room.active.size < limits.concurrency) {
          const row = await store.claimJob(clock());
          if (!row) break;
          runner.start(row);
        }
      } while (pumpAgain && !room.closed);
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

  async function runDispatched(jobId: string): Promise<void> {
    for (let round = 0; round < 3; round++) {
      if (room.closed) throw new Error('this worker is stopping; the job runs elsewhere');
      const row = await store.getJob(jobId);
      if (!row || TERMINAL_JOB_STATUSES.includes(row.status)) return;
      if (row.status === 'queued') {
        const claimed = await store.claimJob(clock(), jobId);
        if (!claimed) continue;
        runner.start(claimed);
        await room.active.get(jobId)?.done;
        // Stopped by this worker's shutdown before it ended: the message comes back, and the job
        // runs on another worker once this one's lease is ended (at its store's close).
        if (room.closed) throw new Error(`job ${jobId} was interrupted by this worker's shutdown`);
        return;
      }
      // Running: claimed by a node. A dead one (lease expired) is settled now rather than at the
      // next periodic recovery, so a killed worker's job runs again as soon as its lease ends.
      if ((await store.recoverInterrupted()).requeuedJobs === 0) break;
    }
    throw new Error(`job ${jobId} is held by another runner; the message is tried again`);
  }

  async function reconcile(): Promise<void> {
    if (!queue || room.closed) return;
    await queue.dispatch(await store.queuedJobs(1000));
  }

  let reconciler: NodeJS.Timeout | null = null;
  if (queue) {
    queue.onEvent((e) => {
      if (e.t === 'ended') room.wakes.notify(e.id);
      else if (e.t === 'progress') room.wakes.notifyProgress(e.id);
      else if (e.t === 'cancelling') room.wakes.cancelAcked(e.id);
      else if (e.t === 'cancel') {
        const a = room.active.get(e.id);
        if (a) {
          // The node that asked waits for the end only once a runner says it heard the request.
          queue.publish({ t: 'cancelling', id: e.id });
          if (!a.cancelRequested) void runner.stopActive(a);
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
    .catch((e: unknown) => {
      process.stderr.write(`[svc-jobs] start-up recovery failed (${e instanceof Error ? e.message : String(e)}); the periodic one does it\n`);
    });

  return {
    pump,
    reconcile,
    runDispatched,
    recovered,
    async close() {
      if (reconciler) clearInterval(reconciler);
      await recovered;
      await pumping;
    },
  };
}
