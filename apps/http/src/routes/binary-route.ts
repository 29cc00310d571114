import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SvcError } from '@svc/errors';
import { SVCB_CONTENT_TYPE, type Door, type Service } from '@svc/service';
import { overCap, readBody, type BodyCaps } from '../internal/body-reader';
import { admitSolveHook } from './guard';
import { arrivalOf, sendOutcome } from './solver-routes';


/**
 * `POST /api/v1/compute/binary`: an SVCB body (docs/svcb.md) up to the server's absolute cap
 * (128 MiB by default), with the JSON lane's effort, seed, model, latency, auth, quota and receipt
 * contracts. Register as its own plugin: it replaces the JSON parsers with the octet-stream one.
 */
export function binaryRoute(service: Service, door: Door) {
  return async (app: FastifyInstance): Promise<void> => {
    const caps: BodyCaps = { plan: service.limits.maxBodyBytes, absolute: service.limits.maxBodyBytes };
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(SVCB_CONTENT_TYPE, { parseAs: 'buffer', bodyLimit: caps.absolute }, async (_req: FastifyRequest, body: Buffer) => body);
    app.addContentTypeParser('*', async (req: FastifyRequest, payload: NodeJS.ReadableStream) => {
      // Size outranks content type, so the body is measured before the type is refused.
      await readBody(payload as unknown as Readable, caps);
      throw new SvcError('SVC_INVALID_INPUT', `Content-Type must be ${SVCB_CONTENT_TYPE} on the binary lane, got '${String(req.headers['content-type'] ?? 'none').slice(0, 80)}'.`);
    });
    // Admitted by the Door as every other door's solve; only reading the body is HTTP's.
    app.post<{ Querystring: Record<string, unknown> }>('/api/v1/compute/binary', {
      onRequest: admitSolveHook((request, caller) => door.admitSolveBinary(request.query as Record<string, unknown>, caller)),
      handler: async (request, reply) => {
        const body = request.body;
        if (!Buffer.isBuffer(body)) {
          throw new SvcError('SVC_INVALID_INPUT', `The binary lane needs an SVCB body with Content-Type: ${SVCB_CONTENT_TYPE}.`);
        }
        const out = await request.admittedSolve!.solve(new Uint8Array(body.buffer, body.byteOffset, body.byteLength), { acceptedAt: arrivalOf(reply) });
        return sendOutcome(reply, out);
      },
    });
  };
}
