import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { SvcError, createFaultLog } from '@svc/errors';
import { createDoor, RawJson, stageMark, stageMarksOn, type AdmittedSolve, type Door, type Principal, type Service } from '@svc/service';
import { admitBody, declaredLength, parseJson, PreAnalyzed, readBody, type BodyCaps } from './internal/body-reader';
import { fromFastifyError, MAX_PARAM_LENGTH } from './internal/fastify-errors';
import { sendProblem, sendRoutingProblem } from './internal/problem-reply';
import { accountPlugin } from './routes/account-plugin';
import { CompactRequestLog, installObservability, requestIdOptions } from './routes/observability';
import { solverPlugin } from './routes/solver-plugin';
import { JSON_UTF8, PublicDocuments } from './routes/public-documents';
import { arrivalOf, sendOutcome } from './routes/solver-routes';
import { trpcPlugin } from './trpc/plugin';
import { mcpRoute } from './mcp-route';
import { docsRoute } from './routes/docs-route';
import { errorPagesRoute } from './routes/error-pages-route';
import { admitSolveHook, ipRate, publicOrigin } from './routes/guard';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the solve route's auth hook before the body is read. */
    principal: Principal | null;
    /** The solve route's caller, admitted by the door before the body is read. */
    admittedSolve: AdmittedSolve | null;
  }
}

export interface BuildServerOptions {
  /** The core every route calls; the server never touches engines or the store. */
  service: Service;
  /** Fastify's structured JSON request logging with the request id (default off); an object sets the level. */
  logger?: boolean | { level?: string; stream?: { write(line: string): void } };
  /**
   * Base of the problem documents' `type` URLs (`SVC_DOCS_URL`, e.g. an external docs site); default
   * this server's own origin (`SVC_PUBLIC_URL`, else the address the connection reached), which
   * serves the pages at `/errors/<CODE>`.
   */
  docsUrl?: string;
  /** Trust `X-Forwarded-For` for the client IP (sandbox allowance is per IP). */
  trustProxy?: boolean;
  /** Called with every 5xx fault before the sanitised problem document is sent (default: stderr). */
  onFault?: (err: SvcError, request: { readonly method: string; readonly url: string }) => void;
  /** The call layer the solve route goes through (default `createDoor(service)`, as every other door's). */
  door?: Door;
}

const API = '/api/v1';

/** The free preflight's routes: a large body is planned off the loop and answered from there. */
const ANALYZE_ROUTES = new Set([`${API}/analyze/:command`, `${API}/estimate/:command`, `${API}/preflight/:command`]);
const SOLVE_ROUTE = `${API}/solve/:command`;
/** Routes whose body is one problem of the command in the path: a large one is validated off the loop too. */
const PROBLEM_ROUTES = new Set([SOLVE_ROUTE, ...ANALYZE_ROUTES]);

/**
 * The problem check of a large body, when the route's contracts check is the first thing its body
 * meets (the solve and analyze routes); not with an Idempotency-Key, whose conflict outranks it.
 */
function problemCheckOf(req: FastifyRequest, sandboxMaxN: number): { command: string; sandbox: boolean; sandboxMaxN?: number } | undefined {
  if (!PROBLEM_ROUTES.has(req.routeOptions.url ?? '') || req.principal === null || req.headers['idempotency-key'] !== undefined) return undefined;
  const command = (req.params as { command?: string }).command;
  if (typeof command !== 'string') return undefined;
  return req.principal.kind === 'sandbox' ? { command, sandbox: true, sandboxMaxN } : { command, sandbox: false };
}

