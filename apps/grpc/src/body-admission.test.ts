import path from 'node:path';
import { createRequire } from 'node:module';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { service as healthService } from 'grpc-health-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hugeSolveRequest, pushMessage, rawClient, solveRequestBytes, structBytes } from '../test/wire';
import { ring, startTestDoor, type TestDoor } from '../test/harness';
import { REFLECTION_MAX_REQUESTS } from './bounded-reflection';

// Issue 32 part 2 over gRPC: messages admitted by bytes in flight on their length prefix, large
// problems decoded off the event loop, server reflection bounded per stream.
let t: TestDoor;
beforeAll(async () => {
  t = await startTestDoor({ bodyBytesInFlight: 1_000_000 });
}, 60_000);
afterAll(async () => t?.close());

describe('gRPC bodies', () => {
  it('a message past the bytes in flight is refused with SVC_BUSY (UNAVAILABLE) on its length prefix; admitted once the bytes are back', async () => {
    const other = t.service.bodies.budget.take(900_000);
    const c = rawClient(t.srv.address, t.token);
    try {
      const busy = await c.call('Solve', hugeSolveRequest(500_000));
      expect(busy).toMatchObject({ ok: false, status: grpc.status.UNAVAILABLE, problem: { code: 'SVC_BUSY', retryable: true, retry_after: 2 } });
      other.release();
      const after = await c.call('Solve', hugeSolveRequest(500_000));
      // Read and refused on its content now (no tag), not for want of room.
      expect(after).toMatchObject({ ok: false, problem: { code: 'SVC_MISSING_TAG' } });
      expect(t.service.bodies.budget.inFlight).toBe(0);
    } finally {
      other.release();
      c.close();
    }
  });

  it('a refused message is not read on: the stream is reset (NO_ERROR) after the status, so the caller stops sending (busy, unauthenticated, over the plan)', async () => {
    const message = hugeSolveRequest(40_000_000);
    const other = t.service.bodies.budget.take(900_000);
    try {
      const busy = await pushMessage(t.srv.address, '/svc.v1.Solver/Solve', message, t.token);
      expect(busy.status).toBe(String(grpc.status.UNAVAILABLE));
      // Before: the server drained all 40 MB; now it stops the caller after the first frames.
      expect(busy.bytesWritten).toBeLessThan(4_000_000);
      expect(busy.rstCode).toBe(0);
    } finally {
      other.release();
    }
    const unauthenticated = await pushMessage(t.srv.address, '/svc.v1.Solver/Solve', message, 'not-a-key');
    expect(unauthenticated.status).toBe(String(grpc.status.UNAUTHENTICATED));
    expect(unauthenticated.bytesWritten).toBeLessThan(4_000_000);
    // Past the sandbox's message cap (six times its JSON cap): refused on the length prefix.
    const over = await pushMessage(t.srv.address, '/svc.v1.Solver/Solve', hugeSolveRequest(200_000_000), t.token);
    expect(over.status).toBe(String(grpc.status.RESOURCE_EXHAUSTED));
    expect(over.bytesWritten).toBeLessThan(4_000_000);
    expect(t.service.bodies.budget.inFlight).toBe(0);
  }, 120_000);

  it('a large problem is decoded and validated off the event loop: a health check sent as it starts is answered before the refusal', async () => {
    const checker = t.service.bodies.checker;
    const original = checker.checkWire.bind(checker);
    const order: string[] = [];
    let health: Promise<void> | undefined;
    const Health = grpc.makeGenericClientConstructor(healthService as grpc.ServiceDefinition, 'grpc.health.v1.Health');
    const hc = new Health(t.srv.address, grpc.credentials.createInsecure()) as unknown as grpc.Client & { check: Function };
    (checker as { checkWire: typeof checker.checkWire }).checkWire = (...a) => {
      health = new Promise<void>((resolve) => hc.check({ service: '' }, (err: grpc.ServiceError | null, r?: { status: string }) => {
        order.push(err ? `health ${err.code}` : `health ${r?.status}`);
        resolve();
      }));
      return original(...a);
    };
    const c = rawClient(t.srv.address, t.token);
    try {
      // 30 MB on the wire, 5.5 MB of JSON: within the sandbox's caps, without a tag.
      const r = await c.call('Solve', hugeSolveRequest(30_000_000));
      order.push(r.ok ? 'solve ok' : `solve ${String(r.problem?.code)}`);
      await health;
    } finally {
      (checker as { checkWire: typeof checker.checkWire }).checkWire = original;
      c.close();
      hc.close();
    }
    expect(order).toEqual(['health SERVING', 'solve SVC_MISSING_TAG']);
  }, 120_000);

  it('a large valid problem checked off the loop is then solved from the same bytes (moved there and back)', async () => {
    const c = rawClient(t.srv.address, t.token);
    try {
      const problem = structBytes(ring(40_000));
      expect(problem.length).toBeGreaterThan(t.service.bodies.checker.thresholdBytes);
      const r = await c.call('Analyze', solveRequestBytes({ command: 'maxcut', problem }));
      expect(r.ok && r.value, JSON.stringify(r).slice(0, 300)).toMatchObject({ command: 'maxcut', n: 40_000, terms: 40_000 });
    } finally {
      c.close();
    }
  }, 60_000);

  it(`a reflection stream carries at most ${REFLECTION_MAX_REQUESTS} requests, then ends with RESOURCE_EXHAUSTED`, async () => {
    const require = createRequire(import.meta.url);
    const proto = path.join(path.dirname(require.resolve('@grpc/reflection/package.json')), 'build', 'proto', 'grpc', 'reflection', 'v1', 'reflection.proto');
    const def = protoLoader.loadSync(proto, { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true });
    const Reflection = (grpc.loadPackageDefinition(def) as any).grpc.reflection.v1.ServerReflection;
    const rc = new Reflection(t.srv.address, grpc.credentials.createInsecure());
    const stream = rc.ServerReflectionInfo();
    let replies = 0;
    const ended = new Promise<grpc.ServiceError | null>((resolve) => {
      stream.on('data', () => replies++);
      stream.on('error', (e: grpc.ServiceError) => resolve(e));
      stream.on('end', () => resolve(null));
    });
    for (let i = 0; i < REFLECTION_MAX_REQUESTS + 50; i++) stream.write({ list_services: '' });
    stream.end();
    const err = await ended;
    rc.close();
    expect(err?.code).toBe(grpc.status.RESOURCE_EXHAUSTED);
    expect(replies).toBe(REFLECTION_MAX_REQUESTS);
  }, 60_000);
});
