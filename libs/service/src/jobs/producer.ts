/** The producer of jobs: the queueing decision (estimate) and the submit that persists a job and hands it on. */
import { randomBytes } from 'node:crypto';
import { SvcError } from '@svc/errors';
import { TAG } from '@svc/contracts';
import type { Store } from '@svc/store';
import type { Principal } from '../principal';
import type { SolvePlan } from '../solve/plan';
import type { QueuedAck } from '../solve/types';
import type { SolveQueue } from '../solve/queue';
import type { JobQueue } from '../distributed/job-queue';
import type { JobLimits } from './job-config';
import type { JobRoom } from './job-room';
import { notStarted, pollOf } from './job-view';
import type { WorkEstimate } from '../solve/work-model';
import { RawJson } from '../solve/raw-json';

/** An acceptance time kept for a job no runner of this process has started after this long is dropped (another runner took it). */
const ACCEPTED_FREE_STALE_MS = 10_000;

/**
 * The request of a job as stored: planned again by the runner that takes it. A large JSON body
 * that was never parsed on the main thread (solve/raw-json.ts) is stored as read, in the row's
 * `requestBlob`, with `raw` in place of `body`: the runner has it parsed and planned on its worker.
 */
export interface StoredRequest {
  readonly v: 1;
  readonly command?: string;
  readonly body?: unknown;
  /** The JSON body is the row's `requestBlob`, as read (its Content-Type for the parse). */
  readonly raw?: { readonly contentType?: string };
  readonly query: Readonly<Record<string, unknown>>;
  readonly principal: Principal;
}

export interface JobProducerDeps {
  readonly store: Store;
  readonly limits: JobLimits;
  readonly clock: () => number;
  /** The distributed queue the job is dispatched to, or null: a runner of the store's queue takes it. */
  readonly queue: JobQueue | null;
  readonly room: JobRoom;
  /** The work estimate of a plan (work-model.ts with this process's engine selection). */
  estimateOf(plan: SolvePlan): WorkEstimate;
  /** Wakes this process's runner (no queue: it claims from the store). */
  wake(): void;
}

export interface JobProducer extends Omit<SolveQueue, 'ending'> {
  /** Work estimate of a plan and whether it would be queued. */
  estimate(plan: SolvePlan): WorkEstimate & { queued: boolean };
}

export function createJobProducer(deps: JobProducerDeps): JobProducer {
  const { store, limits, clock, queue, room } = deps;
  return {
    limits,
    estimate(plan) {
      const e = deps.estimateOf(plan);
      return { ...e, queued: e.work >= limits.queueThresholdWork };
    },
    async submit(req, plan, ctx) {
      if (room.closed) throw new SvcError('SVC_BUSY', 'The service is shutting down.');
      if (queue && !queue.ready()) {
        // Refused rather than accepted and left waiting: the queue the workers read is unreachable.
        throw new SvcError('SVC_BUSY', 'The job queue (Redis) is unreachable from this node, so it cannot accept queued work now; synchronous solves still run.', {
          retryAfter: 5, extensions: { reason: 'queue_unavailable' },
        });
      }
      const jobId = `job_${randomBytes(16).toString('hex')}`;
      const raw = req.lane === 'json' && req.body instanceof RawJson ? req.body : null;
      const stored: StoredRequest = {
        v: 1,
        ...(req.lane === 'json' ? { command: req.command, ...(raw ? { raw: { contentType: raw.contentType } } : { body: req.body }) } : {}),
        query: { ...(ctx.query ?? {}) },
        principal: ctx.principal,
      };
      const estimate = deps.estimateOf(plan);
      const { acceptedFree } = room;
      if (ctx.acceptedAt !== undefined) {
        // Entries of jobs some other runner took (or that never ran) expire.
        for (const [id, at] of acceptedFree) if (performance.now() - at > ACCEPTED_FREE_STALE_MS) acceptedFree.delete(id);
        if (room.active.size + acceptedFree.size < limits.concurrency) acceptedFree.set(jobId, ctx.acceptedAt);
      }
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
          requestBlob: req.lane === 'svcb' ? req.bytes : raw ? raw.bytes : null,
          computeUnits: plan.units,
          chargeDay: ctx.chargeDay,
          allowance: ctx.allowance,
          createdAt: clock(),
          progress: JSON.stringify(notStarted(estimate.work)),
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
      } else deps.wake();
      return ack;
    },
  };
}
