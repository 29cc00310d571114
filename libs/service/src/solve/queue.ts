/** What the solve path needs of the job queue: whether a plan queues, and submitting it (jobs/ implements it). */
import type { IdempotencyCompletion } from '@svc/store';
import type { Principal } from '../principal';
import type { SolvePlan, SolveRequest } from './plan';
import type { QueuedAck, SolveEnvelope } from './types';

/** How a heavy solve is handed to the job queue: the charge it takes over and the keyed request's answer. */
export interface JobSubmission {
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
}

/** How a job ended, as the request that queued it answers it within its sync window. */
export type JobEnding =
  | { readonly status: 'done'; readonly result: SolveEnvelope }
  /** The stored problem document of the failure. */
  | { readonly status: 'failed'; readonly error: Record<string, unknown> }
  | { readonly status: 'cancelled' };

/** What the solve path needs of the job queue (jobs/ implements it). */
export interface SolveQueue {
  /**
   * `queueThresholdWork`: the estimated work from which a solve is queued (a plan made on a solve
   * worker is compared with it); `syncWaitMs`: how long after its acceptance a queued solve waits
   * for its job to end before answering the 202.
   */
  readonly limits: { readonly queueThresholdWork: number; readonly syncWaitMs: number };
  /** Whether the plan's estimated work reaches the queue threshold. */
  estimate(plan: SolvePlan): { readonly queued: boolean };
  /**
   * Persists a queued job (charged by the caller for `plan.units` on `chargeDay`) and wakes a
   * runner. The job row takes over the charge's hold and stores a keyed request's 202 in the
   * same commit (`holdId`, `answer`). Capacity: 429 SVC_TOO_MANY_INFLIGHT, 503 SVC_QUEUE_FULL
   * (nothing stored then; the hold stays the caller's to refund).
   */
  submit(req: SolveRequest, plan: SolvePlan, ctx: JobSubmission): Promise<QueuedAck>;
  /**
   * How the job `jobId` ended, waiting up to `ms` (its end here, or another process's through the
   * store or the queue's events); null while it is queued or running, or when the service is
   * shutting down. Never throws for the store: null then, and the job stays as stored.
   */
  ending(jobId: string, ms: number): Promise<JobEnding | null>;
}
