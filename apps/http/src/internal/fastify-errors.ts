import type { FastifyError } from 'fastify';
import { SvcError, toSvcError } from '@svc/errors';

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
    default:
      break;
  }
  if (e instanceof SyntaxError || e.statusCode === 400) {
    return new SvcError('SVC_INVALID_INPUT', 'The request could not be parsed.', { cause: e });
  }
  if (e.statusCode === 413) return new SvcError('SVC_RESOURCE_LIMIT', 'The body is too large.', { cause: e });
  return toSvcError(e);
}

