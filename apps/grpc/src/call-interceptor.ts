/**
 * The server interceptor of `svc.v1.Solver`: every call gets a request id (`x-request-id`, the
 * caller's when sane, echoed in the trailers) and one log line when it ends, as HTTP requests do;
 * calls that carry a problem are authenticated from their metadata before a byte of their message
 * is read; calls whose message is a job id or nothing may not send more than a small message.
 *
 * grpc-js reads a message only when the handler asks for it (`startRead` after the metadata), so
 * holding the metadata until the credential is checked keeps an unauthenticated 120 MiB message
 * on the wire: refused with UNAUTHENTICATED, then the stream is reset so the caller stops sending
 * (`stopReading`).
 */
import { randomUUID } from 'node:crypto';
import http2 from 'node:http2';
import * as grpc from '@grpc/grpc-js';
import { SvcError } from '@svc/errors';
import type { BodyHold, BodyBudget, Principal, Service } from '@svc/service';
import { authorizationOf, ipOf } from './caller';
import { grpcError } from './problem-trailers';
import { PROBLEM_METADATA_KEY } from './status-codes';

/** A pino-style logger (Fastify's `app.log` is one). */
export interface CallLog {
  info(fields: Record<string, unknown>, msg: string): void;
}

export interface CallInterceptorOptions {
  readonly service: Service;
  readonly docsUrl?: string;
  /** Full paths (`/svc.v1.Solver/Solve`) of methods whose message carries a problem: authenticated before reading. */
  readonly authenticated: ReadonlySet<string>;
  /** Paths whose message is small (a job id, nothing; health, reflection), and the most it may be. */
  readonly small: (path: string) => boolean;
  readonly smallMessageBytes: number;
  /** The most an authenticated caller may send in one message (its plan's bound), and the refusal beyond it. */
  readonly messageCap: (principal: Principal) => { bytes: number; refusal: (size: number) => SvcError };
  /** Paths whose calls are logged and given a request id (the Solver's; not health or reflection). */
  readonly logged: (path: string) => boolean;
  readonly log?: CallLog;
}

/** A caller's request id is kept when it is short and plain (as over HTTP); otherwise one is minted. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Lowers grpc-js's receive limits for one call, and answers a message over them with `onOver` (a
 * problem document, as every other fault). The server has one limit for every method (the binary
 * lane needs 128 MiB, a job id a few bytes); there is no per-call option, so this call's own are
 * lowered: its StreamDecoder's, checked on each message's length prefix before the message is
 * buffered, and the one a compressed message may inflate to. Internal fields of grpc-js 1.14
 * (server-interceptors.ts): the tests of this file fail if they move.
 */
export function capCallMessage(call: unknown, bytes: number, onOver: (size: number) => void): boolean {
  const base = call as { decoder?: { maxReadMessageLength?: unknown; readMessageSize?: unknown; write?: unknown }; maxReceiveMessageSize?: unknown };
  const decoder = base.decoder;
  if (!decoder || typeof decoder.maxReadMessageLength !== 'number' || typeof decoder.write !== 'function' || typeof base.maxReceiveMessageSize !== 'number') return false;
  const lower = (current: number) => (current === -1 ? bytes : Math.min(current, bytes));
  decoder.maxReadMessageLength = lower(decoder.maxReadMessageLength);
  base.maxReceiveMessageSize = lower(base.maxReceiveMessageSize);
  const write = (decoder.write as (data: Buffer) => Buffer[]).bind(decoder);
  decoder.write = (data: Buffer) => {
    try {
      return write(data);
    } catch (e) {
      // grpc-js answers this throw with a bare RESOURCE_EXHAUSTED; ours goes first (its own is then ignored).
      onOver(Number(decoder.readMessageSize) || 0);
      throw e;
    }
  };
  return true;
}

/**
 * A message at least this long is copied into one buffer of its declared length as its chunks come
 * (below it, grpc-js's own decoder keeps the chunks and concatenates them at the end).
 */
export const COPY_AS_READ_BYTES = 1024 * 1024;

interface Decoder {
  write(data: Buffer): Buffer[];
  readState: number;
  readMessageSize: number;
  readCompressFlag: Buffer;
  readPartialSize: Buffer;
  readPartialMessage: Buffer[];
}
const NO_DATA = 0;
const READING_MESSAGE = 2;

