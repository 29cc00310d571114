/**
 * The reader of jobs: a caller's view of a job (authorised to its owner), its long-poll for the
 * end (or the next progress report), and its cancel.
 */
import { SvcError, fromProblemDocument, problemDocument } from '@svc/errors';
import { TAG } from '@svc/contracts';
import { TERMINAL_JOB_STATUSES, type JobRecord, type Store } from '@svc/store';
import { STOP_GRACE_MS } from '../solve/run';
import type { JobQueue } from '../distributed/job-queue';
import type { JobLimits } from './job-config';
import type { JobRoom } from './job-room';
import { notStarted, pollOf, progressFromStore, type JobProgress, type JobReader, type JobView } from './job-view';
import type { JobRunner } from './runner';
import type { JobEnding, SolveQueue } from '../solve/queue';
import type { SolveEnvelope } from '../solve/types';

const JOB_ID = /^job_[0-9a-f]{32}$/;

/**
 * How long a cancel of a job running in another process waits for its runner to say it heard
 * the request (a `cancelling` event) before answering the job as it stands (`running`,
 * `cancel_requested: true`): a runner that was just SIGKILLed never answers, and its lease does the rest.
 */
export const CANCEL_ACK_MS = 1_500;

export interface JobReaderDeps {
  readonly store: Store;
  readonly limits: JobLimits;
  readonly clock: () => number;
  /** The distributed queue: cancels of jobs running elsewhere go through it, and its events wake long-polls. */
  readonly queue: JobQueue | null;
  readonly room: JobRoom;
  readonly runner: Pick<JobRunner, 'end' | 'stopActive' | 'progressOf'>;
}

export interface JobViewOptions {
  /** The wait also ends at the job's next progress report (watchers). */
  readonly orProgress?: boolean;
  /**
   * The base of the door's problem documents (`<docsUrl>/errors/<CODE>`, the request's own origin
   * over HTTP): a failed job's stored document is shown with its `type` on it, like every other
   * document the door answers. Absent: the document as stored.
   */
  readonly docsUrl?: string;
}

export interface JobReaders {
  /**
   * Reads a job, long-polling up to `waitSeconds` (clamped to the limit) for a terminal state;
   * with `orProgress`, also for the next progress report of its engine (watchers: gRPC WatchJob,
   * MCP job waits), at most one wake per second per job.
   */
  get(jobId: string, reader: JobReader, waitSeconds?: number, opts?: JobViewOptions): Promise<JobView>;
  /** Cancels a queued (refunded) or running (billed for the share of work done) job. */
  cancel(jobId: string, reader: JobReader, opts?: Pick<JobViewOptions, 'docsUrl'>): Promise<JobView>;
}

/** The reader's side of `SolveQueue.ending`: a job just submitted by the solve path (no authorisation). */
export interface JobReaderInternal extends JobReaders {
  ending: SolveQueue['ending'];
}

