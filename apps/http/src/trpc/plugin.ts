import type { FastifyInstance } from 'fastify';
import type { SvcError } from '@svc/errors';
import { fastifyRequestHandler } from '@trpc/server/adapters/fastify';
import { createDoor, type Service } from '@svc/service';
import { createTrpcRouter, svcErrorOf, trpcContext, type AppRouter } from './router';
import { doorBodyCap } from '../routes/door-body-cap';

export const TRPC_PREFIX = '/trpc';

/**
 * Mounts the tRPC router at `/trpc`. The reply's HTTP status is the SVC_ code's own (422 for
 * SVC_INVALID_INPUT, 402 for quota…), with `Retry-After` when the code carries one.
 */
export function trpcPlugin(service: Service, opts: { docsUrl?: string; onFault: (err: SvcError, request: { readonly method: string; readonly url: string }) => void }) {
  const { docsUrl, onFault } = opts;
  const router = createTrpcRouter(docsUrl);
  const createContext = trpcContext(createDoor(service));
  return async (app: FastifyInstance): Promise<void> => {
    // Our own route over tRPC's request handler rather than its plugin: the plugin swaps the JSON
    // parser for its own, and the server's parser is what caps a body before it is read on.
    app.route<{ Params: { path: string } }>({
      method: ['GET', 'POST'],
      url: `${TRPC_PREFIX}/:path`,
      onRequest: doorBodyCap(service),
      handler: async (req, res) => {
        await fastifyRequestHandler<AppRouter, typeof req, typeof res>({
          router,
          createContext,
          req,
          res,
          path: req.params.path,
          responseMeta({ errors }) {
            if (errors.length === 0) return {};
            const err = svcErrorOf(errors[0]);
            return { status: err.status, headers: err.retryAfter === undefined ? {} : { 'retry-after': String(Math.ceil(err.retryAfter)) } };
          },
          onError({ error, req: request }) {
            const err = svcErrorOf(error);
            if (err.status >= 500) onFault(err, request);
          },
        });
      },
    });
  };
}
