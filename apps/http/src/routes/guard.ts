import type { FastifyRequest } from 'fastify';
import type { Action, Service } from '@svc/service';

/**
 * An `onRequest` hook in commands.md precedence: authentication (401/403), then scope and email
 * verification (403), then the caller's per-minute request rate (429), all before the body is read.
 */
export function guard(service: Service, action: Action) {
  return async (request: FastifyRequest): Promise<void> => {
    request.principal = await service.authenticate(request.headers.authorization, { ip: request.ip });
    service.access.admit(request.principal, action);
  };
}

/**
 * For routes without credentials (registration, the signed link): counts one request against the
 * per-IP sandbox rate, so they cannot be used to flood the outbox.
 */
export function ipRate(service: Service) {
  return async (request: FastifyRequest): Promise<void> => {
    service.access.admit({ kind: 'sandbox', id: `sandbox-ip:${request.ip}`, ip: request.ip, plan: 'sandbox' }, 'account');
  };
}

/** `http(s)://host[:port]` of the request, for links mailed when `SVC_PUBLIC_URL` is unset. */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
