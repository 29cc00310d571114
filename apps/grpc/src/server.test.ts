import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { createRequire } from 'node:module';
import { service as healthService } from 'grpc-health-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, ERRORS } from '@svc/errors';
import { createDoor, createService, type Service } from '@svc/service';
import { loadSolverPackage, startGrpcServer, type RunningGrpc } from './server';
import { decodeStatusDetails, STATUS_DETAILS_KEY } from './status-details';
import { solverClient } from './client';
import { GRPC_STATUS } from './status-codes';
import { fromStruct, toStruct } from './struct';
import { ring, startTestDoor, TAG, verifiedKey, type TestDoor } from '../test/harness';
import { TEST_JOB_LIMITS } from '../../../libs/service/test/job-limits';

/** Work ≈ 3.7e7 at effort medium: queued under the 3e7 threshold below. */
function sparse(seed: number) {
  const edges: number[][] = [];
  for (let i = 0; i < 200; i++) for (const d of [1, 7, 31]) edges.push([i, (i + d) % 200, 1 + ((i * d + seed) % 5)]);
  return { tag: TAG, description: 'Split a sparse network into two sides.', n: 200, edges };
}

let dir: string;
let service: Service;
let srv: RunningGrpc;
let token: string;
let client: ReturnType<typeof solverClient>;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-grpc-'));
  service = await createService({ dataDir: dir, engine: 'ts', workers: 1, env: {}, sandbox: { bodyBytes: 8192 }, jobs: { ...TEST_JOB_LIMITS, queueThresholdWork: 30_000_000 }, access: { resultCacheBytes: 0 } });
  srv = await startGrpcServer({ service, door: createDoor(service), port: 0, onFault: () => {} });
  token = (await service.sandboxInfo()).token;
  client = solverClient(srv.address, token);
}, 60_000);
afterAll(async () => {
  client?.close();
  await srv?.close();
  await service?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('gRPC svc.v1.Solver', () => {
  it('Solve answers the envelope the service answers (same receipt), certified', async () => {
    const r = await client.solve({ command: 'maxcut', problem: ring(5), effort: 'high', seed: 7 });
    const principal = await service.authenticate(`Bearer ${token}`, { ip: '127.0.0.1' });
    const direct = await service.solve('maxcut', ring(5), { principal, query: { effort: 'high', seed: 7 } });
    expect(r.ok && r.queued).toBe(false);
    expect(r.ok && r.value).toMatchObject({ cut_value: 4, certainty: direct.certainty, receipt: direct.receipt, answer: direct.answer });
  });

  it('Compute routes by shape; Analyze and Verify are free reports; Capabilities lists the commands', async () => {
    const c = await client.compute({ problem: ring(4) });
    expect(c.ok && (c.value.routed as { command: string }).command).toBe('maxcut');
    const a = await client.analyze({ command: 'maxcut', problem: ring(6), effort: 'high' });
    expect(a.ok && a.value).toMatchObject({ command: 'maxcut', compute_units: 4, charged: 0 });
    const v = await client.verify({ command: 'maxcut', problem: ring(6), answer: [0, 1, 0, 1, 0, 1] });
    expect(v.ok && v.value).toMatchObject({ ok: true, objective: 6 });
    const caps = await client.capabilities();
    expect(caps.ok && (caps.value.commands as { name: string }[]).map((x) => x.name)).toContain('maxcut');
  });

  it('the certificate option and a certificate to verify reach the door (docs/certificates.md)', async () => {
    const none = await client.solve({ command: 'maxcut', problem: ring(6), effort: 'high', certificate: 'none' });
    expect(none.ok && none.value).toMatchObject({ certificate: null, certificate_omitted: expect.stringContaining('certificate=none') });
    const full = await client.solve({ command: 'maxcut', problem: ring(6), effort: 'high' });
    const cert = full.ok ? (full.value.certificate as Record<string, unknown>) : null;
    expect(cert).toMatchObject({ kind: 'bipartite' });
    const answer = full.ok ? full.value.answer : null;
    const proven = await client.verify({ command: 'maxcut', problem: ring(6), answer, certificate: cert });
    expect(proven.ok && proven.value).toMatchObject({ ok: true, verification: 'formal_proof' });
    const bad = await client.solve({ command: 'maxcut', problem: ring(6), certificate: 'some' as 'full' });
    expect(!bad.ok && bad.problem).toMatchObject({ code: 'SVC_INVALID_INPUT' });
  });

  it('faults: mapped status, the detail, and the problem document in svc-problem-bin', async () => {
    const bad = await client.solve({ command: 'maxcut', problem: { ...ring(3), edges: [[0, 9, 1]] } });
    expect(bad).toMatchObject({ ok: false, status: grpc.status.INVALID_ARGUMENT });
    expect(!bad.ok && bad.problem).toMatchObject({ code: 'SVC_INVALID_INPUT', status: 422, retryable: false });
    expect(!bad.ok && typeof bad.problem!.agent_fix_prompt).toBe('string');
    // The same document in the standard rich status (google.rpc.Status details).
    const raw = await new Promise<grpc.ServiceError>((resolve) => {
      const Solver = (grpc.loadPackageDefinition(loadSolverPackage()) as any).svc.v1.Solver;
      const c = new Solver(srv.address, grpc.credentials.createInsecure());
      const md = new grpc.Metadata();
      md.set('authorization', `Bearer ${token}`);
      c.Solve({ command: 'maxcut', problem: toStruct({ ...ring(3), edges: [[0, 9, 1]] }) }, md, (e: grpc.ServiceError) => { c.close(); resolve(e); });
    });
    const details = decodeStatusDetails(raw.metadata.get(STATUS_DETAILS_KEY)[0] as Buffer);
    expect(details).toMatchObject({ code: grpc.status.INVALID_ARGUMENT, message: raw.details });
    expect(details.problem).toEqual(bad.ok ? null : bad.problem);
    const anon = solverClient(srv.address);
    expect(await anon.solve({ command: 'maxcut', problem: ring(3) })).toMatchObject({ ok: false, status: grpc.status.UNAUTHENTICATED, problem: { code: 'SVC_UNAUTHENTICATED' } });
    anon.close();
    const wrong = solverClient(srv.address, 'sbx_wrong');
    expect(await wrong.solve({ command: 'maxcut', problem: ring(3) })).toMatchObject({ ok: false, status: grpc.status.UNAUTHENTICATED });
    wrong.close();
    expect(await client.solve({ command: 'not-a-command', problem: ring(3) })).toMatchObject({ ok: false, status: grpc.status.UNIMPLEMENTED, problem: { code: 'SVC_UNSUPPORTED' } });
    expect(await client.solve({ command: 'maxcut', problem: ring(1500) })).toMatchObject({ ok: false, status: grpc.status.RESOURCE_EXHAUSTED, problem: { code: 'SVC_PAYLOAD_TOO_LARGE' } });
    expect(await client.getJob('job_missing')).toMatchObject({ ok: false, status: grpc.status.NOT_FOUND, problem: { code: 'SVC_NOT_FOUND' } });
    const h = { 'idempotency-key': 'grpc-replay-1' };
    const a = await client.solve({ command: 'maxcut', problem: ring(7), seed: 3 }, { metadata: h });
    const b = await client.solve({ command: 'maxcut', problem: ring(7), seed: 3 }, { metadata: h });
    expect(b.ok && b.value.receipt).toBe(a.ok && a.value.receipt);
    expect(await client.solve({ command: 'maxcut', problem: ring(7), seed: 4 }, { metadata: h })).toMatchObject({ ok: false, status: grpc.status.ALREADY_EXISTS, problem: { code: 'SVC_IDEMPOTENCY_CONFLICT' } });
  });

  it('maps every SVC_ code to a status, by kind of fault', () => {
    for (const code of ERROR_CODES) {
      const s = GRPC_STATUS[code];
      expect(typeof s, code).toBe('number');
      const http = ERRORS[code].http;
      if (http === 401) expect(s, code).toBe(grpc.status.UNAUTHENTICATED);
      if (http === 403) expect(s, code).toBe(grpc.status.PERMISSION_DENIED);
      if (http === 422) expect(s, code).toBe(grpc.status.INVALID_ARGUMENT);
      if (http === 429 || http === 402 || http === 413) expect(s, code).toBe(grpc.status.RESOURCE_EXHAUSTED);
      if (http === 503) expect(s, code).toBe(grpc.status.UNAVAILABLE);
    }
  });

  it('a queued job streams through WatchJob to done; CancelJob cancels another', async () => {
    const ack = await client.solve({ command: 'maxcut', problem: sparse(1), seed: 1 });
    expect(ack.ok && ack.queued).toBe(true);
    const id = (ack as unknown as { value: { job_id: string } }).value.job_id;
    const { jobs, end } = await client.watchJob(id);
    expect(end).toBeNull();
    expect(jobs.length).toBeGreaterThanOrEqual(1);
    expect(jobs.at(-1)).toMatchObject({ job_id: id, status: 'done' });
    expect((jobs.at(-1)!.result as { receipt: string }).receipt).toMatch(/^svcr_/);
    const other = await client.solve({ command: 'maxcut', problem: sparse(2), seed: 2, effort: 'high' });
    const otherId = (other as unknown as { value: { job_id: string } }).value.job_id;
    const cancelled = await client.cancelJob(otherId);
    expect(cancelled.ok && cancelled.value.job_id).toBe(otherId);
    const after = await client.getJob(otherId, 30);
    expect(after.ok && ['cancelled', 'done']).toContain((after as unknown as { value: { status: string } }).value.status);
  });

  it('grpc.health.v1 says SERVING; reflection lists svc.v1.Solver', async () => {
    const HealthClient = grpc.makeGenericClientConstructor(healthService as grpc.ServiceDefinition, 'grpc.health.v1.Health');
    const hc = new HealthClient(srv.address, grpc.credentials.createInsecure()) as unknown as { check: Function; close(): void };
    for (const name of ['', 'svc.v1.Solver']) {
      const res = await new Promise<{ status: string }>((resolve, reject) => hc.check({ service: name }, (e: Error | null, r: { status: string }) => (e ? reject(e) : resolve(r))));
      expect(res.status).toBe('SERVING');
    }
    hc.close();
    const protoLoader = await import('@grpc/proto-loader');
    const reflectionProto = path.join(path.dirname(createRequire(import.meta.url).resolve('@grpc/reflection/package.json')), 'build', 'proto', 'grpc', 'reflection', 'v1', 'reflection.proto');
    const def = protoLoader.loadSync(reflectionProto, { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true });
    const Reflection = (grpc.loadPackageDefinition(def) as any).grpc.reflection.v1.ServerReflection;
    const rc = new Reflection(srv.address, grpc.credentials.createInsecure());
    const services = await new Promise<string[]>((resolve, reject) => {
      const call = rc.ServerReflectionInfo();
      call.on('data', (m: any) => {
        resolve((m.list_services_response?.service ?? []).map((x: { name: string }) => x.name));
        call.end();
      });
      call.on('error', reject);
      call.write({ list_services: '' });
    });
    rc.close();
    expect(services).toContain('svc.v1.Solver');
    expect(services).toContain('grpc.health.v1.Health');
  });

  it('Struct round trip keeps JSON exactly', () => {
    const doc = { a: 1, b: -2.5, c: 'x', d: true, e: null, f: [1, [2, { g: 'h' }]], i: {} };
    expect(fromStruct(toStruct(doc))).toEqual(doc);
  });
});

describe('WatchJob ends at once when there is nothing to watch, and with UNAVAILABLE at shutdown', () => {
  let t: TestDoor;
  let key: string;
  let other: string;
  beforeAll(async () => {
    t = await startTestDoor({ jobs: { queueThresholdWork: 30_000_000 }, access: { resultCacheBytes: 0 } });
    key = await verifiedKey(t, 'watcher@example.com');
    other = await verifiedKey(t, 'other@example.com');
  }, 60_000);
  afterAll(async () => t?.close());

  /** WatchJob with a 30 s deadline: how it ended and how long it took. */
  async function watch(address: string, jobId: string, token?: string) {
    const c = solverClient(address, token);
    const started = performance.now();
    const out = await c.watchJob(jobId, { deadlineMs: 30_000 });
    c.close();
    return { ...out, ms: performance.now() - started };
  }

  it('an unknown id is NOT_FOUND, an account\'s job without a token UNAUTHENTICATED, with another account\'s key NOT_FOUND, all before any deadline', async () => {
    const unknown = await watch(t.srv.address, 'job_0123456789abcdef0123456789abcdef', key);
    expect(unknown.end).toMatchObject({ ok: false, status: grpc.status.NOT_FOUND, problem: { code: 'SVC_NOT_FOUND' } });
    const ack = await solverClient(t.srv.address, key).solve({ command: 'maxcut', problem: sparse(3), seed: 3 });
    expect(ack.ok && ack.queued, JSON.stringify(ack)).toBe(true);
    const id = (ack as unknown as { value: { job_id: string } }).value.job_id;
    const anon = await watch(t.srv.address, id);
    expect(anon.end).toMatchObject({ ok: false, status: grpc.status.UNAUTHENTICATED, problem: { code: 'SVC_UNAUTHENTICATED' } });
    const stranger = await watch(t.srv.address, id, other);
    expect(stranger.end).toMatchObject({ ok: false, status: grpc.status.NOT_FOUND });
    // Each answered well before the 30 s deadline (it used to run into it).
    for (const r of [unknown, anon, stranger]) expect(r.ms).toBeLessThan(20_000);
    const own = await watch(t.srv.address, id, key);
    expect(own.end).toBeNull();
    expect(own.jobs.at(-1)).toMatchObject({ job_id: id, status: 'done' });
  });

  it('a watch open at shutdown ends with UNAVAILABLE (SVC_BUSY) at once, not OK', async () => {
    // A job that stays running: the door's long-poll answers it unchanged after each wait.
    const s = await startTestDoor({}, {
      wrapDoor: (d) => ({
        ...d,
        async watchJob(jobId) {
          return {
            async look(wait: number) {
              if (wait > 0) await new Promise((r) => setTimeout(r, wait * 1000));
              return { job_id: jobId, status: 'running', progress: null } as unknown as Awaited<ReturnType<typeof d.getJob>>;
            },
          };
        },
      }),
    });
    const c = solverClient(s.srv.address, s.token);
    const watching = c.watchJob('job_0123456789abcdef0123456789abcdef', { deadlineMs: 60_000 });
    await new Promise((r) => setTimeout(r, 300));
    const started = performance.now();
    await s.srv.close();
    const { jobs, end } = await watching;
    expect(performance.now() - started).toBeLessThan(1500);
    c.close();
    await s.service.close();
    expect(jobs).toHaveLength(1);
    expect(end).toMatchObject({ ok: false, status: grpc.status.UNAVAILABLE, problem: { code: 'SVC_BUSY', retryable: true } });
  });
});

describe('a call deadline is only a deadline: only max_latency_ms sets the latency budget', () => {
  const tsp4 = { tag: TAG, description: 'Order the four store visits of a delivery van to minimise total driving time.', n: 4, matrix: [[0, 10, 15, 20], [10, 0, 35, 25], [15, 35, 0, 30], [20, 25, 30, 0]] };

  it('a deadline leaves the envelope without a budget; the field still sets one', async () => {
    const r = await client.solve({ command: 'maxcut', problem: ring(30), seed: 1 }, { deadlineMs: 20_000 });
    expect(r.ok && r.value.latency_budget_ms).toBeUndefined();
    const given = await client.solve({ command: 'maxcut', problem: ring(30), seed: 1, max_latency_ms: 5000 }, { deadlineMs: 20_000 });
    expect(given.ok && given.value.latency_budget_ms).toBe(5000);
  });

  it('an identical keyed retry with another deadline replays the stored answer (was ALREADY_EXISTS)', async () => {
    const h = { 'idempotency-key': 'grpc-deadline-retry-1' };
    const a = await client.solve({ command: 'maxcut', problem: ring(9), seed: 2 }, { deadlineMs: 20_000, metadata: h });
    const b = await client.solve({ command: 'maxcut', problem: ring(9), seed: 2 }, { deadlineMs: 45_000, metadata: h });
    expect(a.ok, JSON.stringify(a)).toBe(true);
    expect(b.ok && b.value.receipt, JSON.stringify(b)).toBe(a.ok && a.value.receipt);
  });

  it('Analyze of a 4-city tsp under a deadline says it will certify (was "likely")', async () => {
    const r = await client.analyze({ command: 'tsp', problem: tsp4 }, { deadlineMs: 20_000 });
    expect(r.ok && r.value, JSON.stringify(r)).toMatchObject({ certify: 'yes', would_certify: true });
  });
});

describe('Capabilities: built once, counted against the per-IP sandbox rate', () => {
  it('answers the same bytes from one build, and refuses past the rate with SVC_SANDBOX_RATE', async () => {
    let built = 0;
    const t = await startTestDoor({ access: { sandboxRatePerMinute: 3 } }, {
      wrapDoor: (d) => ({ ...d, capabilities: () => { built++; return d.capabilities(); } }),
    });
    const anon = solverClient(t.srv.address);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await anon.capabilities());
    expect(answers.every((a) => a.ok)).toBe(true);
    expect(answers[2]).toEqual(answers[0]);
    expect(built).toBe(1);
    expect(await anon.capabilities()).toMatchObject({ ok: false, status: grpc.status.RESOURCE_EXHAUSTED, problem: { code: 'SVC_SANDBOX_RATE', retryable: true } });
    // A token does not lift it: the manifest is public and counted per IP, as GET /api/v1/capabilities is.
    const keyed = solverClient(t.srv.address, t.token);
    expect(await keyed.capabilities()).toMatchObject({ ok: false, problem: { code: 'SVC_SANDBOX_RATE' } });
    anon.close();
    keyed.close();
    await t.close();
  });
});

describe('decoded documents are bounded per server', () => {
  it('a document past the bound while another is held is SVC_BUSY (retryable), the held one is answered, then it passes', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    let entered!: () => void;
    const inside = new Promise<void>((r) => { entered = r; });
    const t = await startTestDoor({}, {
      maxDecodingBytes: 3000,
      // A door that holds the first solve after reading its problem, until `release`.
      wrapDoor: (d) => {
        let first = true;
        return {
          ...d,
          async solve(args, caller) {
            const problem = args.problem;
            if (first) {
              first = false;
              entered();
              await gate;
            }
            return d.solve({ ...args, problem }, caller);
          },
        };
      },
    });
    const c = solverClient(t.srv.address, t.token);
    const held = c.solve({ command: 'maxcut', problem: ring(200), seed: 1 });
    await inside;
    expect(t.srv.budget.inFlight).toBeGreaterThan(2000);
    expect(await c.solve({ command: 'maxcut', problem: ring(200), seed: 2 })).toMatchObject({ ok: false, status: grpc.status.UNAVAILABLE, problem: { code: 'SVC_BUSY', retryable: true, limit_bytes: 3000 } });
    // A small one still fits beside it.
    expect((await c.solve({ command: 'maxcut', problem: ring(5), seed: 2 })).ok).toBe(true);
    release();
    expect((await held).ok).toBe(true);
    expect(t.srv.budget.inFlight).toBe(0);
    expect((await c.solve({ command: 'maxcut', problem: ring(200), seed: 2 })).ok).toBe(true);
    c.close();
    await t.close();
  });
});

