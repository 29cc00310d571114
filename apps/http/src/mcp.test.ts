import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SERVED_COMMANDS } from '@svc/contracts/commands';
import { toolsListJson } from '@svc/mcp';
import { bootMain, call, headersOnly, mainBundle, randomEdges, sandboxToken, start, stopAll, TAG, verifiedKey, type TestServer } from '../test/helpers';
import { MCP_ALLOWED_ORIGINS_ENV } from './mcp-route';

// MCP over streamable HTTP at /mcp with the SDK's own client: every tool call is checked by the
// client against the tool's outputSchema once it has listed the tools.
let t: TestServer;
let token: string;
const clients: Client[] = [];

async function connect(auth: string | null, base = t.url): Promise<Client> {
  const client = new Client({ name: 'svc-mcp-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
    requestInit: { headers: auth ? { authorization: `Bearer ${auth}` } : {} },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

const ACCEPT = 'application/json, text/event-stream';
/** One JSON-RPC POST to /mcp as any client would send it (no SDK checks in between). */
function rpc(body: unknown, opts: { auth?: string | null; headers?: Record<string, string>; base?: string } = {}) {
  return call(opts.base ?? t.url, 'POST', '/mcp', { raw: JSON.stringify(body), auth: opts.auth ?? null, headers: { accept: ACCEPT, ...opts.headers } });
}

beforeAll(async () => {
  process.env[MCP_ALLOWED_ORIGINS_ENV] = 'https://agent.example.com';
  t = await start({ jobs: { queueThresholdWork: 30_000_000 } });
  delete process.env[MCP_ALLOWED_ORIGINS_ENV];
  token = await sandboxToken(t.url);
}, 60_000);
afterAll(async () => {
  for (const c of clients) await c.close();
  await stopAll();
});

const ring = (n: number) => ({ description: 'Split a ring of offices into two teams.', n, edges: Array.from({ length: n }, (_, i) => [i, (i + 1) % n, 1]) });
type Result = { isError?: boolean; structuredContent?: Record<string, any>; content: Array<{ type: string; text?: string; uri?: string }> };

describe('MCP at /mcp (streamable HTTP)', () => {
  it('lists the tools in at most 12 KB, annotated, with object input and output schemas; the per-command schemas come from svc.schema', async () => {
    const client = await connect(null);
    const listed = await client.listTools();
    const { tools } = listed;
    expect(tools.map((x) => x.name).sort()).toEqual(['svc.analyze', 'svc.compute', 'svc.explore', 'svc.inverse', 'svc.schema', 'svc.verify']);
    expect(Buffer.byteLength(JSON.stringify(listed))).toBeLessThanOrEqual(12 * 1024);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(Object.keys(tool.inputSchema.properties ?? {}).length).toBeGreaterThan(0);
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.description!.length).toBeGreaterThan(80);
      expect(typeof tool.annotations?.readOnlyHint).toBe('boolean');
    }
    const compute = tools.find((x) => x.name === 'svc.compute')!;
    expect((compute.inputSchema.properties as any).command.enum).toEqual([...SERVED_COMMANDS]);
    // Without credentials: the schema tool and the schema resources are free.
    const schema = (await client.callTool({ name: 'svc.schema', arguments: { command: 'maxcut' } })) as Result;
    expect(schema.structuredContent!.input.title).toBe('maxcut problem');
    expect(JSON.parse(((await client.readResource({ uri: 'svc://schemas/tsp' })).contents[0] as { text: string }).text).command).toBe('tsp');
  });

  it('tools/list is the text serialised once, and without credentials it counts against the per-IP sandbox rate', async () => {
    const listed = await rpc({ jsonrpc: '2.0', id: 'l1', method: 'tools/list' });
    expect(listed.status).toBe(200);
    expect(listed.text).toBe(`{"result":${toolsListJson()},"jsonrpc":"2.0","id":"l1"}`);
    const limited = await start({ access: { sandboxRatePerMinute: 5 } });
    const statuses: number[] = [];
    let last = listed;
    for (let k = 0; k < 7; k++) {
      last = await rpc({ jsonrpc: '2.0', id: k, method: 'tools/list' }, { base: limited.url });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(last.json.code).toBe('SVC_SANDBOX_RATE');
    expect(Number(last.retryAfter)).toBeGreaterThan(0);
  });

  it('svc.compute solves with the envelope /api/v1/solve gives (same receipt), tag filled in; text content carries the JSON answer', async () => {
    const client = await connect(token);
    const r = (await client.callTool({ name: 'svc.compute', arguments: { command: 'maxcut', problem: ring(5), effort: 'high', seed: 7 } })) as Result;
    expect(r.isError).toBeFalsy();
    const viaHttp = await call(t.url, 'POST', '/api/v1/solve/maxcut?effort=high&seed=7', { body: { tag: TAG, ...ring(5) }, auth: token });
    expect(r.structuredContent).toMatchObject({ cut_value: 4, certainty: viaHttp.json.certainty, receipt: viaHttp.json.receipt });
    expect(r.content[0].text).toMatch(/cut_value 4; certified optimum/);
    const text = JSON.parse(r.content[1].text!);
    expect(text.answer).toEqual(viaHttp.json.answer);
    expect(text.receipt).toBe(viaHttp.json.receipt);
    const routed = (await client.callTool({ name: 'svc.compute', arguments: { problem: ring(4) } })) as Result;
    expect(routed.structuredContent!.routed.command).toBe('maxcut');
  });

  it('svc.analyze, svc.verify, svc.inverse and svc.explore', async () => {
    const client = await connect(token);
    const a = (await client.callTool({ name: 'svc.analyze', arguments: { command: 'maxcut', problem: ring(6), effort: 'high' } })) as Result;
    expect(a.structuredContent).toMatchObject({ command: 'maxcut', compute_units: 4, charged: 0 });
    const v = (await client.callTool({ name: 'svc.verify', arguments: { command: 'maxcut', problem: ring(6), answer: [0, 1, 0, 1, 0, 1] } })) as Result;
    expect(v.structuredContent).toMatchObject({ ok: true, objective: 6 });
    const want = (await client.callTool({ name: 'svc.inverse', arguments: { problem: { description: 'Keep option zero, choose the rest.', n: 3, linear: { 1: -1, 2: 1 }, pins: { 0: 1 } } } })) as Result;
    expect(want.structuredContent).toMatchObject({ answer: [1, 1, 0], energy: -1 });
    const explore = (await client.callTool({ name: 'svc.explore', arguments: { problem: { description: 'See the three cheapest ways to pick.', n: 3, linear: { 0: -1, 1: -2, 2: 1 }, num_samples: 3 } } })) as Result;
    expect(explore.structuredContent!.samples).toHaveLength(3);
  });

  it('a call that needs credentials sent without them is HTTP 401 with WWW-Authenticate; a wrong token is 401 invalid_token; initialize and tools/list need none', async () => {
    const anonymous = await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'svc.compute', arguments: { command: 'maxcut', problem: ring(3) } } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer realm="svc"');
    expect(anonymous.json).toMatchObject({ code: 'SVC_UNAUTHENTICATED', status: 401 });
    const read = await rpc({ jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'svc://jobs/job_x/result' } });
    expect([read.status, read.headers.get('www-authenticate')]).toEqual([401, 'Bearer realm="svc"']);
    const wrong = await rpc({ jsonrpc: '2.0', id: 3, method: 'tools/list' }, { auth: 'not_a_token' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer realm="svc", error="invalid_token"');
    expect(wrong.json.code).toBe('SVC_UNAUTHENTICATED');
    const init = await rpc({ jsonrpc: '2.0', id: 4, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } });
    expect(init.status).toBe(200);
    // Why initialize is not 401: a 401 at connection starts the client's OAuth discovery, and there is
    // no authorization server to find (the credentials are the sandbox token or an API key).
    expect((await call(t.url, 'GET', '/.well-known/oauth-protected-resource')).status).toBe(404);
    // The SDK's client sees the 401 as an error carrying the status (an authProvider would start OAuth here).
    const anon = await connect(null);
    await expect(anon.callTool({ name: 'svc.compute', arguments: { command: 'maxcut', problem: ring(3) } })).rejects.toMatchObject({ code: 401 });
  });

  it('faults are isError results carrying the problem document, never protocol errors', async () => {
    const client = await connect(token);
    await client.listTools();
    const bad = (await client.callTool({ name: 'svc.compute', arguments: { command: 'maxcut', problem: { ...ring(3), edges: [[0, 9, 1]] } } })) as Result;
    expect(bad.isError).toBe(true);
    expect(bad.structuredContent).toMatchObject({ code: 'SVC_INVALID_INPUT', status: 422, retryable: false });
    expect(typeof bad.structuredContent!.agent_fix_prompt).toBe('string');
    expect(Array.isArray(bad.structuredContent!.next_actions)).toBe(true);
    expect(JSON.parse(bad.content[1].text!).code).toBe('SVC_INVALID_INPUT');
    const unknown = (await client.callTool({ name: 'svc.compute', arguments: { command: 'maxcut', problem: ring(3), timeout: 1 } })) as Result;
    expect(unknown.structuredContent).toMatchObject({ code: 'SVC_UNSUPPORTED' });
    const notACommand = (await client.callTool({ name: 'svc.compute', arguments: { command: 'not-a-command', problem: ring(3) } })) as Result;
    expect(notACommand.structuredContent).toMatchObject({ code: 'SVC_UNSUPPORTED' });
    const noTool = (await client.callTool({ name: 'svc.nope', arguments: {} })) as Result;
    expect(noTool.isError).toBe(true);
  });

  it('a plain tools/call (answered without a per-request MCP server) answers exactly as the SDK\'s server does', async () => {
    // With a progressToken the call goes through the SDK's server and transport; without, through
    // the door's direct path. Every answer here is immediate, so no notification is sent either way.
    const cases: Array<Record<string, unknown>> = [
      { name: 'svc.schema', arguments: { command: 'maxcut' } },
      { name: 'svc.nope', arguments: {} },
      { name: 'svc.compute', arguments: { command: 'maxcut', problem: ring(3), timeout: 1 } },
      { name: 'svc.compute', arguments: { command: 'maxcut', problem: { ...ring(3), edges: [[0, 9, 1]] } } },
      { name: 'svc.compute', arguments: { job_id: 'job_does_not_exist', wait_seconds: 0 } },
      { name: 'svc.verify', arguments: { command: 'maxcut', problem: ring(4), answer: { assignment: [0, 1, 0, 1] } } },
      { name: 'svc.analyze' },
    ];
    for (const [i, params] of cases.entries()) {
      const plain = await rpc({ jsonrpc: '2.0', id: i, method: 'tools/call', params }, { auth: token });
      const viaSdk = await rpc({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { ...params, _meta: { progressToken: `p${i}` } } }, { auth: token });
      expect({ status: plain.status, type: plain.type }).toEqual({ status: viaSdk.status, type: viaSdk.type });
      expect(plain.json).toEqual(viaSdk.json);
      expect(plain.json.id).toBe(i);
    }
  });

  it('protocol edge cases: an empty batch is 400 with -32600; tools/call without params is -32602 in one sentence', async () => {
    const empty = await rpc([], { auth: token });
    expect(empty.status).toBe(400);
    expect(empty.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    const noParams = await rpc({ jsonrpc: '2.0', id: 9, method: 'tools/call' }, { auth: token });
    expect(noParams.status).toBe(200);
    expect(noParams.json).toMatchObject({ id: 9, error: { code: -32602 } });
    expect(noParams.json.error.message.length).toBeLessThan(120);
    // A malformed initialize: -32602 in one sentence (the SDK's own answer is -32603 with its parser's dump).
    const init = await rpc({ jsonrpc: '2.0', id: 10, method: 'initialize', params: { protocolVersion: 5 } });
    expect(init.status).toBe(200);
    expect(init.json).toMatchObject({ id: 10, error: { code: -32602 } });
    expect(init.json.error.message).toMatch(/^Invalid params: params\.protocolVersion: /);
    expect(init.json.error.message).not.toMatch(/\n|invalid_type/);
  });

  it('Origin: none, loopback or configured is served; any other (DNS rebinding) is 403', async () => {
    const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    for (const origin of ['http://localhost:6274', 'http://127.0.0.1:3000', 'https://agent.example.com']) {
      expect((await rpc(list, { headers: { origin } })).status, origin).toBe(200);
    }
    for (const origin of ['http://evil.example', 'http://localhost.evil.example', 'null', 'https://agent.example.com:8443']) {
      const r = await rpc(list, { headers: { origin } });
      expect([origin, r.status, r.json.code]).toEqual([origin, 403, 'SVC_FORBIDDEN']);
    }
  });

  it('GET and DELETE are 405 with Allow: POST (stateless: no stream to hold open, no session)', async () => {
    for (const method of ['GET', 'DELETE']) {
      const r = await call(t.url, method, '/mcp', { headers: { accept: 'text/event-stream' }, auth: token });
      expect([method, r.status, r.headers.get('allow'), r.json.code]).toEqual([method, 405, 'POST', 'SVC_ERROR']);
    }
  });

  it('a body past the caller\'s plan cap is 413 on its declared length, before a byte of it is read', async () => {
    const key = await verifiedKey(t, 'mcp-big-body@example.com');
    // A free key's 104 MiB body was read and parsed whole (11 s, 2 GB) before the door's 413.
    for (const [auth, declared] of [[key, 104 * 1024 * 1024], [token, 9 * 1024 * 1024], [null, 2 * 1024 * 1024]] as const) {
      const r = await headersOnly(`${t.url}/mcp`, declared, { accept: ACCEPT, ...(auth ? { authorization: `Bearer ${auth}` } : {}) });
      expect([declared, r.status]).toEqual([declared, 413]);
      expect(JSON.parse(r.text).code).toBe('SVC_PAYLOAD_TOO_LARGE');
    }
  });

  it('a heavy solve returns the job handle at once; job_id waits for it; cancel cancels', async () => {
    const client = await connect(token);
    const edges: number[][] = [];
    for (let i = 0; i < 200; i++) for (const d of [1, 7, 31]) edges.push([i, (i + d) % 200, 1 + ((i * d) % 5)]);
    const problem = { description: 'Split a sparse network into two sides.', n: 200, edges };
    const ack = (await client.callTool({ name: 'svc.compute', arguments: { command: 'maxcut', problem, seed: 1 } })) as Result;
    expect(ack.structuredContent).toMatchObject({ status: 'queued' });
    const id = ack.structuredContent!.job_id;
    expect(ack.content[0].text).toContain(id);
    const done = (await client.callTool({ name: 'svc.compute', arguments: { job_id: id, wait_seconds: 30 } })) as Result;
    expect(done.structuredContent).toMatchObject({ job_id: id, status: 'done' });
    expect(done.structuredContent!.result.receipt).toMatch(/^svcr_/);
    const second = (await client.callTool({ name: 'svc.compute', arguments: { command: 'maxcut', problem, seed: 2 } })) as Result;
    const cancelled = (await client.callTool({ name: 'svc.compute', arguments: { job_id: second.structuredContent!.job_id, cancel: true } })) as Result;
    expect(cancelled.structuredContent!.job_id).toBe(second.structuredContent!.job_id);
    expect(['cancelled', 'done']).toContain((await client.callTool({ name: 'svc.compute', arguments: { job_id: second.structuredContent!.job_id, wait_seconds: 30 } }) as Result).structuredContent!.status);
    // The whole result of a job is a resource.
    const res = await client.readResource({ uri: `svc://jobs/${id}/result` });
    expect(JSON.parse((res.contents[0] as { text: string }).text).receipt).toBe(done.structuredContent!.result.receipt);
  });

  it('long arrays are cut with a note; the full result is a resource its owner alone reads', async () => {
    const client = await connect(token);
    const r = (await client.callTool({ name: 'svc.compute', arguments: { command: 'maxcut', problem: ring(500), effort: 'flash' } })) as Result;
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent!.answer).toHaveLength(200);
    expect(r.structuredContent!.truncated.fields.answer).toEqual({ shown: 200, total: 500 });
    const uri = r.structuredContent!.truncated.full_result as string;
    expect(uri).toMatch(/^svc:\/\/results\/svcr_/);
    const full = JSON.parse(((await client.readResource({ uri })).contents[0] as { text: string }).text);
    expect(full.answer).toHaveLength(500);
    expect(full.receipt).toBe(r.structuredContent!.receipt);
    // No credentials: 401 before the server is asked; another account: not found.
    const anonymous = await rpc({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri } });
    expect(anonymous.status).toBe(401);
    const other = await connect(await verifiedKey(t, 'mcp-other-owner@example.com'));
    await expect(other.readResource({ uri })).rejects.toThrow(/no kept result/);
  });
});