/**
 * Admits a call's message by bytes in flight, per process (door/body-budget.ts, shared with HTTP):
 * the moment its length prefix is read, before the rest is buffered, the message's length is held
 * or the call is answered with `onBusy` (503 SVC_BUSY, retryable). The bytes are given back when
 * the call's stream closes. An admitted message of COPY_AS_READ_BYTES or more is then copied into
 * one buffer of its length as each HTTP/2 chunk arrives: grpc-js keeps every chunk (7,680 of 16 KiB
 * for 120 MiB) until the last, then concatenates them in one go on this thread, and the chunks'
 * memory lives long enough to prompt full garbage collections; copied, each dies young. Same
 * internal fields of grpc-js 1.14 (stream-decoder.ts) as `capCallMessage`; the tests of this file
 * fail if they move.
 */
export function admitCallMessage(call: unknown, budget: BodyBudget, onBusy: (err: SvcError) => void): boolean {
  const base = call as { decoder?: Partial<Decoder>; stream?: { once?: unknown } };
  const decoder = base.decoder as Decoder | undefined;
  const stream = base.stream;
  if (!decoder || typeof decoder.write !== 'function' || typeof decoder.readState !== 'number' || !Array.isArray(decoder.readPartialMessage) || !stream || typeof stream.once !== 'function') return false;
  let hold: BodyHold | undefined;
  let refused = false;
  /** The message being copied as it comes: its framed bytes, how many are in. */
  let filling: { framed: Buffer; at: number } | undefined;
  (stream.once as (e: string, f: () => void) => void).call(stream, 'close', () => hold?.release());
  const write = decoder.write.bind(decoder);
  const own = (data: Buffer): Buffer[] => {
    const f = filling!;
    const n = Math.min(data.length, f.framed.length - f.at);
    data.copy(f.framed, f.at, 0, n);
    f.at += n;
    if (f.at < f.framed.length) return [];
    filling = undefined;
    decoder.readState = NO_DATA;
    decoder.readPartialMessage = [];
    return n < data.length ? [f.framed, ...decoder.write(data.subarray(n))] : [f.framed];
  };
  decoder.write = (data: Buffer) => {
    // The rest of a refused message is dropped as it comes (grpc-js would buffer it whole).
    if (refused) return [];
    if (filling) return own(data);
    const out = write(data);
    // READING_MESSAGE: the length is known and the body is still to come.
    if (hold === undefined && decoder.readState === READING_MESSAGE) {
      const size = Number(decoder.readMessageSize) || 0;
      try {
        hold = budget.take(size);
      } catch (e) {
        refused = true;
        decoder.readPartialMessage = [];
        onBusy(e as SvcError);
        throw e;
      }
      if (size >= COPY_AS_READ_BYTES) {
        // From now on this message's bytes go straight to their place; what came with the prefix first.
        const framed = Buffer.allocUnsafeSlow(5 + size);
        decoder.readCompressFlag.copy(framed, 0, 0, 1);
        decoder.readPartialSize.copy(framed, 1, 0, 4);
        let at = 5;
        for (const part of decoder.readPartialMessage) at += part.copy(framed, at);
        decoder.readPartialMessage = [];
        filling = { framed, at };
      }
    }
    return out;
  };
  return true;
}

/**
 * Ends the caller's side of a refused call whose message is still coming: once the status is sent,
 * the HTTP/2 stream is reset with NO_ERROR (RFC 9113 §8.1: a server that answered before the
 * request ended may ask the client to stop sending so), so the rest of a 120 MiB message is not
 * sent, read and dropped on this thread. grpc-js keeps reading a stream after its status (and Node
 * closes one early only when nothing was read from it). Same internal field as `admitCallMessage`.
 */
export function stopReading(call: unknown): void {
  const stream = (call as { stream?: { readableEnded?: unknown; destroyed?: unknown; close?: unknown } }).stream;
  if (!stream || typeof stream.close !== 'function' || stream.readableEnded === true || stream.destroyed === true) return;
  // Node sends the RST_STREAM once the status's frames are written (closeStream waits for 'finish').
  (stream.close as (code: number) => void).call(stream, http2.constants.NGHTTP2_NO_ERROR);
}

