import type { FastifyInstance } from 'fastify';
import type { SvcError } from '@svc/errors';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import { createDoor, type Service } from '@svc/service';
import { createTrpcRouter, svcErrorOf, trpcContext, type AppRouter } from './router';

export const TRPC_PREFIX = '/trpc';

/**
 * Mounts the tRPC router at `/trpc`. The reply's HTTP status is the SVC_ code's own (422 for
 * SVC_INVALID_INPUT, 402 for quota…), with `Retry-After` when the code carries one.
 */
export function trpcPlugin(service: Service, opts: { docsUrl?: string; onFault: (err: SvcError, request: { readonly method: string; readonly url: string }) => void }) {
  const { docsUrl, onFault } = opts;
  const router = createTrpcRouter(docsUrl);
  return async (app: FastifyInstance): Promise<void> => {
    await app.register(fastifyTRPCPlugin<AppRouter>, {
      prefix: TRPC_PREFIX,
      trpcOptions: {
        router,
        createContext: trpcContext(createDoor(service)),
        responseMeta({ errors }) {
          if (errors.length === 0) return {};
          const err = svcErrorOf(errors[0]);
          return { status: err.status, headers: err.retryAfter === undefined ? {} : { 'retry-after': String(Math.ceil(err.retryAfter)) } };
        },
        onError({ error, req }) {
          const err = svcErrorOf(error);
          if (err.status >= 500) onFault(err, req);
        },
      },
    });
  };
}