/** A stored problem document with its `type` on `docsUrl` (the document as stored without one). */
function withDocsBase(doc: Record<string, unknown>, docsUrl: string | undefined): Record<string, unknown> {
  const err = docsUrl === undefined ? null : fromProblemDocument(doc);
  return err === null ? doc : { ...doc, ...problemDocument(err, docsUrl) };
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function notFound(jobId: string): SvcError {
  return new SvcError('SVC_NOT_FOUND', `No job '${jobId.slice(0, 80)}' is visible to this caller.`, { extensions: { field: 'job_id' } });
}

function authorize(row: JobRecord | null, jobId: string, reader: JobReader): JobRecord {
  if (!row) throw notFound(jobId);
  if (row.owner === null) return row;
  if (reader === null) throw new SvcError('SVC_UNAUTHENTICATED', 'This job belongs to an account: send that account\'s API key as "Authorization: Bearer <API_KEY>".');
  if (reader.kind === 'account' && reader.accountId === row.owner) return row;
  throw notFound(jobId);
}

export function createJobReader(deps: JobReaderDeps): JobReaderInternal {
  const { store, limits, clock, queue, room, runner } = deps;

  function view(row: JobRecord, docsUrl?: string): JobView {
    const a = room.active.get(row.jobId);
    let progress: JobProgress | null = row.progress ? progressFromStore(row.progress) : null;
    if (row.status === 'running' && a?.plan) progress = runner.progressOf(a, 'estimated_from_elapsed_time');
    if (row.status === 'queued') progress = notStarted(progress?.estimated_work ?? 0);
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
    if (row.status === 'failed' && row.error) v.error = withDocsBase(JSON.parse(row.error) as Record<string, unknown>, docsUrl);
    return v;
  }

  /** Resolves when the job is terminal, `ms` have passed, or the service wakes every waiter. */
  async function waitForEnd(jobId: string, ms: number, orProgress = false): Promise<void> {
    const deadline = Date.now() + ms;
    while (!room.closed && !room.draining) {
      const left = deadline - Date.now();
      if (left <= 0) return;
      const row = await store.getJob(jobId);
      if (!row || TERMINAL_JOB_STATUSES.includes(row.status)) return;
      // Woken at once by this process's runner; the timeout re-reads the store for other runners.
      // Without a queue, other runners' ends are seen by re-reading; with one, the event wakes us
      // and the re-read only covers a lost event.
      if (await room.wakes.waitOnce(jobId, Math.min(left, queue ? 5_000 : 500), orProgress)) return;
    }
  }

  async function read(jobId: string, reader: JobReader): Promise<JobRecord> {
    if (!JOB_ID.test(jobId)) throw notFound(jobId);
    return authorize(await store.getJob(jobId), jobId, reader);
  }

  function endingOf(row: JobRecord | null): JobEnding | null {
    if (row?.status === 'done' && row.result) return { status: 'done', result: JSON.parse(row.result) as SolveEnvelope };
    if (row?.status === 'failed' && row.error) return { status: 'failed', error: JSON.parse(row.error) as Record<string, unknown> };
    if (row?.status === 'cancelled') return { status: 'cancelled' };
    return null;
  }

  return {
    async ending(jobId, ms) {
      try {
        await waitForEnd(jobId, ms);
        return endingOf(await store.getJob(jobId));
      } catch {
        // The store away: the job is stored and ends in its own time; the caller answers its 202.
        return null;
      }
    },
    async get(jobId, reader, waitSeconds = 0, opts) {
      let row = await read(jobId, reader);
      const waitMs = Math.min(Math.max(0, waitSeconds), limits.maxWaitSeconds) * 1000;
      if (waitMs > 0 && !TERMINAL_JOB_STATUSES.includes(row.status)) {
        await waitForEnd(jobId, waitMs, opts?.orProgress === true);
        row = (await store.getJob(jobId)) ?? row;
      }
      return view(row, opts?.docsUrl);
    },
    async cancel(jobId, reader, opts) {
      const row = await read(jobId, reader);
      if (TERMINAL_JOB_STATUSES.includes(row.status)) return view(row, opts?.docsUrl);
      await store.requestJobCancel(jobId);
      // Queued: cancelled here and refunded in full, in one step.
      if (await runner.end(jobId, { status: 'cancelled', at: clock(), billedUnits: 0 }, ['queued'])) {
        room.wakes.ended(jobId);
        return view((await store.getJob(jobId))!, opts?.docsUrl);
      }
      const a = room.active.get(jobId);
      // The engine polls the cancel flag in its inner loops and returns its best so far; one that
      // does not within the grace has its worker thread terminated (the job ends cancelled).
      if (a) await runner.stopActive(a);
      else if (queue) {
        // Running in another process: its runner hears the request now (and reads the flag from
        // the store at its next tick if the event is lost) and acknowledges it; answered once it
        // has stopped. No acknowledgement (its worker was just killed, or the event was lost):
        // answered at once with the job as it stands (`cancel_requested`); the flag is in the row,
        // so the lease's requeue or the runner's next tick ends it cancelled.
        if (await room.wakes.ackedWithin(jobId, CANCEL_ACK_MS, () => queue.publish({ t: 'cancel', id: jobId }))) {
          await waitForEnd(jobId, 2 * STOP_GRACE_MS + 1_000);
        }
      }
      return view((await store.getJob(jobId))!, opts?.docsUrl);
    },
  };
}
