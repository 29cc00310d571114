import type { FastifyReply } from 'fastify';
import { PROBLEM_CONTENT_TYPE, problemDocument, type SvcError } from '@svc/errors';

/** Sends an RFC 9457 problem document, with `Retry-After` whenever the error carries one. */
export function sendProblem(reply: FastifyReply, err: SvcError, docsUrl?: string): FastifyReply {
  const doc = problemDocument(err, docsUrl);
  reply.code(doc.status).header('content-type', PROBLEM_CONTENT_TYPE);
  if (doc.retry_after !== undefined) reply.header('retry-after', String(Math.ceil(doc.retry_after)));
  // A Buffer keeps the media type exact (Fastify appends a charset to string payloads).
  return reply.send(Buffer.from(JSON.stringify(doc), 'utf8'));
}