describe('WatchJob costs one request of the caller\'s rate, however many messages it streams', () => {
  it('a watch of 8 messages under a key rate of 4 a minute runs to the job\'s end, and leaves the key its other requests', async () => {
    // Rate windows are whole minutes of the service's clock: a clock that stands still keeps the test in one window.
    const t = await startTestDoor({ clock: () => Date.UTC(2026, 10, 2, 12, 0, 30), jobs: { queueThresholdWork: 1 }, access: { keyRatePerMinute: 4, resultCacheBytes: 0 } });
    try {
      const key = await verifiedKey(t, 'watch-rate@example.com');
      const c = solverClient(t.srv.address, key);
      let x = 5;
      const r = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
      const points = Array.from({ length: 800 }, () => [Math.round(r() * 100_000) / 100, Math.round(r() * 100_000) / 100]);
      // Request 1: the solve (queued: it runs for minutes and reports progress about once a second).
      const ack = await c.solve({ command: 'tsp', problem: { tag: TAG, description: 'Plan the shortest round through the delivery addresses.', n: points.length, points }, effort: 'high', seed: 1 });
      expect(ack.ok && ack.queued, JSON.stringify(ack).slice(0, 300)).toBe(true);
      const id = (ack as unknown as { value: { job_id: string } }).value.job_id;
      // Request 2: the watch; request 3: the cancel, sent once the stream has carried 8 messages.
      let cancelled: Promise<unknown> | undefined;
      const { jobs, end } = await c.watchJob(id, { deadlineMs: 50_000, onJob: (_job, n) => { if (n === 8) cancelled = c.cancelJob(id); } });
      expect(end, JSON.stringify(end)).toBeNull();
      expect(jobs.length).toBeGreaterThanOrEqual(9);
      expect(jobs.at(-1)).toMatchObject({ job_id: id, status: 'cancelled' });
      expect(await cancelled).toMatchObject({ ok: true });
      // Request 4 is the last of the minute; the fifth is refused.
      expect((await c.getJob(id)).ok).toBe(true);
      expect(await c.getJob(id)).toMatchObject({ ok: false, status: grpc.status.RESOURCE_EXHAUSTED, problem: { code: 'SVC_RATE_LIMITED' } });
      c.close();
    } finally {
      await t.close();
    }
  }, 90_000);
});

