import type { FastifyInstance } from 'fastify';
import type { Service } from '@svc/service';
import { guard } from './guard';

const API = '/api/v1';

/** `GET /api/v1/keys`, `POST /api/v1/keys {scopes?, name?}` (201, token shown once), `DELETE /api/v1/keys/<id>`; scope `keys`. */
export function keyRoutes(app: FastifyInstance, service: Service): void {
  const keys = guard(service, 'keys');
  app.get(`${API}/keys`, { onRequest: keys }, async (request) => service.access.accounts.listKeys(request.principal!));
  app.post(`${API}/keys`, { onRequest: keys }, async (request, reply) => {
    const created = await service.access.accounts.createKey(request.principal!, request.body);
    return reply.code(201).header('cache-control', 'no-store').send(created);
  });
  app.delete<{ Params: { id: string } }>(`${API}/keys/:id`, { onRequest: keys }, async (request) =>
    service.access.accounts.revokeKey(request.principal!, request.params.id),
  );
}
