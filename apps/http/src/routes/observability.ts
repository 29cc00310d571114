import { randomUUID } from 'node:crypto';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Service } from '@svc/service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on the app (method, URL pattern), for the OpenAPI completeness test. */
    svcRoutes: { method: string; url: string }[];
  }
}

/** A caller's `X-Request-Id` is kept when it is short and plain; otherwise one is minted. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Request logging: one compact line per answered request (about 150 bytes at info) instead of
 * Fastify's two; refusals (429, 503) come by the thousand under load and are counted by the fault
 * log instead (errors/fault-log.ts).
 */
export class CompactRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(_error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    if (status === 429 || status === 503) return;
    request.log.info({ m: request.method, url: redactUrl(request.url).slice(0, 200), status, ms: Math.round(reply.elapsedTime) }, 'done');
  }
}

/** Query parameters whose values never reach a log (the email link carries `token`). */
const SECRET_PARAMS = /([?&](?:token|key|api_key|secret|signature|sig|password)=)[^&#]*/gi;

/** The URL with secret query values replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/**
 * Headers on every answer: no MIME sniffing, no referrer leaking a URL, answers (keys, tokens,
 * results) not stored by shared caches unless a route says otherwise, and no framing of /docs.
 * No CORS headers: browsers on other origins cannot call the API with a user's credentials.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

/** Fastify options of the request id: taken from `X-Request-Id` when sane, else a UUID. */
export const requestIdOptions = {
  requestIdHeader: false as const,
  genReqId: (req: { headers: Record<string, string | string[] | undefined> }): string => {
    const given = req.headers['x-request-id'];
    return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  },
};

/**
 * Request metrics by route pattern and status, the `X-Request-Id` response header (the id is also
 * in every log line), the route table, and waking long-polls when the server closes. Call first in
 * `buildServer`, before any route, so every route is seen.
 */
export function installObservability(app: FastifyInstance, service: Service): void {
  const routes: { method: string; url: string }[] = [];
  app.decorate('svcRoutes', routes);
  app.addHook('onRoute', (r) => {
    for (const m of Array.isArray(r.method) ? r.method : [r.method]) routes.push({ method: m, url: r.url });
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) reply.header(k, v);
    if (!reply.hasHeader('cache-control') && request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    service.metrics.observeRequest(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode);
  });
  // A long-poll holds its request open up to 30 s; closing must not wait for it.
  app.addHook('preClose', async () => {
    service.jobs.wakeAll();
  });
}
