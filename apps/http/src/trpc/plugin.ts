import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SvcError, problemDocument } from '@svc/errors';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http';
import { resolveResponse } from '@trpc/server/http';
import { TRPC_ERROR_CODES_BY_KEY, type TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { getTRPCErrorFromUnknown } from '@trpc/server';
import { createDoor, type Principal, type Service } from '@svc/service';
import { createTrpcRouter, svcErrorOf, trpcContext, type AppRouter } from './router';
import { TRPC_CODE } from './error-codes';
import { doorBodyCap } from '../routes/door-body-cap';
import { fromFastifyError } from '../internal/fastify-errors';

export const TRPC_PREFIX = '/trpc';

/** Methods the route answers: tRPC's own two, and the rest for a 405 naming the right one. */
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

type ProcedureType = 'query' | 'mutation' | 'subscription';

/** Procedures a caller without credentials may call: counted against the per-IP sandbox rate. */
const PUBLIC_PROCEDURES = new Set(['getJob', 'cancelJob']);
/** Procedures counted against the per-IP sandbox rate with or without credentials (the public manifest). */
const PER_IP_PROCEDURES = new Set(['capabilities']);

/** Whether the request is a batch call (`?batch=1`), whose path names several procedures. */
function isBatch(request: FastifyRequest): boolean {
  const batch = (request.query as Record<string, unknown> | undefined)?.batch;
  return batch === '1' || batch === 'true';
}

/** The procedures a path names: one, or several joined by commas in a batch call (`?batch=1`). */
function namesOf(request: FastifyRequest<{ Params: { path: string } }>): string[] {
  return isBatch(request) ? request.params.path.split(',') : [request.params.path];
}

/** A JSON media type, as tRPC's JSON content handler matches it (parameters and case aside). */
function isJson(contentType: string | undefined): boolean {
  return contentType !== undefined && contentType.split(';', 1)[0].trim().toLowerCase() === 'application/json';
}

/** The header tRPC puts on every answer (its content depends on these request headers). */
const TRPC_VARY = 'trpc-accept, accept';

/**
 * Mounts the tRPC router at `/trpc`. The reply's HTTP status is the SVC_ code's own (422 for
 * SVC_INVALID_INPUT, 402 for quota…), with `Retry-After` when the code carries one. Before tRPC
 * sees a request, in commands.md precedence: an unknown procedure is 404, a wrong method 405 (with
 * `Allow`: queries are GET, mutations POST), a body past the caller's plan cap 413 before it is read
 * (the solve route's check), a POST without a JSON body 422. Those replies are tRPC error documents
 * too (`error.data.problem`), so a tRPC client reads every fault the same way.
 */
export function trpcPlugin(service: Service, opts: { docsFor: (request: FastifyRequest) => string; onFault: (err: SvcError, request: { readonly method: string; readonly url: string }) => void }) {
  const { docsFor, onFault } = opts;
  const router = createTrpcRouter();
  const procedures = router._def.procedures as Record<string, { _def: { type: ProcedureType } } | undefined>;
  /** Requests whose calls were all counted against the rate by `admitWhole`, with the principal it authenticated (null: none). */
  const admitted = new WeakMap<object, Principal | null>();
  const createContext = trpcContext(createDoor(service), (ip) => service.access.admitIp(ip), (req) => admitted.has(req), (req) => admitted.get(req) ?? undefined, docsFor);
  const capped = doorBodyCap(service);

  /**
   * The tRPC error document of an SvcError (what tRPC's own errorFormatter writes), with its status;
   * `trpcCode`: the code of the TRPCError that carried it, when tRPC's procedure threw one.
   */
  const sendTrpcFault = (reply: FastifyReply, err: SvcError, path: string | undefined, trpcCode?: TRPC_ERROR_CODE_KEY): FastifyReply => {
    const problem = problemDocument(err, docsFor(reply.request));
    const code = trpcCode ?? (err.status === 405 ? 'METHOD_NOT_SUPPORTED' : TRPC_CODE[err.code]);
    reply.code(err.status).header('content-type', 'application/json');
    if (problem.retry_after !== undefined) reply.header('retry-after', String(Math.ceil(problem.retry_after)));
    // As bytes, as tRPC's own answers are sent (a string would get Fastify's `; charset=utf-8`).
    return reply.send(Buffer.from(JSON.stringify({
      error: { message: problem.detail, code: TRPC_ERROR_CODES_BY_KEY[code], data: { code, httpStatus: err.status, ...(path ? { path } : {}), problem } },
    })));
  };

  /** 404 unknown procedure, 405 wrong method (with Allow). */
  const checkCall = async (request: FastifyRequest<{ Params: { path: string } }>, reply: FastifyReply): Promise<void> => {
    const names = namesOf(request);
    const types = new Set<ProcedureType>();
    for (const name of names) {
      const p = Object.prototype.hasOwnProperty.call(procedures, name) ? procedures[name] : undefined;
      if (!p) {
        throw new SvcError('SVC_NOT_FOUND', `No tRPC procedure '${name.slice(0, 80)}'; the procedures are ${Object.keys(procedures).join(', ')}.`);
      }
      types.add(p._def.type);
    }
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const allow = types.size === 1 && types.has('query') ? 'GET' : types.size === 1 && types.has('mutation') ? 'POST' : null;
    if (allow === null) {
      throw new SvcError('SVC_INVALID_INPUT', 'A batch mixes queries (GET) and mutations (POST); send them as separate requests.');
    }
    if (method !== allow) {
      reply.header('allow', allow);
      const what = allow === 'GET' ? `a query: call it with GET ${TRPC_PREFIX}/${request.params.path.slice(0, 80)}?input=<JSON>` : `a mutation: call it with POST and the input as a JSON body`;
      throw new SvcError('SVC_ERROR', `${method} is not allowed here; '${names.join(',').slice(0, 80)}' is ${what}.`, { status: 405 });
    }
  };

  /**
   * Counts every call of the request against its rate at once, before tRPC reads and expands it:
   * past the rate the whole request is one 429 with Retry-After, and none of its calls runs. A call
   * with a credential counts against the credential's rate (a credential that does not
   * authenticate is left to each call's 401/403), `getJob` and `cancelJob` without one against the
   * IP's, `capabilities` always against the IP's; a call that needs a credential it lacks counts
   * nothing (its 401 is cheap). The calls are then not counted again (`Caller.counted`), and take
   * the principal authenticated here (`Caller.principal`) instead of checking it again. A batch
   * names its procedures in one route parameter, so it is at most 100 characters (Fastify's
   * maxParamLength; longer is 414): at most 16 calls.
   */
  const admitWhole = async (request: FastifyRequest<{ Params: { path: string } }>): Promise<void> => {
    const names = namesOf(request);
    const auth = request.headers.authorization;
    let perIp = 0;
    let perCaller = 0;
    for (const name of names) {
      if (PER_IP_PROCEDURES.has(name)) perIp++;
      else if (auth) perCaller++;
      else if (PUBLIC_PROCEDURES.has(name)) perIp++;
    }
    let principal: Principal | null = null;
    if (perCaller > 0) {
      try {
        principal = await service.authenticate(auth, { ip: request.ip });
      } catch (e) {
        if (!(e instanceof SvcError) || (e.status !== 401 && e.status !== 403)) throw e;
      }
      if (principal) await service.access.countRequests(principal, perCaller);
    }
    if (perIp > 0) await service.access.admitIp(request.ip, perIp);
    // A credential that did not authenticate here is left to each call (the door's own check, and its count).
    if (perCaller === 0 || principal !== null) admitted.set(request.raw, principal);
    // The body cap (next hook) reads the plan of this principal without authenticating again.
    if (principal !== null) request.principal = principal;
  };

  /** After the size check (size outranks the media type): a POST must carry its input as JSON. */
  const requireJson = async (request: FastifyRequest): Promise<void> => {
    if (request.method === 'POST' && request.headers['content-type'] === undefined) {
      throw new SvcError('SVC_INVALID_INPUT', 'The request has no JSON body: send the input as JSON with Content-Type: application/json.');
    }
  };

  return async (app: FastifyInstance): Promise<void> => {
    // Our own route over tRPC's request handler rather than its plugin: the plugin swaps the JSON
    // parser for its own, and the server's parser is what caps a body before it is read on.
    app.route<{ Params: { path: string } }>({
      method: [...METHODS],
      url: `${TRPC_PREFIX}/:path`,
      onRequest: [checkCall, admitWhole, capped, requireJson],
      // Faults before tRPC runs (the hooks above, the body reader): tRPC's error document.
      errorHandler: (error: FastifyError | SvcError, request, reply) => {
        const err = error instanceof SvcError ? error : fromFastifyError(error);
        if (err.status >= 500) onFault(err, request);
        return sendTrpcFault(reply, err, request.params.path?.slice(0, 200));
      },
      // tRPC's Fastify adapter (fastifyRequestHandler) with one change: the answer is read whole and
      // sent in one write with its Content-Length, not streamed chunk by chunk (a header write, a
      // chunk and a trailer per call: a third of the adapter's cost at load). Every answer here is
      // one JSON document (the router has no subscriptions; a streaming link still reads it whole).
      handler: async (req, res) => {
        // One mutation with its JSON body (every solve): the procedure is called with the body
        // Fastify parsed, through tRPC's server-side caller (the same middlewares and errorFormatter
        // document, status and headers), without tRPC's fetch Request and Response and without
        // writing the parsed body back to text for tRPC to parse again. Batches and queries go
        // through resolveResponse below.
        if (req.method === 'POST' && !isBatch(req) && req.body !== undefined && isJson(req.headers['content-type'])) {
          const path = req.params.path;
          const caller = router.createCaller(createContext({ req, res } as unknown as CreateFastifyContextOptions)) as unknown as Record<string, (input: unknown) => Promise<unknown>>;
          res.header('vary', TRPC_VARY);
          try {
            const data = await caller[path](req.body);
            return res.code(200).header('content-type', 'application/json').send(Buffer.from(JSON.stringify({ result: { data } })));
          } catch (e) {
            const error = getTRPCErrorFromUnknown(e);
            const err = svcErrorOf(error);
            if (err.status >= 500) onFault(err, req);
            return sendTrpcFault(res, err, path, error.code);
          }
        }
        const incoming = req.raw as typeof req.raw & { body?: unknown };
        incoming.body = req.body;
        const response = await resolveResponse<AppRouter>({
          router,
          req: incomingMessageToRequest(incoming, res.raw, { maxBodySize: null }),
          path: req.params.path,
          error: null,
          createContext: async (inner) => createContext({ ...inner, req, res } as unknown as CreateFastifyContextOptions),
          responseMeta({ errors }) {
            if (errors.length === 0) return {};
            const err = svcErrorOf(errors[0]);
            return { status: err.status, headers: err.retryAfter === undefined ? {} : { 'retry-after': String(Math.ceil(err.retryAfter)) } };
          },
          onError({ error }) {
            const err = svcErrorOf(error);
            if (err.status >= 500) onFault(err, req);
          },
        });
        const body = Buffer.from(await response.arrayBuffer());
        res.code(response.status);
        response.headers.forEach((value, name) => void res.header(name, value));
        return res.send(body);
      },
    });
  };
}
