/** Shape routing: `POST /api/v1/route` (ranked candidates, free) and `POST /api/v1/compute` (route, then solve). */
import { SvcError } from '@svc/errors';
import { TAG } from '@svc/contracts';
import type { Command } from '@svc/engine-ts';
import { SOLVABLE_COMMANDS, assertKnownQuery } from './solve/plan';
import type { SolvePath } from './solve/path';
import type { SolveContext } from './solve/types';
import type { SolveOutcome } from './solve/types';
import { routeCandidates, routeProblem, splitComputeBody, type RouteCandidate } from './route-problem';

/** `POST /api/v1/route`. */
export interface RouteReport {
  tag: string;
  candidates: RouteCandidate[];
}

export interface ComputeApi {
  /** Routes a bare problem by shape (with `contract.requirements.max_latency_ms`), then solves it. */
  compute(body: unknown, ctx: SolveContext): Promise<SolveOutcome & { routed: Omit<RouteCandidate, 'available'> }>;
  /** Ranked command candidates for a bare problem (free). */
  route(body: unknown): RouteReport;
}

const isSolvable = (c: Command) => SOLVABLE_COMMANDS.includes(c);

/** Compute answers through the service's one solve path. */
export function createCompute(solvePath: SolvePath): ComputeApi {
  return {
    async compute(body, ctx) {
      assertKnownQuery(ctx.query);
      const { problem, contract } = splitComputeBody(body, { sandbox: ctx.principal.kind === 'sandbox' });
      const candidates = routeProblem(problem, isSolvable);
      const top = candidates[0];
      if (!top) {
        const fields = Object.keys(problem).filter((k) => !['tag', 'description', 'n', 'version'].includes(k));
        throw new SvcError('SVC_INVALID_INPUT', `No command accepts a problem with the fields ${fields.join(', ') || '(none)'}; POST /api/v1/route lists candidates and GET /api/v1/formulate/<command> shows each shape.`, {
          extensions: { field: '(root)' },
        });
      }
      if (!top.available) {
        throw new SvcError('SVC_UNSUPPORTED', `The problem's shape is '${top.command}' (${top.why}), which is not available yet on this service; available now: ${SOLVABLE_COMMANDS.join(', ')}.`);
      }
      let query: Record<string, unknown> = { ...(ctx.query ?? {}) };
      if (contract.maxLatencyMs !== undefined) {
        if (query.max_latency_ms !== undefined && Number(query.max_latency_ms) !== contract.maxLatencyMs) {
          throw new SvcError('SVC_INVALID_INPUT', `max_latency_ms: the query value ${String(query.max_latency_ms)} disagrees with contract.requirements.max_latency_ms ${contract.maxLatencyMs}`, {
            extensions: { field: 'max_latency_ms' },
          });
        }
        query = { ...query, max_latency_ms: String(contract.maxLatencyMs) };
      }
      const out = await solvePath.solve({ lane: 'json', command: top.command, body: problem }, { ...ctx, query, allowQueue: ctx.allowQueue ?? true });
      return { ...out, routed: { command: top.command, confidence: top.confidence, why: top.why } };
    },
    route(body) {
      return { tag: TAG, candidates: routeCandidates(body, isSolvable) };
    },
  };
}
