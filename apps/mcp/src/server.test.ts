import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { CATALOGUE, NOT_AVAILABLE_COMMANDS, SERVED_COMMANDS } from '@svc/contracts/commands';
import { envelope, job, JOB_ID, Script, TAG } from '../test/script-backend';
import type { Json, McpBackend, SolveArgs } from './backend';
import { commandSchemas, mcpTools, portable, toolsListJson } from './schemas';
import { createMcpServer, MAX_ITEMS, MAX_TEXT_CHARS, MAX_WAIT_S, MCP_SERVER_NAME, type McpServerOptions } from './server';

// The MCP server over a scripted backend, with the SDK's own client (which checks every result
// against the tool's outputSchema once it has listed the tools).
const open: Client[] = [];
async function connect(backend: McpBackend, opts: McpServerOptions = {}): Promise<Client> {
  const [a, b] = InMemoryTransport.createLinkedPair();
  await createMcpServer(backend, opts).connect(a);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(b);
  open.push(client);
  return client;
}
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
});

/** One raw JSON-RPC exchange, bypassing the SDK client's own checks. */
async function raw(backend: McpBackend, message: unknown): Promise<Json> {
  const [a, b] = InMemoryTransport.createLinkedPair();
  await createMcpServer(backend).connect(a);
  const answer = new Promise<Json>((resolve) => {
    b.onmessage = (m) => resolve(m as unknown as Json);
  });
  await b.start();
  await b.send(message as JSONRPCMessage);
  const r = await answer;
  await b.close();
  return r;
}

type Result = { isError?: boolean; structuredContent?: Json & Record<string, any>; content: Array<{ type: string; text?: string; uri?: string }> };

