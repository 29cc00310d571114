import type { FastifyInstance } from 'fastify';
import type { Service } from '@svc/service';
import { accountRoutes } from './accounts';
import { keyRoutes } from './keys';
import { useSmallJson } from './small-json';
import { usageRoutes } from './usage';

/** Accounts, email verification, keys and usage, in one encapsulated plugin with small-body JSON parsing. */
export function accountPlugin(service: Service) {
  return async (app: FastifyInstance): Promise<void> => {
    useSmallJson(app);
    accountRoutes(app, service);
    keyRoutes(app, service);
    usageRoutes(app, service);
  };
}
