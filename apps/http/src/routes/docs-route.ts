import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { buildOpenApi } from '@svc/contracts';
import type { Service } from '@svc/service';
import { ipRate, publicOrigin } from './guard';
import { JSON_UTF8, type PublicDocuments } from './public-documents';

export const DOCS_PATH = '/docs';

/** `/docs/json` or `/docs/yaml`: the document itself, as against the page and its static files. */
const isDocument = (request: FastifyRequest): boolean => /^\/docs\/(json|yaml)(\?|$)/.test(request.url);

/**
 * The interactive API reference at `/docs` (Swagger UI), rendered from the OpenAPI document
 * `GET /api/v1/openapi.json` serves (the same pre-serialised document, whose server is the
 * configured or listening origin), so every served command's schema and example is there and
 * Try-it-out calls this server. The document routes count against the per-IP sandbox rate.
 */
export function docsRoute(service: Service, documents: PublicDocuments) {
  const limit = ipRate(service);
  return async (app: FastifyInstance): Promise<void> => {
    await app.register(fastifySwagger, { mode: 'static', specification: { document: buildOpenApi() as never } });
    await app.register(fastifySwaggerUi, {
      routePrefix: DOCS_PATH,
      uiConfig: { docExpansion: 'list', deepLinking: true, tryItOutEnabled: false },
      uiHooks: {
        onRequest: async (request: FastifyRequest) => {
          if (isDocument(request)) await limit(request);
        },
        // The JSON form is sent as bytes built once; the YAML form is rendered from the cached document.
        preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
          if (!/^\/docs\/json(\?|$)/.test(request.url)) return undefined;
          return reply.header('content-type', JSON_UTF8).send(documents.openApiFor(publicOrigin(service, request)).uiJson);
        },
      },
      transformSpecification: (_spec, request) => documents.openApiFor(publicOrigin(service, request as FastifyRequest)).ui as never,
      transformSpecificationClone: false,
    });
  };
}
