import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Service } from '@svc/service';
import { guard, ipRate, publicOrigin } from './guard';

const API = '/api/v1';

/**
 * Registration and email verification (interface §5.4, commands.md "Other routes we add"):
 * - `POST /api/v1/accounts {email}` → 201 with the initial key, shown once; mail to the outbox.
 * - `POST /api/v1/email/verify {token}` (and `GET …?token=`, the mailed link) → the verified account.
 * - `POST /api/v1/email/verification-notification` (API key) → 202 `sent`, or 200 `already_verified`.
 */
export function accountRoutes(app: FastifyInstance, service: Service): void {
  app.post(`${API}/accounts`, { onRequest: ipRate(service) }, async (request, reply) => {
    const registration = await service.access.accounts.register(request.body, { origin: publicOrigin(service, request) });
    return reply.code(201).header('cache-control', 'no-store').send(registration);
  });

  // Verification has a per-IP budget of its own: using the sandbox never delays confirming an account.
  const verificationRate = async (request: FastifyRequest): Promise<void> => service.access.admitVerification(request.ip);
  app.post(`${API}/email/verify`, { onRequest: verificationRate }, async (request) => service.access.accounts.verifyEmail(request.body));

  app.get<{ Querystring: { token?: string } }>(`${API}/email/verify`, { onRequest: verificationRate }, async (request) =>
    service.access.accounts.verifyEmail({ token: request.query.token }),
  );

  app.post(`${API}/email/verification-notification`, { onRequest: guard(service, 'account') }, async (request, reply) => {
    const r = await service.access.accounts.resendVerification(request.principal!, { origin: publicOrigin(service, request) });
    return reply.code(r.status === 'sent' ? 202 : 200).send(r);
  });
}