/** `{code, status}` of the problem document in a status's trailers, if any. */
function problemOf(md: grpc.Metadata | null | undefined): { code?: string; http?: number } {
  const raw = md?.get(PROBLEM_METADATA_KEY)[0];
  if (raw === undefined) return {};
  const text = Buffer.isBuffer(raw) ? raw.toString('utf8') : String(raw);
  const code = /"code":"(SVC_[A-Z_]+)"/.exec(text)?.[1];
  const http = /"status":(\d{3})/.exec(text)?.[1];
  return { code, http: http === undefined ? undefined : Number(http) };
}

const smallRefusal = (path: string, limit: number) => (size: number) =>
  new SvcError('SVC_RESOURCE_LIMIT', `A ${path.split('/').pop()} message is ${size} bytes; it carries no problem and may be at most ${limit} bytes.`, {
    extensions: { limit_bytes: limit },
  });

/**
 * A unary reply's status goes out right behind its message. grpc-js's unary handler sends the
 * status only from the message's write callback, which Node's HTTP/2 stream calls once the bytes
 * have reached the socket, a turn of the event loop later: under load every reply waited one more
 * turn (behind every other call's events) before its trailers, which are what ends the call for
 * the caller. The stream keeps the order (message, then end and trailers); a write that fails
 * ends the stream, and the caller sees that instead of the status.
 */
export function statusWithoutWaiting(ic: grpc.ServerInterceptingCall): void {
  const send = ic.sendMessage.bind(ic);
  ic.sendMessage = (message: unknown, callback: () => void) => {
    send(message, () => {});
    callback();
  };
}

export interface CallInterceptor {
  readonly interceptor: grpc.ServerInterceptor;
  /** The principal the interceptor authenticated for the call with this metadata (authenticated methods). */
  principalOf(md: grpc.Metadata): Principal | undefined;
}

export function callInterceptor(opts: CallInterceptorOptions): CallInterceptor {
  const principals = new WeakMap<grpc.Metadata, Principal>();
  const interceptor: grpc.ServerInterceptor = (method, call) => {
    const path = method.path;
    let ic: grpc.ServerInterceptingCall | undefined;
    const refuse = (err: unknown) => {
      (ic ?? call).sendStatus(grpcError(err, opts.docsUrl));
      stopReading(call);
    };
    // Must be the first interceptor of the server: `call` is then grpc-js's own.
    if (opts.small(path)) capCallMessage(call, opts.smallMessageBytes, (size) => refuse(smallRefusal(path, opts.smallMessageBytes)(size)));
    const logged = opts.logged(path);
    const authenticated = opts.authenticated.has(path);
    if (!logged && !authenticated) return new grpc.ServerInterceptingCall(call);
    const started = performance.now();
    let reqId: string | undefined;
    ic = new grpc.ServerInterceptingCall(call, {
      start: (next) =>
        next({
          onReceiveMetadata: (metadata, pass) => {
            const given = metadata.get('x-request-id')[0];
            reqId = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
            if (!authenticated) {
              pass(metadata);
              return;
            }
            opts.service.authenticate(authorizationOf(metadata), { ip: ipOf(call.getPeer()) }).then(
              (principal) => {
                principals.set(metadata, principal);
                const cap = opts.messageCap(principal);
                capCallMessage(call, cap.bytes, (size) => refuse(cap.refusal(size)));
                admitCallMessage(call, opts.service.bodies.budget, refuse);
                pass(metadata);
              },
              refuse,
            );
          },
        }),
      sendStatus: (status, next) => {
        if (!logged) {
          next(status);
          return;
        }
        const metadata = status.metadata ?? new grpc.Metadata();
        reqId ??= randomUUID();
        metadata.set('x-request-id', reqId);
        const { code, http } = problemOf(metadata);
        // Refusals under load (429, 503) come by the thousand and are counted by the fault log instead, as over HTTP.
        if (opts.log && http !== 429 && http !== 503) {
          opts.log.info({ reqId, m: 'gRPC', url: path, status: status.code, ...(code ? { code } : {}), ms: Math.round(performance.now() - started) }, 'done');
        }
        next({ ...status, metadata });
      },
    });
    if (!method.responseStream) statusWithoutWaiting(ic);
    return ic;
  };
  return { interceptor, principalOf: (md) => principals.get(md) };
}
