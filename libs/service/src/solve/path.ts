import { SvcError, fromProblemDocument, toSvcError } from '@svc/errors';
import { newCancelSignal, type Command } from '@svc/engine-ts';
import { parseJson } from '../door/json-body';
import type { Access } from '../access';
import type { KeyClaim } from '../idempotency';
import type { Charge } from '../limits/meter';
import { envelopeFromCache } from '../result-cache';
import { isQueued, type QueuedAck, type SolveContext, type SolveOutcome } from './types';
import type { SolveQueue } from './queue';
import { assertRoutable, cacheKeyOf, idempotencyRequestOf, planSolve, type SolvePlan, type SolveRequest } from './plan';
import type { ServiceMetrics } from '../metrics';
import { finishedOf, runPlan } from './run';
import type { SolvePool, StagingPool } from './pool';
import { RawJson } from './raw-json';
import type { RecheckOutcome } from './task';

export interface SolvePathDeps {
  readonly access: Access;
  /** The pool of synchronous solves (it plans large JSON bodies on its workers too). */
  readonly pool: StagingPool;
  /** Where a heavy solve is queued. */
  readonly jobs: SolveQueue;
  readonly metrics: ServiceMetrics;
  /** The engine kind that answers `command` (the service's own selection). */
  engineKindFor(command: Command): 'native' | 'ts';
  readonly sandboxMaxN: number;
}

/** The one solve path behind every front door. */
export interface SolvePath {
  /**
   * Routable checks (404) → Idempotency-Key claim → scope (403) → plan (validation, options,
   * version, units) → admission (402, cache hit, 429, 503) → queue (202) or run, verify and
   * answer (200) → usage log and cache. Every failure is an `SvcError`, and a failed solve is
   * refunded. Only the preparation of the problem differs between the JSON and SVCB lanes.
   */
  solve(req: SolveRequest, ctx: SolveContext): Promise<SolveOutcome>;
}

