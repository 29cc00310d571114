import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { SvcError } from '@svc/errors';
import { parseJson, readBody } from '../internal/body-reader';

/** Body cap of the account, key and usage routes (their documents are a few hundred bytes). */
export const SMALL_BODY_BYTES = 64 * 1024;

/**
 * Replaces the JSON parsers of an encapsulated plugin with small-body ones: over the cap is
 * 413 SVC_RESOURCE_LIMIT, another media type or bad JSON 422 SVC_INVALID_INPUT; both run after
 * the route's auth and rate hooks, as on the solve route.
 */
export function useSmallJson(app: FastifyInstance): void {
  const caps = { plan: SMALL_BODY_BYTES, absolute: SMALL_BODY_BYTES };
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', async (req: FastifyRequest, payload: NodeJS.ReadableStream) => {
    const buf = await readBody(payload as unknown as Readable, caps);
    // An empty body is "no body" here: every small route has defaults or says what is missing.
    return buf.length === 0 ? undefined : parseJson(buf, req.headers['content-type']);
  });
  app.addContentTypeParser('*', async (req: FastifyRequest, payload: NodeJS.ReadableStream) => {
    await readBody(payload as unknown as Readable, caps);
    throw new SvcError('SVC_INVALID_INPUT', `Content-Type must be application/json, got '${String(req.headers['content-type'] ?? 'none').slice(0, 80)}'.`);
  });
}