/** The Fastify app of interface §4 over a service (no listening; see `startServer`). */
export function buildServer(opts: BuildServerOptions): FastifyInstance {
  const { service, docsUrl } = opts;
  // Never the request's Host: a forged one would point links elsewhere (guard.ts publicOrigin).
  const docsFor = (request: FastifyRequest): string => docsUrl ?? publicOrigin(service, request);
  const app = Fastify({
    logger: opts.logger ?? false,
    // The absolute cap; plan caps are enforced after authentication (commands.md precedence).
    bodyLimit: service.limits.maxBodyBytes,
    trustProxy: opts.trustProxy ?? false,
    return503OnClosing: true,
    // One compact line per answered request instead of two (routes/observability.ts).
    logController: new CompactRequestLog(),
    ...requestIdOptions,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // A fault in routing itself (a parameter past maxParamLength, a path that does not decode) is a problem document too.
    frameworkErrors: (error, request, reply) => sendRoutingProblem(request, reply, fromFastifyError(error), docsFor(request)),
  });
  // Refusals under load are counted, not written one line each (errors/fault-log.ts).
  const faultLog = opts.onFault ? null : createFaultLog({ write: (l) => process.stderr.write(l), label: 'svc-http' });
  const onFault = opts.onFault ?? ((err: SvcError, req: { readonly method: string; readonly url: string }) => {
    faultLog!.report(err, `${req.method} ${req.url.split('?')[0].slice(0, 200)}`);
  });

  // The solve routes (JSON and binary) go through the Door as gRPC, MCP and tRPC do; only reading the body is HTTP's.
  const door = opts.door ?? createDoor(service);
  app.decorateRequest('principal', null);
  app.decorateRequest('admittedSolve', null);
  app.decorateRequest('doorBodyCaps', null);
  // Request metrics, X-Request-Id, the route table and long-poll wake-up; before any route.
  installObservability(app, service);

  // The engine that answers a command (the plan's work estimate depends on it).
  const health = service.health();
  const engineFor = (command: string): 'native' | 'ts' => (health.ts_commands?.includes(command as never) ? 'ts' : service.engine);

  const capsFor = (req: FastifyRequest): BodyCaps => req.doorBodyCaps ?? {
    plan: req.principal ? service.bodyLimitFor(req.principal) : service.limits.maxBodyBytes,
    absolute: service.limits.maxBodyBytes,
    sandbox: req.principal?.kind === 'sandbox',
  };

  // Every body, on every route and door, is admitted by bytes in flight before it is read (after the
  // route's own auth and size hooks, which are onRequest).
  app.addHook('preParsing', admitBody(service.bodies.budget));

  // Our own parsers: Fastify's would reject malformed JSON before authentication ran.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', async (req: FastifyRequest, payload: NodeJS.ReadableStream) => {
    const stream = payload as unknown as import('node:stream').Readable;
    if (req.is404) {
      stream.resume();
      return undefined;
    }
    let buf = await readBody(stream, capsFor(req), declaredLength(req));
    stageMark('body-read');
    const contentType = req.headers['content-type'];
    // A large body is parsed (and, on a solve or analyze route, validated) off the event loop first:
    // a body that fails is refused without this thread parsing it; a large analyze is answered
    // from the plan made there, so its body never reaches this thread.
    const checker = service.bodies.checker;
    if (buf.length >= checker.thresholdBytes) {
      // A keyed caller's large solve (with an Idempotency-Key too: its fingerprint is made there):
      // its bytes go to a solve worker, which parses, validates, plans and solves them there, or
      // they are stored in its job unparsed (solve/raw-json.ts); this thread never parses them.
      if (req.routeOptions.url === SOLVE_ROUTE && req.principal !== null && req.principal.kind !== 'sandbox') return new RawJson(buf, contentType);
      const problem = problemCheckOf(req, service.limits.sandbox.maxN);
      if (problem && ANALYZE_ROUTES.has(req.routeOptions.url ?? '')) {
        const out = await checker.analyze(buf, {
          contentType, problem,
          analyze: { query: { ...(req.query as Record<string, unknown>) }, queueThresholdWork: service.jobs.limits.queueThresholdWork, engine: engineFor(problem.command) },
        });
        if ('report' in out) return new PreAnalyzed(out.report);
        buf = out.bytes;
      } else {
        buf = await checker.check(buf, { contentType, problem });
        // The sandbox's large solve (at most its 8 MiB) is checked on the check thread first, so a
        // flood of bad ones never takes a solve worker; once it passed, it takes the raw lane too.
        if (req.routeOptions.url === SOLVE_ROUTE && req.principal?.kind === 'sandbox') return new RawJson(buf, contentType);
      }
    }
    const parsed = parseJson(buf, contentType);
    stageMark('parsed');
    return parsed;
  });
  app.addContentTypeParser('*', async (req: FastifyRequest, payload: NodeJS.ReadableStream) => {
    const stream = payload as unknown as import('node:stream').Readable;
    if (req.is404) {
      stream.resume();
      return undefined;
    }
    // Size outranks content type, so the body is measured before the type is refused.
    await readBody(stream, capsFor(req));
    throw new SvcError('SVC_INVALID_INPUT', `Content-Type must be application/json, got '${String(req.headers['content-type'] ?? 'none').slice(0, 80)}'.`);
  });

  app.setErrorHandler((error: FastifyError | SvcError, request, reply) => {
    const err = error instanceof SvcError ? error : fromFastifyError(error as FastifyError);
    if (err.status >= 500) onFault(err, request);
    else if (err.status === 429) faultLog?.report(err, `${request.method} ${request.url.split('?')[0].slice(0, 200)}`);
    return sendProblem(reply, err, docsFor(request));
  });

  app.setNotFoundHandler((request, reply) => {
    return sendProblem(reply, new SvcError('SVC_NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0].slice(0, 200)}.`), docsFor(request));
  });

  app.get('/healthz', async () => service.health());
  // Heavy and public: built once, sent as bytes, counted against the per-IP sandbox rate.
  const documents = new PublicDocuments(service);
  app.get(`${API}/capabilities`, { onRequest: ipRate(service) }, async (_request, reply) => reply.header('content-type', JSON_UTF8).send(documents.capabilitiesJson()));
  app.get(`${API}/sandbox`, async () => service.sandboxInfo());
  app.get(`${API}/pricing`, async () => service.pricing());
  app.get(`${API}/models`, async () => service.models());
  app.register(accountPlugin(service));
  app.register(solverPlugin(service, documents, door, docsFor));
  app.register(trpcPlugin(service, { docsFor, onFault }));
  app.register(mcpRoute(service, { docsFor }));
  app.register(docsRoute(service, documents));
  app.register(errorPagesRoute(service));

  app.post<{ Params: { command: string }; Querystring: Record<string, unknown> }>(SOLVE_ROUTE, {
    // Runs before the body is read: route/command (404) → auth (401/403) → rate (429) → declared size (413).
    onRequest: admitSolveHook((request, caller) => door.admitSolve((request.params as { command: string }).command, request.query as Record<string, unknown>, caller)),
    handler: async (request, reply: FastifyReply) => {
      if (request.body === undefined) {
        throw new SvcError('SVC_INVALID_INPUT', 'The request has no body; send one JSON problem document with Content-Type: application/json.');
      }
      // 202 with the job to poll when the solve was heavy enough to queue.
      return sendOutcome(reply, await request.admittedSolve!.solve(request.body, { acceptedAt: arrivalOf(reply) }));
    },
    // The service-path bench's mark of the serialised answer (stage-marks.ts); no hook otherwise.
    ...(stageMarksOn() ? { onSend: async (_req: FastifyRequest, _reply: FastifyReply, payload: unknown) => (stageMark('serialised'), payload) } : {}),
  });

  return app;
}