describe('MCP at shutdown (the npm start bundle)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-mcp-term-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('SIGTERM exits promptly with a GET /mcp open and MCP job waits in flight, which answer at once', async () => {
    expect(fs.existsSync(mainBundle)).toBe(true);
    const sandbox = 'sandbox-mcp-term-test-token';
    const main = await bootMain({
      ...process.env, PORT: '0', HOST: '127.0.0.1', SVC_DATA_DIR: dataDir, SVC_ENGINE: 'ts', SVC_LOG_LEVEL: 'silent',
      SVC_QUEUE_THRESHOLD_WORK: '1', SVC_JOB_WORKERS: '1', SVC_SANDBOX_TOKEN: sandbox,
    });
    children.push(main.child);
    const headers = { 'content-type': 'application/json', accept: ACCEPT, authorization: `Bearer ${sandbox}` };
    const post = async (body: unknown) => (await (await fetch(`${main.url}/mcp`, { method: 'POST', headers, body: JSON.stringify(body) })).json()) as Record<string, any>;
    const heavy = { tag: TAG, description: 'Split the regional depots into two delivery zones.', n: 2000, edges: randomEdges(2000, 5000, 11, 5) };
    const ack = await post({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'svc.compute', arguments: { command: 'maxcut', problem: heavy, seed: 1 } } });
    const jobId = ack.result.structuredContent.job_id as string;
    expect(jobId).toMatch(/^job_/);
    // A GET stream (the SDK's stateless transport held it open until SIGKILL) and ten 50 s waits.
    const get = fetch(`${main.url}/mcp`, { headers: { accept: 'text/event-stream', authorization: `Bearer ${sandbox}` } }).then((r) => r.status, () => 'reset');
    const waits = Array.from({ length: 10 }, (_, k) => post({ jsonrpc: '2.0', id: 10 + k, method: 'tools/call', params: { name: 'svc.compute', arguments: { job_id: jobId, wait_seconds: 50 } } }).then((r) => ({ r, at: Date.now() })));
    await new Promise((r) => setTimeout(r, 500));
    const t0 = Date.now();
    const exited = new Promise<number | null>((resolve) => main.child.once('exit', (code) => resolve(code)));
    main.child.kill('SIGTERM');
    const answered = await Promise.all(waits);
    const code = await exited;
    expect(code).toBe(0);
    // Before: the exit waited out the GET stream (60 s, then SIGKILL). Generous bound, fixed work.
    expect(Date.now() - t0).toBeLessThan(20_000);
    expect([405, 'reset']).toContain(await get);
    for (const { r, at } of answered) {
      expect(['queued', 'running']).toContain(r.result.structuredContent.status);
      expect(at - t0).toBeLessThan(20_000);
    }
  }, 120_000);
});