export function createSolvePath(deps: SolvePathDeps): SolvePath {
  const { access, pool, jobs, metrics, engineKindFor, sandboxMaxN } = deps;

  /**
   * Admission, then the cached answer, a queued job, or a run in the pool; settles or refunds.
   * `staged`: the plan was made on a solve worker, which holds the problem and solves it there.
   */
  async function answer(req: SolveRequest, plan: SolvePlan, ctx: SolveContext, t0: number, claim: KeyClaim | null, staged?: Staged): Promise<SolveOutcome> {
    const { principal } = ctx;
    const engine = engineKindFor(plan.command);
    let queued: QueuedAck | null;
    // Quota (402) → result cache → compute budget (429) → safe mode (503), refunded when refused.
    const admission = await access.admitSolve(principal, {
      command: plan.command, units: plan.units, waiting: pool.waiting, cacheKey: staged?.cacheKey ?? cacheKeyOf(plan, engine),
    });
    try {
      if (admission.cached) {
        const envelope = envelopeFromCache(admission.cached, {
          units: plan.units, left: admission.left, alert: admission.usageAlert, version: plan.version, engine,
          effort: plan.effort, seed: plan.seed, maxLatencyMs: plan.maxLatencyMs, totalMs: performance.now() - t0,
        });
        await admission.settle({ receipt: admission.cached.receipt, cacheable: null, answer: claim?.completion(200, envelope) });
        return envelope;
      }
      // A heavy solve is persisted and queued; from here the job bills itself (jobs/).
      queued = await queueIfHeavy(req, plan, ctx, admission.charge, claim, t0);
      if (queued) {
        admission.handOver();
      } else {
        const out = await runPlan(plan, { pool: staged?.pool ?? pool, engineKindFor, metrics }, {
          t0, lane: 'sync', cancel: staged?.cancel, billing: () => ({ left: admission.left, alert: admission.usageAlert }),
        });
        await admission.settle({ receipt: out.envelope.receipt, cacheable: out.cacheable, answer: claim?.completion(200, out.envelope) });
        return out.envelope;
      }
    } catch (e) {
      // A failed solve is never billed; the original fault is what the caller needs to see.
      await admission.abort();
      throw e;
    }
    // A keyed request keeps its 202: it is stored with the job, and a replay answers the same.
    return claim || ctx.respondAsync ? queued : withinSyncWindow(queued, t0);
  }

  /**
   * The sync window: a solve queued by its estimate answers as a solve in the request would when
   * its job ends within `syncWaitMs` of the acceptance: 200 with the job's result (billed once, by
   * the job), or the job's failure (refunded by the job); past the window, or cancelled, the 202.
   */
  async function withinSyncWindow(ack: QueuedAck, t0: number): Promise<SolveOutcome> {
    const left = t0 + jobs.limits.syncWaitMs - performance.now();
    if (left <= 0) return ack;
    const end = await jobs.ending(ack.job_id, left);
    if (end?.status === 'done') return end.result;
    if (end?.status === 'failed') throw fromProblemDocument(end.error) ?? new SvcError('SVC_ENGINE_FAILURE', `Job ${ack.job_id} failed; GET ${ack.poll} shows its problem document.`);
    return ack;
  }

  /** With `allowQueue`, a plan whose estimated work reaches the threshold is persisted as a job for the units already charged. */
  async function queueIfHeavy(req: SolveRequest, plan: SolvePlan, ctx: SolveContext, charge: Charge, claim: KeyClaim | null, t0: number): Promise<QueuedAck | null> {
    if (!ctx.allowQueue || !jobs.estimate(plan).queued) return null;
    return jobs.submit(req, plan, {
      principal: ctx.principal, query: ctx.query, chargeDay: charge.day, allowance: charge.allowance, acceptedAt: t0,
      holdId: charge.holdId, answer: claim ? (ack) => claim.completion(202, ack) : undefined,
    });
  }

  /**
   * A large JSON body still in its bytes (RawJson): parsed, validated and planned on a solve worker,
   * which then solves it there once this thread has admitted it, so this thread never parses it.
   * With an Idempotency-Key (its fingerprint is of the parsed body), or when the plan queues (a job
   * stores its request as JSON) or the worker could not plan it, the bytes come back and take the
   * parsed path.
   */
  async function solveRaw(command: string, raw: RawJson, ctx: SolveContext): Promise<SolveOutcome> {
    const parsedPath = (bytes: Uint8Array) => solve({ lane: 'json', command, body: parseJson(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), raw.contentType) }, ctx);
    assertRoutable({ lane: 'json', command, body: null }, ctx.query);
    if (ctx.idempotencyKey !== undefined) return parsedPath(raw.bytes);
    const t0 = ctx.acceptedAt ?? performance.now();
    access.authorize(ctx.principal, 'solve');
    const cmd = command as Command;
    const cancel = newCancelSignal().flag;
    const work = pool.stage({
      bytes: raw.bytes, contentType: raw.contentType, command, query: { ...(ctx.query ?? {}) },
      sandbox: ctx.principal.kind === 'sandbox', sandboxMaxN, engine: engineKindFor(cmd),
    }, cancel);
    let went = false;
    try {
      const s = await work.planned;
      if (s === null || (ctx.allowQueue && s.work >= jobs.limits.queueThresholdWork)) {
        went = true;
        return await parsedPath((await work.end(true))!);
      }
      let recheck: RecheckOutcome | undefined;
      const plan: SolvePlan = {
        command: s.command, lane: 'json', n: s.n, effort: s.effort, seed: s.seed, version: s.version, maxLatencyMs: s.maxLatencyMs, units: s.units,
        // The problem stays on the worker; its answer was checked there under the worker's deadline verdict.
        prep: { problem: undefined as never, terms: s.terms, receiptProblem: undefined, finish: () => finishedOf(recheck, () => { throw new Error('raw solve: no re-check from its worker'); }, recheck?.deadlineFired ?? false) },
      };
      const stagedPool: SolvePool = {
        threads: pool.threads,
        get waiting() { return pool.waiting; },
        get busy() { return pool.busy; },
        close: () => pool.close(),
        async run(task, stop) {
          went = true;
          const run = await work.go(task.stopAtEpochMs, stop);
          recheck = run.out.recheck;
          return run;
        },
      };
      return await answer({ lane: 'json', command, body: raw }, plan, { ...ctx, allowQueue: false }, t0, null, { cacheKey: s.cacheKey, pool: stagedPool, cancel });
    } finally {
      // Cached, refused at admission, or failed before the solve: the worker ends the task.
      if (!went) void work.end(false).catch(() => undefined);
    }
  }

  async function solve(req: SolveRequest, ctx: SolveContext): Promise<SolveOutcome> {
    try {
      if (req.lane === 'json' && req.body instanceof RawJson) return await solveRaw(req.command, req.body, ctx);
      assertRoutable(req, ctx.query);
      const request = idempotencyRequestOf(req, ctx.query);
      const out = await access.idempotency.run(ctx.principal, ctx.idempotencyKey, request, async (claim) => {
        // The latency budget counts from the request's acceptance (solve/deadline.ts).
        const t0 = ctx.acceptedAt ?? performance.now();
        access.authorize(ctx.principal, 'solve');
        return answer(req, planSolve(req, ctx.principal, ctx.query, { sandboxMaxN }), ctx, t0, claim);
      }, (b) => (isQueued(b) ? 202 : 200));
      return out.body;
    } catch (e) {
      throw toSvcError(e);
    }
  }

  return { solve };
}

/** A plan made on a solve worker (`SolvePath.solve` of a RawJson body): its cache key, the pool that runs it there, its cancel flag. */
interface Staged {
  readonly cacheKey: string;
  readonly pool: SolvePool;
  readonly cancel: Int32Array;
}
