/**
 * Issue-4b routes that read JSON bodies with the root parsers (plan body caps): preflight
 * (analyze, estimate, preflight), compute (routing by shape), route, verify, and the jobs.
 * Every hook runs in commands.md precedence before the body is read: route or command (404) →
 * auth (401/403) → scope and request rate (403/429) → declared body size (413).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SvcError } from '@svc/errors';
import { assertKnownQuery, assertSolvable, isQueued, type Action, type Principal, type Service } from '@svc/service';
import { overCap, PreAnalyzed } from '../internal/body-reader';
import { guard, ipRate, prefersAsync } from './guard';

const API = '/api/v1';

type Q = Record<string, unknown>;

const commandOf = (r: FastifyRequest): string => (r.params as { command?: string }).command ?? '';

const headerValue = (h: string | string[] | undefined): string | undefined => (Array.isArray(h) ? h[0] : h);

/** 404 SVC_UNSUPPORTED for any query parameter (routes that take none). */
function noQuery(query: unknown): void {
  const keys = Object.keys((query ?? {}) as Q);
  if (keys.length > 0) {
    throw new SvcError('SVC_UNSUPPORTED', `Unknown query parameter '${keys[0]}'; this route takes none.`, { extensions: { field: keys[0] } });
  }
}

function declaredSize(service: Service, request: FastifyRequest): void {
  const declared = Number(request.headers['content-length']);
  if (!Number.isFinite(declared) || !request.principal) return;
  const err = overCap(declared, {
    plan: service.bodyLimitFor(request.principal),
    absolute: service.limits.maxBodyBytes,
    sandbox: request.principal.kind === 'sandbox',
  });
  if (err) throw err;
}

function requireBody(request: FastifyRequest): unknown {
  if (request.body === undefined) {
    throw new SvcError('SVC_INVALID_INPUT', 'The request has no body; send one JSON document with Content-Type: application/json.');
  }
  return request.body;
}

/**
 * `performance.now()` when the request arrived (Fastify's start of it, before its body was read):
 * a solve's latency budget counts from here, as the request log's `ms` does.
 */
export function arrivalOf(reply: FastifyReply): number {
  return performance.now() - reply.elapsedTime;
}

/** Sends a solve outcome: 202 with `Location` for a queued job, else 200. */
export function sendOutcome(reply: FastifyReply, out: unknown): FastifyReply {
  if (isQueued(out)) return reply.code(202).header('location', out.poll).send(out);
  return reply.code(200).send(out);
}

/**
 * Credentials are optional on job routes: a sandbox job is readable by whoever holds its id. A key
 * needs the `solve` scope to read or cancel a job, as to create one.
 */
function jobReader(service: Service, action: Action, allowedQuery: readonly string[]) {
  const withKey = guard(service, action);
  const anonymous = ipRate(service);
  return async (request: FastifyRequest): Promise<void> => {
    // Unknown query parameters are 404, before auth (commands.md precedence).
    for (const k of Object.keys((request.query ?? {}) as Q)) {
      if (!allowedQuery.includes(k)) {
        throw new SvcError('SVC_UNSUPPORTED', `Unknown query parameter '${k}'; this route takes ${allowedQuery.join(', ') || 'none'}.`, { extensions: { field: k } });
      }
    }
    if (request.headers.authorization === undefined) {
      await anonymous(request);
      return;
    }
    await withKey(request);
  };
}

function waitSeconds(query: Q): number {
  const w = query.wait;
  if (w === undefined) return 0;
  if (typeof w !== 'string' || !/^[0-9]{1,6}$/.test(w)) {
    throw new SvcError('SVC_INVALID_INPUT', 'wait: expected a whole number of seconds (longer waits are cut to the server maximum, 30 s by default).', { extensions: { field: 'wait' } });
  }
  return Number(w);
}

export function solverRoutes(app: FastifyInstance, service: Service): void {
  const preflight = (action: Action, checks: (request: FastifyRequest) => void) => {
    const auth = guard(service, action);
    return async (request: FastifyRequest): Promise<void> => {
      checks(request);
      await auth(request);
      declaredSize(service, request);
    };
  };

  for (const alias of ['analyze', 'estimate', 'preflight']) {
    app.post<{ Params: { command: string }; Querystring: Q }>(`${API}/${alias}/:command`, {
      onRequest: preflight('analyze', (r) => {
        assertSolvable(commandOf(r));
        assertKnownQuery(r.query as Q);
      }),
      handler: async (request) => {
        const body = requireBody(request);
        const ctx = { principal: request.principal!, query: request.query };
        // A large body was planned off the event loop by the content parser (server.ts).
        return body instanceof PreAnalyzed ? service.analyzed(body.report, ctx) : service.analyze(request.params.command, body, ctx);
      },
    });
  }

  app.post<{ Params: { command: string }; Querystring: Q }>(`${API}/verify/:command`, {
    onRequest: preflight('analyze', (r) => {
      assertSolvable(commandOf(r));
      noQuery(r.query);
    }),
    handler: async (request) => service.verify(request.params.command, requireBody(request), request.principal!),
  });

  app.post<{ Querystring: Q }>(`${API}/route`, {
    onRequest: preflight('analyze', (r) => noQuery(r.query)),
    handler: async (request) => service.route(requireBody(request)),
  });

  app.post<{ Querystring: Q }>(`${API}/compute`, {
    onRequest: preflight('solve', (r) => assertKnownQuery(r.query as Q)),
    handler: async (request, reply) => {
      const out = await service.compute(requireBody(request), {
        principal: request.principal!,
        query: request.query,
        idempotencyKey: headerValue(request.headers['idempotency-key']),
        allowQueue: true,
        respondAsync: prefersAsync(request.headers.prefer),
        acceptedAt: arrivalOf(reply),
      });
      return sendOutcome(reply, out);
    },
  });
}

/**
 * `GET /api/v1/jobs/{id}?wait=N` and `POST /api/v1/jobs/{id}/cancel` (register inside a small-body
 * JSON plugin); `docsFor` is the base of the request's problem documents (a failed job's among them).
 */
export function jobRoutes(app: FastifyInstance, service: Service, docsFor: (request: FastifyRequest) => string): void {
  app.get<{ Params: { id: string }; Querystring: Q }>(`${API}/jobs/:id`, {
    onRequest: jobReader(service, 'solve', ['wait']),
    handler: async (request) => {
      const wait = waitSeconds(request.query);
      return service.jobs.get(request.params.id, readerOf(request), wait, { docsUrl: docsFor(request) });
    },
  });

  app.post<{ Params: { id: string }; Querystring: Q }>(`${API}/jobs/:id/cancel`, {
    onRequest: jobReader(service, 'solve', []),
    handler: async (request) => service.jobs.cancel(request.params.id, readerOf(request), { docsUrl: docsFor(request) }),
  });
}

const readerOf = (request: FastifyRequest): Principal | null => (request.headers.authorization === undefined ? null : request.principal);
