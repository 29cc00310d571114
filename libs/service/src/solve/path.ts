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
import { runPlan } from './run';
import type { SolvePool, StagingPool } from './pool';
import { RawJson } from './raw-json';
import { stagedPlan, type StagedPlan } from './staged-plan';
import { KnownFingerprint } from '../idempotency';
import { stageMark } from './stage-marks';
import type { DirectLane } from './direct-lane';

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
  /** The direct lane of tiny native solves (solve/direct-lane.ts), when on. */
  readonly direct?: DirectLane;
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
  const { access, pool, jobs, metrics, engineKindFor, sandboxMaxN, direct } = deps;

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
    stageMark('admitted');
    try {
      if (admission.cached) {
        const envelope = envelopeFromCache(admission.cached, {
          units: plan.units, left: admission.left, alert: admission.usageAlert, version: plan.version, engine,
          effort: plan.effort, seed: plan.seed, maxLatencyMs: plan.maxLatencyMs, totalMs: performance.now() - t0, certificate: plan.certificate,
        });
        await admission.settle({ receipt: admission.cached.receipt, cacheable: null, answer: claim?.completion(200, envelope) });
        return envelope;
      }
      // A heavy solve is persisted and queued; from here the job bills itself (jobs/).
      queued = await queueIfHeavy(req, plan, ctx, admission.charge, claim, t0);
      if (queued) {
        admission.handOver();
      } else {
        const out = await runPlan(plan, { pool: staged?.pool ?? pool, direct: staged ? undefined : direct, engineKindFor, metrics }, {
          t0, lane: 'sync', cancel: staged?.cancel, billing: () => ({ left: admission.left, alert: admission.usageAlert }),
        });
        await admission.settle({ receipt: out.envelope.receipt, cacheable: out.cacheable, answer: claim?.completion(200, out.envelope) });
        stageMark('settled');
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
   * A large JSON body still in its bytes (RawJson): parsed, validated and planned on a solve worker
   * (with an Idempotency-Key, the key's fingerprint is computed there too), which then solves it
   * there once this thread has admitted it, so this thread never parses it. A plan that queues
   * gets its bytes back (moved, not copied) and stores them in its job unparsed; the job's runner
   * has them planned on its own worker. Only when the worker could not plan it (a fault of ours)
   * do the bytes take the parsed path.
   */
  async function solveRaw(command: string, raw: RawJson, ctx: SolveContext): Promise<SolveOutcome> {
    assertRoutable({ lane: 'json', command, body: null }, ctx.query);
    const keyed = ctx.idempotencyKey !== undefined;
    const t0 = ctx.acceptedAt ?? performance.now();
    // Unkeyed, a 403 comes before the body is parsed; keyed, after the key's claim (as on the parsed path).
    if (!keyed) access.authorize(ctx.principal, 'solve');
    const cmd = command as Command;
    const cancel = newCancelSignal().flag;
    const work = pool.stage({
      bytes: raw.bytes, contentType: raw.contentType, command, query: { ...(ctx.query ?? {}) },
      sandbox: ctx.principal.kind === 'sandbox', sandboxMaxN, engine: engineKindFor(cmd), keyed,
    }, cancel);
    let staged: StagedPlan | undefined;
    let ended = false;
    try {
      const p = await work.planned;
      stageMark('planned');
      if (p === null) {
        ended = true;
        const bytes = (await work.end(true))!;
        return await solve({ lane: 'json', command, body: parseJson(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), raw.contentType) }, ctx);
      }
      // Refused before a key would be claimed (not JSON, nested too deep; or no key at all).
      if ('refused' in p && p.fingerprint === undefined) throw p.refused;
      const out = await access.idempotency.run(ctx.principal, ctx.idempotencyKey, p.fingerprint === undefined ? null : new KnownFingerprint(p.fingerprint), async (claim) => {
        access.authorize(ctx.principal, 'solve');
        if ('refused' in p) throw p.refused;
        const s = p.summary;
        if (ctx.allowQueue && s.estimate.work >= jobs.limits.queueThresholdWork) {
          // Queued: the bytes come back and are stored in the job as they were read.
          ended = true;
          const bytes = (await work.end(true))!;
          const plan = stagedPlan(s, work, pool).plan;
          return answer({ lane: 'json', command, body: new RawJson(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), raw.contentType) }, plan, ctx, t0, claim, { cacheKey: s.cacheKey, pool: unrunnable, cancel });
        }
        staged = stagedPlan(s, work, pool);
        return answer({ lane: 'json', command, body: raw }, staged.plan, { ...ctx, allowQueue: false }, t0, claim, { cacheKey: s.cacheKey, pool: staged.pool, cancel });
      }, (b) => (isQueued(b) ? 202 : 200));
      return out.body;
    } finally {
      // Cached, refused, replayed, or failed before the solve: the worker ends the task.
      if (staged) staged.release();
      else if (!ended) void work.end(false).catch(() => undefined);
    }
  }

  async function solve(req: SolveRequest, ctx: SolveContext): Promise<SolveOutcome> {
    try {
      if (req.lane === 'json' && req.body instanceof RawJson) return await solveRaw(req.command, req.body, ctx);
      assertRoutable(req, ctx.query);
      const request = idempotencyRequestOf(req, ctx.query);
      const out = await access.idempotency.run(ctx.principal, ctx.idempotencyKey, request, async (claim) => {
        stageMark('claimed');
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

/** A queued raw plan never runs here (its job's runner plans its stored bytes again on its own worker). */
const unrunnable: SolvePool = {
  threads: 0, waiting: 0, busy: 0,
  close: async () => undefined,
  run: async () => {
    throw new Error('raw solve: a plan made for the queue was run in the request');
  },
};

/** A plan made on a solve worker (`SolvePath.solve` of a RawJson body): its cache key, the pool that runs it there, its cancel flag. */
interface Staged {
  readonly cacheKey: string;
  readonly pool: SolvePool;
  readonly cancel: Int32Array;
}
