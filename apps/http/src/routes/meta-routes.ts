import type { FastifyInstance } from 'fastify';
import { AGENT_CARD_PATH, type Service } from '@svc/service';
import { ipRate, publicOrigin } from './guard';
import { JSON_UTF8, type PublicDocuments } from './public-documents';

const API = '/api/v1';

/**
 * Public documents and operations endpoints (no credentials): the formulate worksheets, the
 * examples catalogue, the OpenAPI document (per-IP rate), the agent card and readiness. Prometheus
 * metrics are on the operations port only (`serveOperations`, SVC_OPS_PORT): never on the API's.
 */
export function metaRoutes(app: FastifyInstance, service: Service, documents: PublicDocuments): void {
  app.get<{ Params: { command: string } }>(`${API}/formulate/:command`, async (request) => service.formulate(request.params.command));
  app.get(`${API}/examples`, async () => service.examples());
  // Heavy and unauthenticated: pre-serialised, and counted against the per-IP sandbox rate.
  app.get(`${API}/openapi.json`, { onRequest: ipRate(service) }, async (request, reply) =>
    reply.header('content-type', JSON_UTF8).send(documents.openApiFor(publicOrigin(service, request)).json));
  app.get(AGENT_CARD_PATH, async (request) => service.agentCard(publicOrigin(service, request)));
  app.get('/readyz', async (_request, reply) => {
    const r = await service.ready();
    if (!r.ready) reply.header('retry-after', '30');
    return reply.code(r.ready ? 200 : 503).send(r);
  });
}
