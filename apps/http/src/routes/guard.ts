import type { FastifyRequest } from 'fastify';
import { overCap, type Action, type AdmittedSolve, type Caller, type Service } from '@svc/service';

/**
 * An `onRequest` hook in commands.md precedence: authentication (401/403), then scope and email
 * verification (403), then the caller's per-minute request rate (429), all before the body is read.
 */
export function guard(service: Service, action: Action) {
  return async (request: FastifyRequest): Promise<void> => {
    request.principal = await service.authenticate(request.headers.authorization, { ip: request.ip });
    await service.access.admit(request.principal, action);
  };
}

/**
 * For routes served without credentials (registration, the signed link, the OpenAPI document, the
 * capabilities manifest): counts one request against the per-IP sandbox rate (`admitIp`), so they
 * cannot be used to flood the outbox or the server.
 */
export function ipRate(service: Service) {
  return async (request: FastifyRequest): Promise<void> => {
    await service.access.admitIp(request.ip);
  };
}

/**
 * The origin of links the server hands out (mailed verification links, the OpenAPI `servers`, the
 * agent card): `SVC_PUBLIC_URL` when set, else `http://` and the local address and port the
 * connection reached, the listening socket's. Never the request's `Host` or `X-Forwarded-Host`,
 * which the caller writes: a forged one would send a verification token to another host.
 */
export function publicOrigin(service: Service, request: FastifyRequest): string {
  if (service.access.publicUrl !== null) return service.access.publicUrl;
  const socket = request.raw.socket;
  let address = socket.localAddress ?? '127.0.0.1';
  if (address.startsWith('::ffff:')) address = address.slice(7);
  const host = address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${socket.localPort ?? 80}`;
}

/** True when a `Prefer` header (RFC 7240) asks for `respond-async`: a queued solve answers its 202 at once. */
export function prefersAsync(prefer: string | string[] | undefined): boolean {
  const values = Array.isArray(prefer) ? prefer : prefer === undefined ? [] : [prefer];
  return values.some((v) => v.split(',').some((p) => p.split(/[;=]/)[0].trim().toLowerCase() === 'respond-async'));
}

/**
 * An `onRequest` hook of a solve route: the Door admits the caller before the body is read
 * (command and query 404 → auth 401/403 → scope and rate 403/429), then the declared
 * Content-Length meets the caps the Door gives (413). The handler solves on `request.admittedSolve`.
 */
export function admitSolveHook<P>(admit: (request: FastifyRequest, caller: Caller) => Promise<AdmittedSolve<P>>) {
  return async (request: FastifyRequest): Promise<void> => {
    const idempotencyKey = request.headers['idempotency-key'];
    const admitted = await admit(request, {
      authorization: request.headers.authorization, headerAuthorization: true, ip: request.ip,
      idempotencyKey: Array.isArray(idempotencyKey) ? idempotencyKey[0] : idempotencyKey,
      respondAsync: prefersAsync(request.headers.prefer),
    });
    request.admittedSolve = admitted;
    request.principal = admitted.principal;
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared)) {
      const err = overCap(declared, admitted.caps);
      if (err) throw err;
    }
  };
}
