/**
 * Test helpers that write request messages byte by byte, so tests can send what no well-behaved
 * client library sends: `__proto__` keys, bytes that are not UTF-8, deep nesting, huge messages,
 * garbage. `rawClient` calls a Solver method with such bytes and decodes the reply normally.
 */
import http2 from 'node:http2';
import * as grpc from '@grpc/grpc-js';
import protobuf from 'protobufjs';
import { loadSolverPackage, SERVICE_NAME } from '../src/server';
import { problemOf } from '../src/client';
import { fromStruct, type PbStruct } from '../src/struct';

/** A JSON value whose Buffers are written as string_value bytes as they are (invalid UTF-8 included). */
export type RawJson = null | number | string | boolean | Buffer | RawJson[] | { [k: string]: RawJson };

function writeValue(w: protobuf.Writer, x: RawJson): void {
  if (x === null) w.uint32((1 << 3) | 0).int32(0);
  else if (typeof x === 'number') w.uint32((2 << 3) | 1).double(x);
  else if (typeof x === 'string') w.uint32((3 << 3) | 2).string(x);
  else if (Buffer.isBuffer(x)) w.uint32((3 << 3) | 2).bytes(x);
  else if (typeof x === 'boolean') w.uint32((4 << 3) | 0).bool(x);
  else if (Array.isArray(x)) {
    w.uint32((6 << 3) | 2).fork();
    for (const v of x) {
      w.uint32((1 << 3) | 2).fork();
      writeValue(w, v);
      w.ldelim();
    }
    w.ldelim();
  } else {
    w.uint32((5 << 3) | 2).fork();
    writeStructFields(w, x);
    w.ldelim();
  }
}

/** Map entries of an object, keys as given (own `__proto__` keys too). */
function writeStructFields(w: protobuf.Writer, o: { [k: string]: RawJson }): void {
  for (const k of Object.keys(o)) {
    w.uint32((1 << 3) | 2).fork();
    w.uint32((1 << 3) | 2).string(k);
    w.uint32((2 << 3) | 2).fork();
    writeValue(w, o[k]);
    w.ldelim();
    w.ldelim();
  }
}

/** google.protobuf.Struct bytes of an object. */
export function structBytes(o: { [k: string]: RawJson }): Buffer {
  const w = protobuf.Writer.create();
  writeStructFields(w, o);
  return Buffer.from(w.finish());
}

/** google.protobuf.Value bytes. */
export function valueBytes(x: RawJson): Buffer {
  const w = protobuf.Writer.create();
  writeValue(w, x);
  return Buffer.from(w.finish());
}

/** An object parsed as JSON.parse parses it (an own `__proto__` key included). */
export function jsonObject(text: string): { [k: string]: RawJson } {
  return JSON.parse(text) as { [k: string]: RawJson };
}

/** Bytes of a SolveRequest: `problem` as Struct bytes (already encoded) and string / uint32 options. */
export function solveRequestBytes(m: { command?: string; problem?: Buffer; effort?: string; seed?: number; max_latency_ms?: number; idempotency_key?: string }): Buffer {
  const w = protobuf.Writer.create();
  if (m.command !== undefined) w.uint32((1 << 3) | 2).string(m.command);
  if (m.problem !== undefined) w.uint32((2 << 3) | 2).bytes(m.problem);
  if (m.effort !== undefined) w.uint32((4 << 3) | 2).string(m.effort);
  if (m.seed !== undefined) w.uint32((5 << 3) | 0).uint32(m.seed);
  if (m.max_latency_ms !== undefined) w.uint32((6 << 3) | 0).uint32(m.max_latency_ms);
  if (m.idempotency_key !== undefined) w.uint32((8 << 3) | 2).string(m.idempotency_key);
  return Buffer.from(w.finish());
}

function varint(n: number): Buffer {
  const out: number[] = [];
  while (n >= 0x80) {
    out.push((n % 0x80) | 0x80);
    n = Math.floor(n / 0x80);
  }
  out.push(n);
  return Buffer.from(out);
}

/**
 * A SolveRequest of about `bytes` bytes: command maxcut and a problem whose `edges` is one flat list
 * of zeros (11 bytes per number on the wire), written directly (protobufjs would take seconds).
 */
