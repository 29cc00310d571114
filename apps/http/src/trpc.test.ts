import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@svc/errors';
import { NOT_AVAILABLE_COMMANDS } from '@svc/contracts';
import { call, sandboxToken, start, stopAll, TAG, type TestServer } from '../test/helpers';

// The tRPC door over plain HTTP (the wire format any tRPC client speaks): POST /trpc/<proc> with
// the input as the JSON body, GET /trpc/<proc>?input=<json> for queries.
let t: TestServer;
let token: string;

beforeAll(async () => {
  t = await start({ sandbox: { bodyBytes: 8192 }, jobs: { queueThresholdWork: 30_000_000 } });
  token = await sandboxToken(t.url);
}, 60_000);
afterAll(stopAll);

const ring = (n: number) => ({ tag: TAG, description: 'Split a ring of offices into two teams.', n, edges: Array.from({ length: n }, (_, i) => [i, (i + 1) % n, 1]) });

async function mutation(proc: string, input: unknown, auth: string | null = token, headers: Record<string, string> = {}) {
  return call(t.url, 'POST', `/trpc/${proc}`, { body: input, auth, headers });
}

async function query(proc: string, input: unknown, auth: string | null = token) {
  const qs = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return call(t.url, 'GET', `/trpc/${proc}${qs}`, { auth });
}

/** A tRPC error reply: the SVC_ code's HTTP status and the problem document in error.data.problem. */
function expectTrpcFault(r: Awaited<ReturnType<typeof call>>, code: keyof typeof ERRORS) {
  expect(r.status, r.text).toBe(ERRORS[code].http);
  const problem = r.json.error?.data?.problem;
  expect(problem).toMatchObject({ code, status: ERRORS[code].http, retryable: ERRORS[code].retryable });
  expect(typeof problem.agent_fix_prompt).toBe('string');
  expect(Array.isArray(problem.next_actions)).toBe(true);
  // No stack trace leaves the server.
  expect(r.json.error.data.stack).toBeUndefined();
  return problem;
}

