/**
 * Persistence of queued solves (interface §2.4, §3; commands.md "Jobs"). A job is written
 * before it runs, survives restarts, and is billed exactly once: the charge is made when the job
 * is accepted and every later adjustment (refund of a failed or cancelled job) happens in the
 * same transaction as the state change that causes it, so it cannot be applied twice.
 */

import type { IdempotencyCompletion } from './idempotency-completion';

/** queued → running → done | failed | cancelled. */
export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/** The terminal states; a job never leaves them. */
export const TERMINAL_JOB_STATUSES: readonly JobStatus[] = Object.freeze(['done', 'failed', 'cancelled']);

/** A new job as the service submits it. */
export interface NewJob {
  /** `job_` + 32 hex digits (128 random bits). */
  readonly jobId: string;
  /** Principal whose daily usage was charged (the usage row's key). */
  readonly principal: string;
  /** Account allowed to read the job, or null when whoever holds the id may (sandbox jobs). */
  readonly owner: string | null;
  readonly command: string;
  /**
   * Input lane: `json` (request holds the JSON body, or, for a large body stored as it was read,
   * requestBlob holds its bytes) or `svcb` (requestBlob holds the bytes).
   */
  readonly lane: 'json' | 'svcb';
  /** JSON text of everything needed to run the job again: body (json lane, unless in requestBlob), query, principal. */
  readonly request: string;
  /**
   * The request's bytes (a large JSON body stored as read, an SVCB body). Kept apart from the job's
   * row and given only on the record `claimJob` returns (the runner's); other reads give null,
   * except for rows written before schema step 11, which keep them in their own column. Dropped
   * once the job ends.
   */
  readonly requestBlob?: Uint8Array | null;
  /** Units charged at acceptance (UTC day `chargeDay`). */
  readonly computeUnits: number;
  readonly chargeDay: string;
  /** The principal's daily allowance when accepted (for `compute_units_left` of the result). */
  readonly allowance: number;
  /** Epoch ms. */
  readonly createdAt: number;
  /** JSON text of the initial progress report (e.g. the work estimate). */
  readonly progress?: string | null;
}

/** A stored job. Times are epoch ms. */
export interface JobRecord extends Omit<NewJob, 'progress'> {
  readonly status: JobStatus;
  readonly startedAt: number | null;
  readonly finishedAt: number | null;
  /** Units finally billed (null until terminal). */
  readonly billedUnits: number | null;
  /** JSON text of the success envelope (done). */
  readonly result: string | null;
  /** JSON text of the problem document (failed). */
  readonly error: string | null;
  /** JSON text of the last progress report. */
  readonly progress: string | null;
  /** How many times a runner took the job (more than 1 after a restart). */
  readonly attempts: number;
  readonly cancelRequested: boolean;
}

/** Admission caps checked atomically with the insert. */
export interface JobAdmission {
  /** Most queued + running jobs one principal may have. */
  readonly maxInflight: number;
  /** Most queued jobs the whole service holds. */
  readonly maxQueued: number;
}

/** How a job ends: the state, what is kept, and how many of its charged units go back. */
export interface JobOutcome {
  readonly status: 'done' | 'failed' | 'cancelled';
  readonly at: number;
  readonly result?: string | null;
  readonly error?: string | null;
  readonly progress?: string | null;
  /** Units kept (≤ computeUnits); the rest is refunded to (principal, chargeDay). */
  readonly billedUnits: number;
}

/**
 * What a job insert settles in its own transaction: the held charge becomes the job's (the hold
 * is removed; the job bills itself from here) and the idempotency key stores the 202 answer.
 */
export interface JobLink {
  readonly holdId?: string;
  readonly idempotency?: IdempotencyCompletion;
}

export interface JobStore {
  /**
   * Inserts a queued job unless its principal already has `maxInflight` queued + running jobs
   * (`'inflight'`) or the service holds `maxQueued` queued jobs (`'queue_full'`); atomic.
   */
  insertJob(job: NewJob, admission: JobAdmission, link?: JobLink): Promise<'inserted' | 'inflight' | 'queue_full'>;
  getJob(jobId: string): Promise<JobRecord | null>;
  /** Moves the oldest queued job (or `jobId` when given) to running, counting an attempt. */
  claimJob(at: number, jobId?: string): Promise<JobRecord | null>;
  /**
   * Ends a job that is in one of `from` (default queued or running): stores the outcome and
   * refunds `computeUnits − billedUnits` in the same transaction. False when the job was not in
   * `from` (already ended by someone else): nothing changes then. A running job is ended only by
   * the node that claimed it (distributed: a node that outlived its lease, whose job was requeued
   * and claimed by another node, gets false).
   */
  finishJob(jobId: string, outcome: JobOutcome, from?: readonly JobStatus[]): Promise<boolean>;
  /** Marks a queued or running job for cancellation; returns the row (null when unknown). */
  requestJobCancel(jobId: string): Promise<JobRecord | null>;
  updateJobProgress(jobId: string, progress: string): Promise<void>;
  /**
   * Crash recovery: every running job of a dead owner goes back to queued (it will run again, not
   * be charged again). Embedded: every running job; distributed: those claimed by nodes whose
   * lease expired (`Store.recoverInterrupted` settles their other leftovers in the same step).
   */
  requeueRunningJobs(): Promise<number>;
  /** Number of jobs in `status`, service-wide. */
  countJobs(status: JobStatus): Promise<number>;
  /**
   * Up to `limit` queued jobs, oldest first, with their attempts so far: the distributed queue's
   * reconciliation hands them to the message queue again (a message lost from Redis, or a job
   * requeued by a lease recovery; the attempt count makes the requeued run a new message).
   */
  queuedJobs(limit: number): Promise<{ jobId: string; attempts: number }[]>;
  /** `createdAt` (epoch ms) of the oldest queued job service-wide, or null when none is queued (the queue-age metric). */
  oldestQueuedJobAt(): Promise<number | null>;
  /** A principal's newest jobs first. */
  listJobs(principal: string, limit: number): Promise<JobRecord[]>;
}
