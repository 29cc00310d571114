import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import * as grpc from '@grpc/grpc-js';
import { BodyBudget } from '@svc/service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admitCallMessage } from './call-interceptor';
import { solverClient } from './client';
import { hugeSolveRequest, rawClient, solveRequestBytes, structBytes } from '../test/wire';
import { ring, startTestDoor, type TestDoor } from '../test/harness';

describe('a message is read only when its caller may send it', () => {
  let t: TestDoor;
  beforeAll(async () => {
    // A 1 MiB server cap (the largest message is 1 MiB + 64 KiB) and an 8 KiB sandbox cap.
    t = await startTestDoor({ maxBodyBytes: 1024 * 1024, sandbox: { bodyBytes: 8192 } });
  }, 60_000);
  afterAll(async () => t?.close());

  it('without credentials a problem method answers UNAUTHENTICATED before reading: a 5 MiB message never meets the 1 MiB read limit', async () => {
    const anon = rawClient(t.srv.address);
    expect(await anon.call('Solve', hugeSolveRequest(5 * 1024 * 1024))).toMatchObject({ ok: false, status: grpc.status.UNAUTHENTICATED, problem: { code: 'SVC_UNAUTHENTICATED' } });
    const wrong = rawClient(t.srv.address, 'sbx_not_a_token');
    expect(await wrong.call('Analyze', hugeSolveRequest(5 * 1024 * 1024))).toMatchObject({ ok: false, status: grpc.status.UNAUTHENTICATED });
    anon.close();
    wrong.close();
  });

  it('a caller\'s message over six times its plan\'s cap is refused on its length prefix with the 413 document', async () => {
    const sandbox = rawClient(t.srv.address, t.token);
    const r = await sandbox.call('Solve', hugeSolveRequest(512 * 1024));
    expect(r).toMatchObject({ ok: false, status: grpc.status.RESOURCE_EXHAUSTED, problem: { code: 'SVC_PAYLOAD_TOO_LARGE', status: 413, limit_bytes: 6 * 8192 + 64 * 1024 } });
    expect(!r.ok && r.details).toMatch(/^The message is \d+ bytes/);
    // Under the message cap, the problem is still measured as JSON against the plan's cap.
    expect(await sandbox.call('Solve', solveRequestBytes({ command: 'maxcut', problem: structBytes(ring(800)) }))).toMatchObject({ ok: false, problem: { code: 'SVC_PAYLOAD_TOO_LARGE', limit_bytes: 8192 } });
    expect((await sandbox.call('Solve', solveRequestBytes({ command: 'maxcut', problem: structBytes(ring(5)) }))).ok).toBe(true);
    sandbox.close();
  });

  it('a message without a problem (GetJob, Capabilities) may be at most 64 KiB, anonymous or not', async () => {
    const anon = rawClient(t.srv.address);
    const big = Buffer.concat([Buffer.from([0x0a, 0x80, 0x80, 0x08]), Buffer.alloc(128 * 1024, 0x61)]); // job_id of 128 KiB
    expect(await anon.call('GetJob', big)).toMatchObject({ ok: false, status: grpc.status.RESOURCE_EXHAUSTED, problem: { code: 'SVC_RESOURCE_LIMIT', limit_bytes: 64 * 1024 } });
    expect(await anon.call('Capabilities', big)).toMatchObject({ ok: false, status: grpc.status.RESOURCE_EXHAUSTED });
    expect((await anon.call('Capabilities', Buffer.alloc(0))).ok).toBe(true);
    anon.close();
  });

  it('a gzip message is held to the same caps once inflated (a 1 MiB job id sent as 1 KiB)', async () => {
    const gzip = rawClient(t.srv.address, undefined, { 'grpc.default_compression_algorithm': 2 });
    const jobId = Buffer.concat([Buffer.from([0x0a, 0x80, 0x80, 0x40]), Buffer.alloc(1024 * 1024, 0x61)]);
    expect(await gzip.call('GetJob', jobId)).toMatchObject({ ok: false, status: grpc.status.RESOURCE_EXHAUSTED });
    const sandboxGzip = rawClient(t.srv.address, t.token, { 'grpc.default_compression_algorithm': 2 });
    expect(await sandboxGzip.call('Solve', hugeSolveRequest(900 * 1024))).toMatchObject({ ok: false, status: grpc.status.RESOURCE_EXHAUSTED, details: expect.stringMatching(/decompresses to a size larger than 114688/) });
    expect((await sandboxGzip.call('Solve', solveRequestBytes({ command: 'maxcut', problem: structBytes(ring(5)) }))).ok).toBe(true);
    gzip.close();
    sandboxGzip.close();
  });
});

