import type { FastifyError } from 'fastify';
import { SvcError, toSvcError } from '@svc/errors';

/** Fastify's longest route parameter (its `maxParamLength` default, which the server keeps). */
export const MAX_PARAM_LENGTH = 100;

/** A Fastify failure as a catalogue error; none of Fastify's text reaches the client. */
export function fromFastifyError(e: FastifyError): SvcError {
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new SvcError('SVC_INVALID_INPUT', 'Content-Type must be application/json.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new SvcError('SVC_INVALID_INPUT', 'The request body is empty; send one JSON problem document.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new SvcError('SVC_INVALID_INPUT', 'The body is not valid JSON.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new SvcError('SVC_INVALID_INPUT', 'The Content-Length header does not match the body.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new SvcError('SVC_RESOURCE_LIMIT', "The body is larger than the server's absolute limit.");
    case 'FST_ERR_NOT_FOUND':
      return new SvcError('SVC_NOT_FOUND', 'No such route.');
    // Routing faults (Fastify's frameworkErrors): a path parameter past maxParamLength, a path that does not decode.
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new SvcError('SVC_ERROR', `A path parameter is longer than the ${MAX_PARAM_LENGTH} characters a route takes (a job id is 36; a tRPC batch names at most ${MAX_PARAM_LENGTH} characters of procedures): shorten it.`, { status: 414 });
    case 'FST_ERR_BAD_URL':
      return new SvcError('SVC_ERROR', 'The path is not a valid URL component (a bad percent-encoding): encode it per RFC 3986.', { status: 400 });
    default:
      break;
  }
  if (e instanceof SyntaxError || e.statusCode === 400) {
    return new SvcError('SVC_INVALID_INPUT', 'The request could not be parsed.', { cause: e });
  }
  if (e.statusCode === 413) return new SvcError('SVC_RESOURCE_LIMIT', 'The body is too large.', { cause: e });
  return toSvcError(e);
}

