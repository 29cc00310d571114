import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SvcError } from '@svc/errors';
import { SVCB_CONTENT_TYPE, type Door, type Service } from '@svc/service';
import { overCap, readBody, type BodyCaps } from '../internal/body-reader';
import { arrivalOf, sendOutcome } from './solver-routes';

const headerValue = (h: string | string[] | undefined): string | undefined => (Array.isArray(h) ? h[0] : h);

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
      onRequest: async (request) => {
        const a = await door.admitSolveBinary(request.query, {
          authorization: request.headers.authorization, headerAuthorization: true, ip: request.ip,
          idempotencyKey: headerValue(request.headers['idempotency-key']),
        });
        request.admittedSolve = a;
        request.principal = a.principal;
        const declared = Number(request.headers['content-length']);
        if (Number.isFinite(declared)) {
          const err = overCap(declared, a.caps);
          if (err) throw err;
        }
      },
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