describe('WatchJob streams the engine progress of a running job', () => {
  let t: TestDoor;
  let key: string;
  beforeAll(async () => {
    t = await startTestDoor({ jobs: { queueThresholdWork: 1 }, access: { resultCacheBytes: 0 } });
    key = await verifiedKey(t, 'progress@example.com');
  }, 60_000);
  afterAll(async () => t?.close());

  it('a message per progress report while it runs (best, bound, gap, share), then the cancelled end', async () => {
    // 800 cities at high effort run for minutes: watched until two progress reports came, then cancelled.
    let x = 11;
    const r = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
    const points = Array.from({ length: 800 }, () => [Math.round(r() * 100_000) / 100, Math.round(r() * 100_000) / 100]);
    const c = solverClient(t.srv.address, key);
    const ack = await c.solve({ command: 'tsp', problem: { tag: TAG, description: 'Plan the shortest round through the delivery addresses.', n: points.length, points }, effort: 'high', seed: 2 });
    expect(ack.ok && ack.queued, JSON.stringify(ack).slice(0, 300)).toBe(true);
    const id = (ack as unknown as { value: { job_id: string } }).value.job_id;
    // Cancelled once two engine progress reports have streamed (however long a loaded machine takes to send them).
    let reports = 0;
    let cancelled: Promise<unknown> | undefined;
    const { jobs, end } = await c.watchJob(id, {
      deadlineMs: 100_000,
      onJob: (j) => {
        if (j.status === 'running' && (j.progress as { share_basis?: string } | null)?.share_basis === 'engine_progress' && ++reports === 2) cancelled = c.cancelJob(id);
      },
    });
    await cancelled;
    c.close();
    expect(end).toBeNull();
    expect(jobs.at(-1)).toMatchObject({ job_id: id, status: 'cancelled' });
    const live = jobs.filter((j) => j.status === 'running' && (j.progress as { share_basis?: string } | null)?.share_basis === 'engine_progress')
      .map((j) => j.progress as { best: number; bound: number; gap: number; share: number; elapsed_ms: number });
    expect(live.length).toBeGreaterThanOrEqual(2);
    for (const p of live) {
      expect(typeof p.best).toBe('number');
      expect(p.bound).toBeLessThanOrEqual(p.best);
      expect(p.gap).toBeCloseTo(Math.abs(p.best - p.bound) / Math.max(1, Math.abs(p.best)), 12);
      expect(p).not.toHaveProperty('share_done');
    }
    for (let k = 1; k < live.length; k++) expect(live[k].elapsed_ms).toBeGreaterThan(live[k - 1].elapsed_ms);
  }, 150_000);
});
