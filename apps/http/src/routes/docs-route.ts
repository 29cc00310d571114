import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { buildOpenApi } from '@svc/contracts';
import { originOf } from './guard';

export const DOCS_PATH = '/docs';

/**
 * The interactive API reference at `/docs` (Swagger UI), rendered from the OpenAPI document
 * `GET /api/v1/openapi.json` serves (the same builder, with the request's origin as the server),
 * so every served command's schema and example is there and Try-it-out calls this server.
 */
export function docsRoute() {
  return async (app: FastifyInstance): Promise<void> => {
    await app.register(fastifySwagger, { mode: 'static', specification: { document: buildOpenApi() as never } });
    await app.register(fastifySwaggerUi, {
      routePrefix: DOCS_PATH,
      uiConfig: { docExpansion: 'list', deepLinking: true, tryItOutEnabled: false },
      // Swagger UI reads only the default 3.1 dialect and warns on the explicit one; the schemas are 2020-12 either way.
      transformSpecification: (_spec, request) => {
        const { jsonSchemaDialect: _dialect, ...doc } = buildOpenApi({ serverUrl: originOf(request) });
        return doc as never;
      },
      transformSpecificationClone: false,
    });
  };
}
