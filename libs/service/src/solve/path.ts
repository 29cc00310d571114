import { toSvcError } from '@svc/errors';
import type { Command } from '@svc/engine-ts';
import type { Access } from '../access';
import type { KeyClaim } from '../idempotency';
import type { Charge } from '../limits/meter';
import { envelopeFromCache } from '../result-cache';
import { isQueued, type QueuedAck, type SolveContext, type SolveOutcome, type SolveQueue } from './types';
import { assertRoutable, cacheKeyOf, idempotencyRequestOf, planSolve, type SolvePlan, type SolveRequest } from './plan';
import type { ServiceMetrics } from '../metrics';
import { runPlan } from './run';
import type { SolvePool } from './pool';

export interface SolvePathDeps {
  readonly access: Access;
  /** The pool of synchronous solves. */
  readonly pool: SolvePool;
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

  /** Admission, then the cached answer, a queued job, or a run in the pool; settles or refunds. */
  async function answer(req: SolveRequest, plan: SolvePlan, ctx: SolveContext, t0: number, claim: KeyClaim | null): Promise<SolveOutcome> {
    const { principal } = ctx;
    const engine = engineKindFor(plan.command);
    // Quota (402) → result cache → compute budget (429) → safe mode (503), refunded when refused.
    const admission = await access.admitSolve(principal, {
      command: plan.command, units: plan.units, waiting: pool.waiting, cacheKey: cacheKeyOf(plan, engine),
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
      const queued = await queueIfHeavy(req, plan, ctx, admission.charge, claim, t0);
      if (queued) {
        admission.handOver();
        return queued;
      }
      const out = await runPlan(plan, { pool, engineKindFor, metrics }, {
        t0, lane: 'sync', billing: () => ({ left: admission.left, alert: admission.usageAlert }),
      });
      await admission.settle({ receipt: out.envelope.receipt, cacheable: out.cacheable, answer: claim?.completion(200, out.envelope) });
      return out.envelope;
    } catch (e) {
      // A failed solve is never billed; the original fault is what the caller needs to see.
      await admission.abort();
      throw e;
    }
  }

  /** With `allowQueue`, a plan whose estimated work reaches the threshold is persisted as a job for the units already charged. */
  async function queueIfHeavy(req: SolveRequest, plan: SolvePlan, ctx: SolveContext, charge: Charge, claim: KeyClaim | null, t0: number): Promise<QueuedAck | null> {
    if (!ctx.allowQueue || !jobs.estimate(plan).queued) return null;
    return jobs.submit(req, plan, {
      principal: ctx.principal, query: ctx.query, chargeDay: charge.day, allowance: charge.allowance, acceptedAt: t0,
      holdId: charge.holdId, answer: claim ? (ack) => claim.completion(202, ack) : undefined,
    });
  }

  return {
    async solve(req, ctx) {
      try {
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
    },
  };
}