export function hugeSolveRequest(bytes: number): Buffer {
  const count = Math.floor(bytes / 11);
  const item = Buffer.from([0x0a, 0x09, 0x11, 0, 0, 0, 0, 0, 0, 0, 0]);
  const list = Buffer.alloc(count * 11);
  for (let i = 0; i < count; i++) item.copy(list, i * 11);
  const listValue = Buffer.concat([Buffer.from([0x32]), varint(list.length), list]); // Value.list_value
  const key = Buffer.from('edges');
  const entry = Buffer.concat([Buffer.from([0x0a]), varint(key.length), key, Buffer.from([0x12]), varint(listValue.length), listValue]);
  const struct = Buffer.concat([Buffer.from([0x0a]), varint(entry.length), entry]);
  return Buffer.concat([solveRequestBytes({ command: 'maxcut' }), Buffer.from([0x12]), varint(struct.length), struct]);
}

export type RawReply = { ok: true; value: Record<string, unknown>; queued: boolean } | { ok: false; status: grpc.status; details: string; problem: Record<string, unknown> | null; metadata: grpc.Metadata };

/** A client of the Solver that sends request bytes as they are (`options`: channel options, e.g. compression). */
export function rawClient(address: string, token?: string, options: grpc.ChannelOptions = {}) {
  const pkg = loadSolverPackage();
  const def = pkg[SERVICE_NAME] as unknown as grpc.ServiceDefinition;
  const raw = Object.fromEntries(Object.entries(def).map(([name, m]) => [name, { ...m, requestSerialize: (b: Buffer) => b }]));
  const Client = grpc.makeGenericClientConstructor(raw as grpc.ServiceDefinition, SERVICE_NAME);
  const client = new Client(address, grpc.credentials.createInsecure(), { 'grpc.max_send_message_length': -1, 'grpc.max_receive_message_length': -1, ...options }) as unknown as Record<string, Function> & grpc.Client;
  const call = (method: string, bytes: Buffer, opts: { metadata?: Record<string, string>; deadline?: number } = {}): Promise<RawReply> =>
    new Promise((resolve) => {
      const md = new grpc.Metadata();
      if (token) md.set('authorization', `Bearer ${token}`);
      for (const [k, v] of Object.entries(opts.metadata ?? {})) md.set(k, v);
      client[method].call(client, bytes, md, opts.deadline !== undefined ? { deadline: opts.deadline } : {}, (err: grpc.ServiceError | null, res: { result?: PbStruct; queued?: PbStruct; fields?: unknown }) => {
        if (err) return resolve({ ok: false, status: err.code, details: err.details, problem: problemOf(err), metadata: err.metadata });
        const s = res.result ?? res.queued ?? (res as PbStruct);
        resolve({ ok: true, value: fromStruct(s), queued: res.queued !== undefined && res.queued !== null });
      });
    });
  return { call, close: () => client.close() };
}

/**
 * Sends one gRPC message over Node's own HTTP/2 client (framed by hand), ending the request, and
 * resolves once the stream closes: the `grpc-status` the server answered and how many bytes this
 * client got to write (a server that stops the request early lets far fewer than the message through).
 */
export function pushMessage(address: string, path: string, message: Buffer, token?: string): Promise<{ status: string | undefined; bytesWritten: number; rstCode: number | undefined }> {
  const session = http2.connect(`http://${address}`, { maxSessionMemory: 1024 });
  const frame = Buffer.allocUnsafe(5 + message.length);
  frame[0] = 0;
  frame.writeUInt32BE(message.length, 1);
  message.copy(frame, 5);
  return new Promise((resolve, reject) => {
    session.once('error', reject);
    let status: string | undefined;
    const stream = session.request({ ':method': 'POST', ':path': path, 'content-type': 'application/grpc', te: 'trailers', ...(token ? { authorization: `Bearer ${token}` } : {}) });
    stream.on('response', (h) => { if (h['grpc-status'] !== undefined) status = String(h['grpc-status']); });
    stream.on('trailers', (t) => { status = String(t['grpc-status']); });
    stream.on('data', () => {});
    stream.on('error', () => {});
    stream.on('close', () => {
      const bytesWritten = session.socket.bytesWritten;
      const rstCode = stream.rstCode;
      session.close();
      resolve({ status, bytesWritten, rstCode });
    });
    stream.end(frame);
  });
}