describe('createMcpServer', () => {
  it('lists the catalogue tools plus svc.schema in at most 12 KB; each command\'s exact schemas come from svc.schema and svc://schemas/<command>', async () => {
    const client = await connect(new Script());
    const listed = await client.listTools();
    const withTool = SERVED_COMMANDS.filter((c) => CATALOGUE[c].tool).map((c) => CATALOGUE[c].tool!.name);
    expect(listed.tools.map((t) => t.name)).toEqual(['svc.analyze', 'svc.compute', 'svc.verify', ...withTool, 'svc.schema']);
    // The whole list an agent reads into its context (90 KB before; svc.compute's input alone was 28 KB).
    const bytes = Buffer.byteLength(JSON.stringify(listed));
    expect(bytes, `tools/list is ${bytes} bytes, over its 12 KB budget: shorten listedTools() in src/schemas.ts (a command's details belong in svc.schema)`).toBeLessThanOrEqual(12 * 1024);
    expect(Buffer.byteLength(toolsListJson())).toBe(bytes);
    for (const t of listed.tools) {
      expect(t.inputSchema.type, t.name).toBe('object');
      expect(t.outputSchema?.type, t.name).toBe('object');
      // Nothing a draft-07 validator would misread.
      expect(JSON.stringify(t), t.name).not.toMatch(/prefixItems|\$schema/);
    }
    // The names are listed once, on svc.compute; the other tools point at that list (so the list grows
    // by a name and a purpose per command, and the 11 commands still to come fit in the budget).
    const commandOf = (name: string) => (listed.tools.find((x) => x.name === name)!.inputSchema.properties as any).command;
    expect(commandOf('svc.compute').enum).toEqual([...SERVED_COMMANDS]);
    for (const c of SERVED_COMMANDS) expect(listed.tools.find((x) => x.name === 'svc.compute')!.description, c).toContain(`${c}: `);
    for (const name of ['svc.analyze', 'svc.verify', 'svc.schema']) expect(commandOf(name).description, name).toMatch(/svc\.compute/);
    // Room for every command of the catalogue: each one still to be served adds at most its name to the
    // enum and its purpose line to svc.compute's description.
    const toCome = NOT_AVAILABLE_COMMANDS.reduce((sum, c) => sum + Buffer.byteLength(`"${c}",; ${c}: ${CATALOGUE[c].purpose}`), 0);
    expect(bytes + toCome, `tools/list would be ${bytes + toCome} bytes with every catalogue command served`).toBeLessThanOrEqual(12 * 1024);
    for (const c of SERVED_COMMANDS) {
      const viaTool = (await client.callTool({ name: 'svc.schema', arguments: { command: c } })) as Result;
      expect(viaTool.structuredContent, c).toEqual(commandSchemas(c));
      expect((viaTool.structuredContent!.input as Json).title).toBe(`${c} problem`);
      const viaResource = await client.readResource({ uri: `svc://schemas/${c}` });
      expect(JSON.parse((viaResource.contents[0] as { text: string }).text)).toEqual(commandSchemas(c));
    }
    // The full definitions (svc tools --target …) still carry every problem schema inline.
    const full = mcpTools().find((t) => t.name === 'svc.compute')!;
    expect((full.inputSchema.properties as any).problem.anyOf.map((s: Json) => s.title)).toEqual(SERVED_COMMANDS.map((c) => `${c} problem`));
    expect((await client.listResources()).resources.map((r) => r.uri)).toEqual(SERVED_COMMANDS.map((c) => `svc://schemas/${c}`));
  });

  it('annotates each tool truthfully: estimates, checks and schemas read only; solving spends units and is not idempotent', async () => {
    const { tools } = await (await connect(new Script())).listTools();
    const hints = Object.fromEntries(tools.map((t) => [t.name, t.annotations]));
    for (const name of ['svc.analyze', 'svc.verify', 'svc.schema']) expect(hints[name], name).toMatchObject({ readOnlyHint: true, idempotentHint: true, openWorldHint: false });
    for (const name of ['svc.compute', 'svc.inverse', 'svc.explore']) expect(hints[name], name).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false });
  });

  it('portable(): tuples become fixed-length arrays of their items, $schema goes', () => {
    expect(portable({ $schema: 'x', type: 'array', prefixItems: [{ type: 'integer' }, { type: 'number' }], items: false, minItems: 2, maxItems: 2 }))
      .toEqual({ type: 'array', items: { anyOf: [{ type: 'integer' }, { type: 'number' }] }, minItems: 2, maxItems: 2 });
  });

  it('fills the tag, passes the options, and puts the summary and the answer\'s JSON in text content', async () => {
    const backend = new Script();
    const r = (await (await connect(backend)).callTool({ name: 'svc.compute', arguments: { command: 'maxcut', problem: { description: 'A ring.', n: 5 }, seed: 3, idempotency_key: 'k1' } })) as Result;
    expect(backend.calls[0]).toEqual(['compute', [{ command: 'maxcut', seed: 3, problem: { tag: TAG, description: 'A ring.', n: 5 } }, 'k1']]);
    expect(r.structuredContent!.cut_value).toBe(5);
    expect(r.content[0].text).toContain('cut_value 5');
    // A client that ignores structuredContent still reads the answer.
    expect(JSON.parse(r.content[1].text!)).toEqual(r.structuredContent);
  });

  it('svc.inverse and svc.explore run their own command and refuse a command argument', async () => {
    const backend = new Script();
    const client = await connect(backend);
    await client.callTool({ name: 'svc.inverse', arguments: { problem: { n: 2, pins: { 0: 1 } } } });
    expect((backend.calls[0][1][0] as SolveArgs).command).toBe('want');
    const refused = (await client.callTool({ name: 'svc.explore', arguments: { command: 'maxcut', problem: {} } })) as Result;
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toMatchObject({ code: 'SVC_UNSUPPORTED', status: 404 });
  });

  it('a fault is an isError result carrying the problem document, valid against the listed output schema', async () => {
    const backend = new Script();
    backend.compute_ = () => ({ ok: false, problem: { code: 'SVC_INVALID_INPUT', status: 422, detail: 'edges[0]: out of range', agent_fix_prompt: 'Fix it.', next_actions: [] } });
    const client = await connect(backend);
    // Listing first makes the SDK client validate every structuredContent, faults included.
    await client.listTools();
    const r = (await client.callTool({ name: 'svc.compute', arguments: { command: 'maxcut', problem: {} } })) as Result;
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toMatchObject({ code: 'SVC_INVALID_INPUT', status: 422 });
    expect(r.content[0].text).toContain('edges[0]: out of range');
    expect(JSON.parse(r.content[1].text!)).toEqual(r.structuredContent);
    const bad = (await client.callTool({ name: 'svc.compute', arguments: { job_id: 'job_x', wait_seconds: -1 } })) as Result;
    expect(bad.structuredContent).toMatchObject({ code: 'SVC_INVALID_INPUT', field: 'wait_seconds' });
    const stray = (await client.callTool({ name: 'svc.compute', arguments: { problem: {}, cancel: true } })) as Result;
    expect(stray.structuredContent).toMatchObject({ code: 'SVC_INVALID_INPUT', field: 'cancel' });
    // Faults of every other kind of tool validate against their listed output schemas too.
    const faults: [string, Json][] = [['svc.analyze', { command: 'maxcut', problem: {}, answer: [] }], ['svc.verify', { command: 'maxcut', problem: {}, answer: [], seed: 1 }], ['svc.schema', { command: 'not-a-command' }], ['svc.inverse', { problem: {}, job_id: 7 }]];
    for (const [name, args] of faults) {
      const f = (await client.callTool({ name, arguments: args })) as Result;
      expect(f.isError, name).toBe(true);
      expect(f.structuredContent!.code, name).toMatch(/^SVC_/);
    }
  });

  it('tools/call without params, or with arguments that are not an object, is -32602 with one sentence', async () => {
    for (const params of [undefined, {}, { name: 'svc.compute', arguments: [1] }]) {
      const r = await raw(new Script(), { jsonrpc: '2.0', id: 7, method: 'tools/call', ...(params ? { params } : {}) });
      expect(r.id).toBe(7);
      expect((r.error as Json).code).toBe(-32602);
      expect(String((r.error as Json).message).length).toBeLessThan(120);
      expect(String((r.error as Json).message)).not.toMatch(/invalid_type|"path"/);
    }
    const unknown = await raw(new Script(), { jsonrpc: '2.0', id: 8, method: 'tools/nope' });
    expect((unknown.error as Json).code).toBe(-32601);
  });

  it('a malformed initialize is -32602 with one sentence naming the field (was -32603 with the parser\'s dump); a good one is the SDK\'s', async () => {
    const cases: unknown[] = [undefined, {}, { protocolVersion: 5, capabilities: {}, clientInfo: { name: 'x', version: '1' } }, { protocolVersion: '2025-06-18', capabilities: 'all', clientInfo: { name: 'x', version: '1' } }];
    for (const params of cases) {
      const r = await raw(new Script(), { jsonrpc: '2.0', id: 11, method: 'initialize', ...(params !== undefined ? { params } : {}) });
      expect(r.id).toBe(11);
      const error = r.error as Json;
      expect(error.code, JSON.stringify(params)).toBe(-32602);
      expect(String(error.message).length).toBeLessThan(240);
      expect(String(error.message)).not.toMatch(/invalid_type|"path"|\n/);
      expect(String(error.message)).toMatch(/^Invalid params: params/);
    }
    expect(String(((await raw(new Script(), { jsonrpc: '2.0', id: 12, method: 'initialize', params: { protocolVersion: 5, capabilities: {}, clientInfo: { name: 'x', version: '1' } } })).error as Json).message)).toMatch(/protocolVersion/);
    const good = await raw(new Script(), { jsonrpc: '2.0', id: 13, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } });
    expect(good.result).toMatchObject({ protocolVersion: '2025-06-18', serverInfo: { name: MCP_SERVER_NAME } });
  });

  it('job_id waits in bounded polls until the job ends or the wait is over; cancel cancels', async () => {
    const backend = new Script();
    // A long-poll that waits as long as it was asked to.
    let t = 0;
    backend.jobs = [{ ok: true, value: job('running') }, { ok: true, value: job('done', { result: envelope(3) }) }];
    const getJob = backend.getJob.bind(backend);
    backend.getJob = async (id, wait) => {
      t += wait * 1000;
      return getJob(id, wait);
    };
    const client = await connect(backend, { now: () => t });
    const done = (await client.callTool({ name: 'svc.compute', arguments: { job_id: JOB_ID, wait_seconds: 999 } })) as Result;
    expect(done.structuredContent).toMatchObject({ status: 'done' });
    // Capped at 50 s in all, 30 s a poll.
    expect(backend.calls.map((c) => c[1][1])).toEqual([30, 20]);
    const running = (await client.callTool({ name: 'svc.compute', arguments: { job_id: JOB_ID, wait_seconds: 5 } })) as Result;
    expect(running.structuredContent).toMatchObject({ status: 'running' });
    expect(running.content[0].text).toMatch(/Call again with job_id/);
    expect(backend.calls.slice(2).map((c) => c[1][1])).toEqual([5]);
    const cancelled = (await client.callTool({ name: 'svc.compute', arguments: { job_id: JOB_ID, cancel: true } })) as Result;
    expect(cancelled.structuredContent).toMatchObject({ status: 'cancelled' });
  });

  it('a job wait with a progressToken sends notifications/progress for each change of the running job\'s progress, waking on progress', async () => {
    const backend = new Script();
    backend.progressWaits = true;
    const seenOpts: unknown[] = [];
    const running = (elapsed: number, best: number, share: number) => ({
      ok: true as const,
      value: job('running', { progress: { share_done: share, share_basis: 'engine_progress', best_objective: best, best, bound: 90, gap: (best - 90) / best, elapsed_ms: elapsed, estimated_work: 1e6, share, work: elapsed * 10 } }),
    });
    // Two reports, the same one again (no new notification), then the end.
    backend.jobs = [running(500, 120, 0.1), running(1500, 110, 0.3), running(1500, 110, 0.3), { ok: true, value: job('done', { result: envelope(3) }) }];
    const getJob = backend.getJob.bind(backend);
    backend.getJob = async (id, wait, opts) => {
      seenOpts.push(opts);
      return getJob(id, wait);
    };
    const client = await connect(backend);
    const notes: { progress: number; total?: number; message?: string }[] = [];
    const done = (await client.callTool({ name: 'svc.compute', arguments: { job_id: JOB_ID, wait_seconds: 30 } }, undefined, { onprogress: (p) => notes.push(p) })) as Result;
    expect(done.structuredContent).toMatchObject({ status: 'done' });
    expect(notes).toHaveLength(2);
    expect(notes[1].progress).toBeGreaterThan(notes[0].progress);
    expect(notes[0].message).toMatch(/10\.0% done \(engine_progress\), best 120, bound 90, gap 25\.00%/);
    expect(notes[1].message).toMatch(/best 110/);
    // Every poll asked the backend to wake on progress too.
    expect(seenOpts.every((o) => (o as { orProgress?: boolean } | undefined)?.orProgress === true)).toBe(true);
    // Without a token: no notification, and the plain wait for the end.
    backend.jobs = [running(500, 120, 0.1), { ok: true, value: job('done', { result: envelope(3) }) }];
    seenOpts.length = 0;
    await client.callTool({ name: 'svc.compute', arguments: { job_id: JOB_ID, wait_seconds: 30 } });
    expect(seenOpts.every((o) => o === undefined)).toBe(true);
  });

  it('a long-poll that comes back at once (a draining server) is retried with growing pauses, never in a spin; a shutdown ends the wait', async () => {
    // Each poll takes 1 ms of the fake clock and answers "running" at once; pauses advance it too.
    let t = 0;
    const pauses: number[] = [];
    const backend = new Script();
    backend.getJob = async (id, wait) => {
      backend.calls.push(['getJob', [id, wait]]);
      t += 1;
      return { ok: true, value: job('running') };
    };
    const client = await connect(backend, { now: () => t, sleep: async (ms) => { pauses.push(ms); t += ms; } });
    const r = (await client.callTool({ name: 'svc.compute', arguments: { job_id: JOB_ID, wait_seconds: MAX_WAIT_S } })) as Result;
    expect(r.structuredContent).toMatchObject({ status: 'running' });
    // Before: one poll per millisecond of the wait (50,000); now 250 ms doubling to 5 s.
    expect(backend.calls.length).toBeLessThanOrEqual(20);
    expect(pauses.slice(0, 5)).toEqual([250, 500, 1000, 2000, 4000]);
    expect(Math.max(...pauses)).toBeLessThanOrEqual(5000);

    const stopping = new AbortController();
    const drained = new Script();
    drained.getJob = async (id, wait) => {
      drained.calls.push(['getJob', [id, wait]]);
      stopping.abort();
      return { ok: true, value: job('running') };
    };
    const atShutdown = (await (await connect(drained, { signal: stopping.signal })).callTool({ name: 'svc.compute', arguments: { job_id: JOB_ID, wait_seconds: MAX_WAIT_S } })) as Result;
    expect(atShutdown.structuredContent).toMatchObject({ status: 'running' });
    expect(drained.calls).toHaveLength(1);
  });

  it('cuts long arrays, keeps the whole result as a resource for its owner only, and reads job results', async () => {
    const backend = new Script();
    let caller: string | null = 'account:a';
    backend.owner = async () => caller;
    backend.compute_ = () => ({ ok: true, value: envelope(MAX_ITEMS + 50) });
    const client = await connect(backend);
    const r = (await client.callTool({ name: 'svc.compute', arguments: { command: 'maxcut', problem: {} } })) as Result;
    expect(r.structuredContent!.answer).toHaveLength(MAX_ITEMS);
    expect(r.structuredContent!.truncated.fields).toEqual({ answer: { shown: MAX_ITEMS, total: MAX_ITEMS + 50 } });
    const uri = r.structuredContent!.truncated.full_result as string;
    expect(r.content.some((c) => c.type === 'resource_link' && c.uri === uri)).toBe(true);
    expect(JSON.parse(r.content[1].text!).answer).toHaveLength(MAX_ITEMS);
    const whole = JSON.parse(((await client.readResource({ uri })).contents[0] as { text: string }).text);
    expect(whole.answer).toHaveLength(MAX_ITEMS + 50);
    // Another account, or no credentials, cannot read it.
    caller = 'account:b';
    await expect(client.readResource({ uri })).rejects.toThrow(/no kept result/);
    caller = null;
    await expect(client.readResource({ uri })).rejects.toThrow(/SVC_UNAUTHENTICATED/);
    caller = 'account:a';
    backend.jobs = [{ ok: true, value: job('done', { result: envelope(4) }) }];
    const fromJob = JSON.parse(((await client.readResource({ uri: `svc://jobs/${JOB_ID}/result` })).contents[0] as { text: string }).text);
    expect(fromJob.cut_value).toBe(4);
    await expect(client.readResource({ uri: 'svc://nothing' })).rejects.toThrow(/unknown resource/);
  });

  it('a result too long for text content is shortened there, with the resource to read it whole', async () => {
    const backend = new Script();
    // 200 shown items of 60 characters each: 12 KB of JSON, over the text budget.
    backend.compute_ = () => ({ ok: true, value: envelope(3, { samples: Array.from({ length: MAX_ITEMS }, (_, i) => ({ rank: i, energy: -i, answer: [0, 1, 0, 1, 0, 1, 0, 1, 0, 1] })) }) });
    const r = (await (await connect(backend)).callTool({ name: 'svc.compute', arguments: { command: 'maxcut', problem: {} } })) as Result;
    expect(r.structuredContent!.samples).toHaveLength(MAX_ITEMS);
    expect(r.content[1].text!.length).toBeLessThanOrEqual(MAX_TEXT_CHARS);
    const text = JSON.parse(r.content[1].text!);
    expect(text.receipt).toBe(r.structuredContent!.receipt);
    expect(text.samples.length).toBeLessThan(MAX_ITEMS);
    expect(r.content[0].text).toMatch(/shortened .* svc:\/\/results\/svcr_/);
    expect(r.content.some((c) => c.type === 'resource_link' && c.uri === `svc://results/${r.structuredContent!.receipt}`)).toBe(true);
  });
});
