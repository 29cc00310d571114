import type { Readable } from 'node:stream';
import { SvcError } from '@svc/errors';
import { markPinConflicts } from '@svc/contracts';
import { overCap, type BodyCaps } from '@svc/service';

export { overCap, type BodyCaps };

/**
 * Reads a request body, failing with 413 as soon as it passes a cap (chunked bodies included).
 * On failure the rest is drained and discarded so the error response can still be delivered.
 */
export function readBody(payload: Readable, caps: BodyCaps): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const cleanup = () => {
      payload.off('data', onData);
      payload.off('end', onEnd);
      payload.off('error', onError);
    };
    const onData = (chunk: Buffer | string) => {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      total += buf.length;
      const err = overCap(total, caps);
      if (err) {
        cleanup();
        payload.resume();
        reject(err);
        return;
      }
      chunks.push(buf);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, total));
    };
    const onError = (e: Error) => {
      cleanup();
      reject(new SvcError('SVC_INVALID_INPUT', 'The request body could not be read completely.', { cause: e }));
    };
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.resume();
  });
}

/** Parses a JSON body; syntax errors are 422 SVC_INVALID_INPUT naming the position. */
export function parseJson(buf: Buffer): unknown {
  let text = buf.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') throw new SvcError('SVC_INVALID_INPUT', 'The request body is empty; send one JSON problem document.');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (e) {
    const msg = e instanceof Error ? e.message : 'syntax error';
    throw new SvcError('SVC_INVALID_INPUT', `The body is not valid JSON: ${msg.slice(0, 200)}`, { cause: e });
  }
  // A pin written twice in the text is lost by JSON.parse: mark it for want's contradiction check.
  markPinConflicts(body, text);
  return body;
}
