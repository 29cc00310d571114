import * as grpc from '@grpc/grpc-js';
import { problemDocument, SvcError, toSvcError } from '@svc/errors';
import { GRPC_STATUS, PROBLEM_METADATA_KEY } from './status-codes';
import { encodeStatusDetails, STATUS_DETAILS_KEY } from './status-details';

/**
 * Longest text of a fault that reaches the trailers, in characters. A detail echoes what the caller
 * sent (a field name, a value), and the document carries it three times in two trailers beside
 * `grpc-message`: unbounded, a 40,000-character field name made trailers past the client's header
 * limit and stalled the channel. The catalogue's own texts are under 200 characters.
 */
export const ECHO_CHARS = 512;

/** `s` cut to `max` characters, saying how long it was. */
export function cutText(s: string, max: number = ECHO_CHARS): string {
  return s.length <= max ? s : `${s.slice(0, max)}… (${s.length} characters, cut)`;
}

/** Every string of `x` cut to ECHO_CHARS (keys of the document are ours and short). */
function cutStrings(x: unknown, depth = 0): unknown {
  if (typeof x === 'string') return cutText(x);
  if (depth > 8 || typeof x !== 'object' || x === null) return x;
  if (Array.isArray(x)) return x.slice(0, 32).map((v) => cutStrings(v, depth + 1));
  return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, cutStrings(v, depth + 1)]));
}

/**
 * The gRPC error of an SvcError: mapped status, the detail as the message, and the problem document
 * twice in the trailers: as JSON in `svc-problem-bin`, and in the standard google.rpc.Status details.
 * Caller-given text in it is cut to ECHO_CHARS.
 */
export function grpcError(e: unknown, docsUrl?: string): { code: grpc.status; details: string; metadata: grpc.Metadata } {
  const err = e instanceof SvcError ? e : toSvcError(e);
  const doc = cutStrings(problemDocument(err, docsUrl)) as Record<string, unknown>;
  const code = GRPC_STATUS[err.code];
  const details = cutText(err.detail);
  const metadata = new grpc.Metadata();
  metadata.set(PROBLEM_METADATA_KEY, Buffer.from(JSON.stringify(doc), 'utf8'));
  metadata.set(STATUS_DETAILS_KEY, encodeStatusDetails(code, details, doc));
  return { code, details, metadata };
}