describe('tRPC at /trpc', () => {
  it('solve answers the envelope /api/v1/solve answers (same receipt)', async () => {
    const r = await mutation('solve', { command: 'maxcut', problem: ring(5), effort: 'high', seed: 7 });
    expect(r.status, r.text).toBe(200);
    const env = r.json.result.data;
    const viaHttp = await call(t.url, 'POST', '/api/v1/solve/maxcut?effort=high&seed=7', { body: ring(5), auth: token });
    expect(env.cut_value).toBe(4);
    expect(env.certainty).toBe(viaHttp.json.certainty);
    expect(env.receipt).toBe(viaHttp.json.receipt);
  });

  it('compute routes by shape; analyze and verify are free reports', async () => {
    const c = await mutation('compute', { problem: ring(4), seed: 1 });
    expect(c.json.result.data.routed.command).toBe('maxcut');
    const a = await mutation('analyze', { command: 'maxcut', problem: ring(6), effort: 'high' });
    expect(a.json.result.data).toMatchObject({ command: 'maxcut', compute_units: 4, charged: 0 });
    const v = await mutation('verify', { command: 'maxcut', problem: ring(6), answer: [0, 1, 0, 1, 0, 1] });
    expect(v.json.result.data).toMatchObject({ ok: true, objective: 6 });
  });

  it('capabilities and getJob are GET queries', async () => {
    const caps = await query('capabilities', undefined, null);
    expect(caps.status).toBe(200);
    expect(caps.json.result.data.commands.map((c: { name: string }) => c.name)).toContain('maxcut');
    expectTrpcFault(await query('getJob', { job_id: 'job_missing' }), 'SVC_NOT_FOUND');
  });

  it('a queued solve answers the job handle; getJob follows it and cancelJob answers the job', async () => {
    const big = { tag: TAG, description: 'Split a sparse network into two sides.', n: 200, edges: [] as number[][] };
    for (let i = 0; i < 200; i++) for (let k = 1; k <= 3; k++) big.edges.push([i, (i * 7 + k * 13) % 200 === i ? (i + 1) % 200 : (i * 7 + k * 13) % 200, 1]);
    const ack = await mutation('solve', { command: 'maxcut', problem: big, seed: 2 });
    expect(ack.status, ack.text).toBe(200);
    expect(ack.json.result.data).toMatchObject({ status: 'queued' });
    const id = ack.json.result.data.job_id;
    const done = await query('getJob', { job_id: id, wait_seconds: 30 });
    expect(done.json.result.data).toMatchObject({ job_id: id, status: 'done' });
    expect(done.json.result.data.result.receipt).toMatch(/^svcr_/);
    const cancel = await mutation('cancelJob', { job_id: id });
    expect(cancel.json.result.data.job_id).toBe(id);
  });

  it('faults carry the SVC_ code, its HTTP status and the problem document', async () => {
    expectTrpcFault(await mutation('solve', { command: 'maxcut', problem: ring(5) }, null), 'SVC_UNAUTHENTICATED');
    expectTrpcFault(await mutation('solve', { command: 'maxcut', problem: ring(5) }, 'sbx_wrong'), 'SVC_UNAUTHENTICATED');
    const bad = expectTrpcFault(await mutation('solve', { command: 'maxcut', problem: { ...ring(3), edges: [[0, 9, 1]] } }), 'SVC_INVALID_INPUT');
    expect(bad.detail).toMatch(/edges/);
    expectTrpcFault(await mutation('solve', { command: 'not-a-command', problem: ring(3) }), 'SVC_UNSUPPORTED');
    expectTrpcFault(await mutation('solve', { command: 'maxcut', problem: ring(3), timeout: 3 }), 'SVC_UNSUPPORTED');
    expectTrpcFault(await mutation('solve', { command: 'maxcut', problem: ring(3), effort: 'ultra' }), 'SVC_INVALID_INPUT');
    expectTrpcFault(await mutation('solve', [1, 2]), 'SVC_INVALID_INPUT');
    expectTrpcFault(await mutation('noSuchProcedure', {}), 'SVC_NOT_FOUND');
    // Over the sandbox's 8 KiB JSON cap (the plan cap, measured after authentication).
    expectTrpcFault(await mutation('solve', { command: 'maxcut', problem: ring(1500) }), 'SVC_PAYLOAD_TOO_LARGE');
  });

  // The first command the catalogue says is not available yet, whichever it is today.
  const unserved = NOT_AVAILABLE_COMMANDS[0];
  it.skipIf(unserved === undefined)(`a command not available yet is SVC_UNSUPPORTED (${unserved ?? 'skipped: every command is served'})`, async () => {
    expect(expectTrpcFault(await mutation('solve', { command: unserved, problem: ring(3) }), 'SVC_UNSUPPORTED').detail).toMatch(/not available yet/);
  });

  it('a body far beyond the plan (over twice its cap), or over 1 MiB without a valid credential, is refused before it is read on', async () => {
    // The sandbox cap is 8 KiB here: ~100 KiB is past 2 × 8 KiB + 64 KiB.
    const far = await mutation('solve', { command: 'maxcut', problem: ring(8000) });
    expect(far.status).toBe(413);
    expect(far.json.code).toBe('SVC_PAYLOAD_TOO_LARGE');
    const anonymous = await call(t.url, 'POST', '/trpc/solve', { raw: JSON.stringify({ command: 'maxcut', problem: ring(90_000) }) });
    expect(anonymous.status).toBe(413);
    const mcp = await call(t.url, 'POST', '/mcp', { raw: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'svc.compute', arguments: { problem: ring(90_000) } } }), headers: { accept: 'application/json, text/event-stream' } });
    expect(mcp.status).toBe(413);
  });

  it('an Idempotency-Key replays; reused on another problem it is 409 SVC_IDEMPOTENCY_CONFLICT', async () => {
    const h = { 'idempotency-key': 'trpc-replay-1' };
    const a = await mutation('solve', { command: 'maxcut', problem: ring(7), seed: 3 }, token, h);
    const b = await mutation('solve', { command: 'maxcut', problem: ring(7), seed: 3 }, token, h);
    expect(b.json.result.data.receipt).toBe(a.json.result.data.receipt);
    expectTrpcFault(await mutation('solve', { command: 'maxcut', problem: ring(7), seed: 4 }, token, h), 'SVC_IDEMPOTENCY_CONFLICT');
  });
});
