import type { FastifyInstance } from 'fastify';
import type { Service } from '@svc/service';
import { guard } from './guard';

/** `GET /api/v1/usage`: today's units, allowance, alerts and recent charged calls of the caller (any key, or the sandbox per IP). */
export function usageRoutes(app: FastifyInstance, service: Service): void {
  app.get('/api/v1/usage', { onRequest: guard(service, 'account') }, async (request) => service.access.meter.report(request.principal!));
}
