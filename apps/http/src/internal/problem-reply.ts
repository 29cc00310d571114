import type { FastifyReply, FastifyRequest } from 'fastify';
import { PROBLEM_CONTENT_TYPE, problemDocument, type SvcError } from '@svc/errors';
import { SECURITY_HEADERS } from '../routes/observability';

/** Sends an RFC 9457 problem document, with `Retry-After` whenever the error carries one. */
export function sendProblem(reply: FastifyReply, err: SvcError, docsUrl?: string): FastifyReply {
  const doc = problemDocument(err, docsUrl);
  reply.code(err.status).header('content-type', PROBLEM_CONTENT_TYPE);
  if (doc.retry_after !== undefined) reply.header('retry-after', String(Math.ceil(doc.retry_after)));
  // A Buffer keeps the media type exact (Fastify appends a charset to string payloads).
  return reply.send(Buffer.from(JSON.stringify(doc), 'utf8'));
}

/**
 * A problem document for a fault Fastify meets while routing (`frameworkErrors`): no route's hooks
 * run then, so the headers every answer carries (`X-Request-Id`, the security headers,
 * `Cache-Control`) are set here.
 */
export function sendRoutingProblem(request: FastifyRequest, reply: FastifyReply, err: SvcError, docsUrl?: string): FastifyReply {
  reply.header('x-request-id', request.id).header('cache-control', 'no-store');
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) reply.header(k, v);
  return sendProblem(reply, err, docsUrl);
}
