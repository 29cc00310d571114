import type { FastifyInstance } from 'fastify';
import { buildOpenApi } from '@svc/contracts';
import { AGENT_CARD_PATH, PROMETHEUS_CONTENT_TYPE, type Service } from '@svc/service';
import { originOf } from './guard';

const API = '/api/v1';

/**
 * Public documents and operations endpoints (no credentials): the formulate worksheets, the
 * examples catalogue, the OpenAPI document, the agent card, readiness and Prometheus metrics.
 */
export function metaRoutes(app: FastifyInstance, service: Service): void {
  app.get<{ Params: { command: string } }>(`${API}/formulate/:command`, async (request) => service.formulate(request.params.command));
  app.get(`${API}/examples`, async () => service.examples());
  app.get(`${API}/openapi.json`, async (request) => buildOpenApi({ serverUrl: originOf(request) }));
  app.get(AGENT_CARD_PATH, async (request) => service.agentCard(originOf(request)));
  app.get('/readyz', async (_request, reply) => {
    const r = await service.ready();
    if (!r.ready) reply.header('retry-after', '30');
    return reply.code(r.ready ? 200 : 503).send(r);
  });
  app.get('/metrics', async (_request, reply) => reply.header('content-type', PROMETHEUS_CONTENT_TYPE).send(await service.renderMetrics()));
}
