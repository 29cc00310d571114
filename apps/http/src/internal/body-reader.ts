import { Transform, type Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SvcError } from '@svc/errors';
import { overCap, type BodyBudget, type BodyCaps, type PlanAnalysis } from '@svc/service';

export { overCap, type BodyCaps };
/** The JSON text checks live beside the door layer, which the off-loop body checker shares (libs/service/src/door/json-body.ts). */
export { assertUtf8ContentType, firstInvalidUtf8, parseJson } from '@svc/service';

/** Bodies declared at least this long are read into one buffer of the declared length. */
const PREALLOCATE_MIN_BYTES = 64 * 1024;

/**
 * Reads a request body, failing with 413 as soon as it passes a cap (chunked bodies included).
 * On failure the rest is drained and discarded so the error response can still be delivered.
 * A body of a declared length (`declared`, the Content-Length) is copied as it comes into one
 * buffer of that length with its own ArrayBuffer: its chunks are not all held until the end and
 * then copied whole (which held a large body twice at its last chunk).
 */
export function readBody(payload: Readable, caps: BodyCaps, declared?: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let whole: Buffer | null = declared !== undefined && Number.isSafeInteger(declared) && declared >= PREALLOCATE_MIN_BYTES && overCap(declared, caps) === null
      ? Buffer.allocUnsafeSlow(declared)
      : null;
    const cleanup = () => {
      payload.off('data', onData);
      payload.off('end', onEnd);
      payload.off('error', onError);
    };
    const onData = (chunk: Buffer | string) => {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      const at = total;
      total += buf.length;
      const err = overCap(total, caps);
      if (err) {
        cleanup();
        payload.resume();
        reject(err);
        return;
      }
      if (whole !== null && total <= whole.length) buf.copy(whole, at);
      else {
        // More than declared (never through Node's parser): the chunks as they come.
        if (whole !== null) {
          chunks.push(whole.subarray(0, at));
          whole = null;
        }
        chunks.push(buf);
      }
    };
    const onEnd = () => {
      cleanup();
      if (whole !== null) resolve(total === whole.length ? whole : Buffer.from(whole.subarray(0, total)));
      else resolve(Buffer.concat(chunks, total));
    };
    const onError = (e: Error) => {
      cleanup();
      // A refusal raised while streaming (bytes in flight past the budget) stands as it is.
      if (e instanceof SvcError) {
        payload.resume();
        reject(e);
        return;
      }
      reject(new SvcError('SVC_INVALID_INPUT', 'The request body could not be read completely.', { cause: e }));
    };
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.resume();
  });
}


/**
 * A `preParsing` hook admitting the request's body by bytes in flight, per process, before a byte
 * of it is read (door/body-budget.ts): the declared Content-Length is held at once, a chunked body
 * is counted as it streams; past the budget 503 SVC_BUSY with Retry-After. The bytes are given
 * back when the response ends (sent or cut).
 */
export function admitBody(budget: BodyBudget) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: Readable): Promise<Readable> => {
    const declared = Number(request.headers['content-length']);
    const chunked = request.headers['transfer-encoding'] !== undefined && !(declared >= 0);
    if (!(declared > 0) && !chunked) return payload;
    const hold = budget.take(declared > 0 ? declared : 0);
    reply.raw.once('close', hold.release);
    if (!chunked) return payload;
    let received = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _enc, done) {
        try {
          hold.grow(chunk.length);
        } catch (e) {
          done(e as Error);
          return;
        }
        received += chunk.length;
        (counted as Transform & { receivedEncodedLength?: number }).receivedEncodedLength = received;
        done(null, chunk);
      },
    });
    payload.on('error', (e) => counted.destroy(e));
    return payload.pipe(counted);
  };
}

/**
 * The body of a large analyze request as the content parser leaves it: the preflight's plan part,
 * computed on the body-check worker; the route adds the caller's quota (`service.analyzed`).
 */
export class PreAnalyzed {
  constructor(readonly report: PlanAnalysis) {}
}

/** The request's declared body length (a Content-Length of digits, without Transfer-Encoding), else undefined. */
export function declaredLength(request: FastifyRequest): number | undefined {
  const raw = request.headers['content-length'];
  if (request.headers['transfer-encoding'] !== undefined || typeof raw !== 'string' || !/^\d{1,15}$/.test(raw)) return undefined;
  return Number(raw);
}