describe('every Solver call is logged once, as HTTP logs a request, with its request id', () => {
  const lines: Record<string, unknown>[] = [];
  let t: TestDoor;
  beforeAll(async () => {
    t = await startTestDoor({ access: { sandboxRatePerMinute: 3 } }, { log: { info: (fields, msg) => lines.push({ ...fields, msg }) } });
  }, 60_000);
  afterAll(async () => t?.close());

  it('{reqId, m: "gRPC", url, status, code, ms} "done"; the caller\'s x-request-id is kept and echoed; refusals under load are not logged', async () => {
    const c = solverClient(t.srv.address, t.token);
    expect((await c.solve({ command: 'maxcut', problem: ring(5) }, { metadata: { 'x-request-id': 'req-ok-1' } })).ok).toBe(true);
    expect((await c.solve({ command: 'maxcut', problem: { ...ring(3), edges: [[0, 9, 1]] } })).ok).toBe(false);
    const raw = rawClient(t.srv.address);
    const missing = await raw.call('GetJob', Buffer.from([0x0a, 0x03, 0x6a, 0x6f, 0x62]), { metadata: { 'x-request-id': 'req-missing-1' } });
    expect(missing).toMatchObject({ ok: false, status: grpc.status.NOT_FOUND });
    expect(!missing.ok && missing.metadata.get('x-request-id')).toEqual(['req-missing-1']);
    // The sandbox rate (3 a minute) is spent by now: this one is a 429, counted, not logged.
    expect(await c.capabilities()).toMatchObject({ ok: false, problem: { code: 'SVC_SANDBOX_RATE' } });
    c.close();
    raw.close();
    await new Promise((r) => setTimeout(r, 50));
    expect(lines.map(({ ms: _ms, reqId: _id, ...l }) => l)).toEqual([
      { m: 'gRPC', url: '/svc.v1.Solver/Solve', status: grpc.status.OK, msg: 'done' },
      { m: 'gRPC', url: '/svc.v1.Solver/Solve', status: grpc.status.INVALID_ARGUMENT, code: 'SVC_INVALID_INPUT', msg: 'done' },
      { m: 'gRPC', url: '/svc.v1.Solver/GetJob', status: grpc.status.NOT_FOUND, code: 'SVC_NOT_FOUND', msg: 'done' },
    ]);
    expect(lines.map((l) => l.reqId)).toEqual(['req-ok-1', expect.stringMatching(/^[0-9a-f-]{36}$/), 'req-missing-1']);
    for (const l of lines) expect(typeof l.ms).toBe('number');
  });
});

describe('admitCallMessage on grpc-js\'s own decoder', () => {
  const require = createRequire(import.meta.url);
  const { StreamDecoder } = require('@grpc/grpc-js/build/src/stream-decoder.js') as { StreamDecoder: new (max: number) => { write(d: Buffer): Buffer[]; readPartialMessage: Buffer[] } };

  it('a large admitted message is copied into one buffer of its declared length as it comes: no chunk is kept, the framed bytes are the same', () => {
    const decoder = new StreamDecoder(-1);
    const call = { decoder, stream: new EventEmitter() };
    const budget = new BodyBudget(64 * 1024 * 1024);
    expect(admitCallMessage(call, budget, () => { throw new Error('not busy'); })).toBe(true);
    const message = Buffer.alloc(3 * 1024 * 1024 + 7);
    for (let i = 0; i < message.length; i++) message[i] = (i * 31) & 0xff;
    const framed = Buffer.concat([Buffer.from([0, 0, 0, 0, 0]), message]);
    framed.writeUInt32BE(message.length, 1);
    const out: Buffer[] = [];
    // 16 KiB DATA frames, as HTTP/2 delivers them; one more message's first bytes after it.
    const wire = Buffer.concat([framed, Buffer.from([0, 0, 0, 0, 2, 9])]);
    for (let at = 0; at < wire.length; at += 16_384) {
      out.push(...decoder.write(wire.subarray(at, at + 16_384)));
      // Before: grpc-js kept every chunk (a 120 MiB message: 7,680 of them) until the last came.
      expect(decoder.readPartialMessage.length).toBeLessThanOrEqual(1);
    }
    expect(out).toHaveLength(1);
    expect(out[0].equals(framed)).toBe(true);
    expect(budget.inFlight).toBe(message.length);
    out.push(...decoder.write(Buffer.from([8])));
    expect(out[1]?.equals(Buffer.from([0, 0, 0, 0, 2, 9, 8]))).toBe(true);
    call.stream.emit('close');
    expect(budget.inFlight).toBe(0);
  });
});
