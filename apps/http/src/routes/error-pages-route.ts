import type { FastifyInstance } from 'fastify';
import { ERROR_CODES, SvcError, errorIndexHtml, errorPageHtml, isErrorCode, type ErrorCode } from '@svc/errors';
import type { Service } from '@svc/service';
import { ipRate } from './guard';

/** Where every problem document's `type` points: `<base>/errors/<CODE>`. */
export const ERRORS_PATH = '/errors';

const HTML = 'text/html; charset=utf-8';

/**
 * The error reference, served by the service itself (what a problem document's `type` links to):
 * `GET /errors` (the index) and `GET /errors/<CODE>` (one code's page, HTML rendered from the same
 * model as docs/errors/). Pages are built once; each request counts against the per-IP sandbox
 * rate like the other public documents. An unknown code is 404 `SVC_NOT_FOUND`.
 */
export function errorPagesRoute(service: Service) {
  const limit = ipRate(service);
  const pages = new Map<ErrorCode, string>(ERROR_CODES.map((c) => [c, errorPageHtml(c, `${ERRORS_PATH}/`)]));
  const index = errorIndexHtml((c) => `${ERRORS_PATH}/${c}`);
  return async (app: FastifyInstance): Promise<void> => {
    app.get(ERRORS_PATH, { onRequest: limit }, async (_request, reply) => reply.header('content-type', HTML).send(index));
    app.get<{ Params: { code: string } }>(`${ERRORS_PATH}/:code`, { onRequest: limit }, async (request, reply) => {
      const code = request.params.code;
      if (!isErrorCode(code)) {
        throw new SvcError('SVC_NOT_FOUND', `No error code '${code.slice(0, 80)}'; ${ERRORS_PATH} lists them.`);
      }
      return reply.header('content-type', HTML).send(pages.get(code));
    });
  };
}
