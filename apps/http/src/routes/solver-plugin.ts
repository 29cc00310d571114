import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Door, Service } from '@svc/service';
import { binaryRoute } from './binary-route';
import { metaRoutes } from './meta-routes';
import type { PublicDocuments } from './public-documents';
import { jobRoutes, solverRoutes } from './solver-routes';
import { useSmallJson } from './small-json';

/**
 * Issue-4b routes in one plugin: preflight, compute, route and verify (root JSON parsers, plan
 * caps), the jobs (small-body JSON), the binary lane (octet-stream) and the public documents.
 */
export function solverPlugin(service: Service, documents: PublicDocuments, door: Door, docsFor: (request: FastifyRequest) => string) {
  return async (app: FastifyInstance): Promise<void> => {
    solverRoutes(app, service);
    metaRoutes(app, service, documents);
    app.register(async (jobs) => {
      useSmallJson(jobs);
      jobRoutes(jobs, service, docsFor);
    });
    app.register(binaryRoute(service, door));
  };
}
