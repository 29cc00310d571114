import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CATALOGUE, SERVED_COMMANDS } from '@svc/contracts/commands';
import type { Json, McpBackend, Outcome, SolveArgs } from './backend';
import { portable } from './schemas';
import { createMcpServer, MAX_ITEMS } from './server';

// The MCP server over a scripted backend, with the SDK's own client (which checks every result
// against the tool's outputSchema).
const TAG = 'svc-cortex-v1';
const envelope = (n: number, extra: Json = {}): Json => ({
  answer: Array.from({ length: n }, (_, i) => i % 2), cut_value: n, certainty: 'heuristic (hypothesis - verify)', proof: null,
  receipt: `svcr_${'ab'.repeat(32)}`, compute_units: 2, compute_units_left: 10, elapsed_ms: 1, peak_rss_kb: 1,
  observability: { queue_ms: 0, compute_ms: 1, total_ms: 1 }, tag: TAG, version: '2026-11-21', engine: 'ts', effort: 'medium', seed: 0, ...extra,
});
const job = (status: string, extra: Json = {}): Json => ({
  job_id: 'job_0123456789abcdef0123456789abcdef', status, command: 'maxcut', created_at: '2026-11-24T00:00:00.000Z', started_at: null, finished_at: null,
  compute_units: 2, billed_units: null, poll: '/api/v1/jobs/job_0123456789abcdef0123456789abcdef?wait=30', attempts: 0, cancel_requested: false, progress: null, tag: TAG, ...extra,
});

class Script implements McpBackend {
  calls: [string, unknown[]][] = [];
  compute_: (args: SolveArgs) => Outcome = () => ({ ok: true, value: envelope(5) });
  jobs: Outcome[] = [];
  async analyze(args: SolveArgs): Promise<Outcome> {
    this.calls.push(['analyze', [args]]);
    return { ok: true, value: { valid: true, command: args.command, compute_units: 2, would_certify: true, would_queue: false, charged: 0 } };
  }
  async compute(args: SolveArgs, key?: string): Promise<Outcome> {
    this.calls.push(['compute', [args, key]]);
    return this.compute_(args);
  }
  async verify(args: Json): Promise<Outcome> {
    this.calls.push(['verify', [args]]);
    return { ok: true, value: { ok: true, command: args.command, checks: [], objective: 3, objective_field: 'cut_value', verification: 'service_recheck' } };
  }
  async getJob(id: string, wait: number): Promise<Outcome> {
    this.calls.push(['getJob', [id, wait]]);
    return this.jobs.shift() ?? { ok: true, value: job('running') };
  }
  async cancelJob(id: string): Promise<Outcome> {
    this.calls.push(['cancelJob', [id]]);
    return { ok: true, value: job('cancelled', { cancel_requested: true }) };
  }
}

const open: Client[] = [];
async function connect(backend: McpBackend, now?: () => number): Promise<Client> {
  const [a, b] = InMemoryTransport.createLinkedPair();
  await createMcpServer(backend, now ? { now } : {}).connect(a);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(b);
  open.push(client);
  return client;
}
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
});

type Result = { isError?: boolean; structuredContent?: Json & Record<string, any>; content: Array<{ type: string; text?: string; uri?: string }> };

describe('createMcpServer', () => {
  it('lists a tool per catalogue tool entry, every served command in compute and analyze, object schemas throughout', async () => {
    const { tools } = await (await connect(new Script())).listTools();
    const withTool = SERVED_COMMANDS.filter((c) => CATALOGUE[c].tool).map((c) => CATALOGUE[c].tool!.name);
    expect(tools.map((t) => t.name)).toEqual(['svc.analyze', 'svc.compute', 'svc.verify', ...withTool]);
    for (const t of tools) {
      expect(t.inputSchema.type, t.name).toBe('object');
      expect(t.outputSchema?.type, t.name).toBe('object');
      // Nothing a draft-07 validator would misread.
      expect(JSON.stringify(t.inputSchema), t.name).not.toMatch(/prefixItems|\$schema/);
      expect(JSON.stringify(t.outputSchema), t.name).not.toMatch(/prefixItems|\$schema/);
    }
    for (const name of ['svc.analyze', 'svc.compute', 'svc.verify']) {
      expect((tools.find((x) => x.name === name)!.inputSchema.properties as any).command.enum, name).toEqual([...SERVED_COMMANDS]);
    }
    const compute = tools.find((x) => x.name === 'svc.compute')!;
    expect((compute.inputSchema.properties as any).problem.anyOf.map((s: Json) => s.title)).toEqual(SERVED_COMMANDS.map((c) => `${c} problem`));
    // The whole list stays readable in an agent's context (about 6.5 KB per served command).
    expect(JSON.stringify(tools).length).toBeLessThan(6_500 * SERVED_COMMANDS.length);
  });

  it('portable(): tuples become fixed-length arrays of their items, $schema goes', () => {
    expect(portable({ $schema: 'x', type: 'array', prefixItems: [{ type: 'integer' }, { type: 'number' }], items: false, minItems: 2, maxItems: 2 }))
      .toEqual({ type: 'array', items: { anyOf: [{ type: 'integer' }, { type: 'number' }] }, minItems: 2, maxItems: 2 });
  });

  it('fills the tag, passes the options, and summarises the answer', async () => {
    const backend = new Script();
    const r = (await (await connect(backend)).callTool({ name: 'svc.compute', arguments: { command: 'maxcut', problem: { description: 'A ring.', n: 5 }, seed: 3, idempotency_key: 'k1' } })) as Result;
    expect(backend.calls[0]).toEqual(['compute', [{ command: 'maxcut', seed: 3, problem: { tag: TAG, description: 'A ring.', n: 5 } }, 'k1']]);
    expect(r.structuredContent!.cut_value).toBe(5);
    expect(r.content[0].text).toContain('cut_value 5');
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

  it('a fault is an isError result carrying the problem document', async () => {
    const backend = new Script();
    backend.compute_ = () => ({ ok: false, problem: { code: 'SVC_INVALID_INPUT', status: 422, detail: 'edges[0]: out of range', agent_fix_prompt: 'Fix it.', next_actions: [] } });
    const r = (await (await connect(backend)).callTool({ name: 'svc.compute', arguments: { command: 'maxcut', problem: {} } })) as Result;
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toMatchObject({ code: 'SVC_INVALID_INPUT', status: 422 });
    expect(r.content[0].text).toContain('edges[0]: out of range');
    const bad = (await (await connect(backend)).callTool({ name: 'svc.compute', arguments: { job_id: 'job_x', wait_seconds: -1 } })) as Result;
    expect(bad.structuredContent).toMatchObject({ code: 'SVC_INVALID_INPUT', field: 'wait_seconds' });
    const stray = (await (await connect(backend)).callTool({ name: 'svc.compute', arguments: { problem: {}, cancel: true } })) as Result;
    expect(stray.structuredContent).toMatchObject({ code: 'SVC_INVALID_INPUT', field: 'cancel' });
  });

  it('job_id waits in bounded polls until the job ends or the wait is over; cancel cancels', async () => {
    const backend = new Script();
    backend.jobs = [{ ok: true, value: job('running') }, { ok: true, value: job('done', { result: envelope(3) }) }];
    const client = await connect(backend);
    const done = (await client.callTool({ name: 'svc.compute', arguments: { job_id: 'job_0123456789abcdef0123456789abcdef', wait_seconds: 999 } })) as Result;
    expect(done.structuredContent).toMatchObject({ status: 'done' });
    // Capped at 50 s in all, 30 s a poll.
    expect(backend.calls.map((c) => c[1][1])).toEqual([30, 30]);
    let t = 0;
    const slow = new Script();
    slow.getJob = async (id, wait) => {
      slow.calls.push(['getJob', [id, wait]]);
      t += wait * 1000;
      return { ok: true, value: job('running') };
    };
    const running = (await (await connect(slow, () => t)).callTool({ name: 'svc.compute', arguments: { job_id: 'job_0123456789abcdef0123456789abcdef', wait_seconds: 5 } })) as Result;
    expect(running.structuredContent).toMatchObject({ status: 'running' });
    expect(running.content[0].text).toMatch(/Call again with job_id/);
    expect(slow.calls.map((c) => c[1][1])).toEqual([5]);
    const cancelled = (await client.callTool({ name: 'svc.compute', arguments: { job_id: 'job_0123456789abcdef0123456789abcdef', cancel: true } })) as Result;
    expect(cancelled.structuredContent).toMatchObject({ status: 'cancelled' });
  });

  it('cuts long arrays, keeps the whole result as a resource, and reads job results', async () => {
    const backend = new Script();
    backend.compute_ = () => ({ ok: true, value: envelope(MAX_ITEMS + 50) });
    const client = await connect(backend);
    const r = (await client.callTool({ name: 'svc.compute', arguments: { command: 'maxcut', problem: {} } })) as Result;
    expect(r.structuredContent!.answer).toHaveLength(MAX_ITEMS);
    expect(r.structuredContent!.truncated.fields).toEqual({ answer: { shown: MAX_ITEMS, total: MAX_ITEMS + 50 } });
    const uri = r.structuredContent!.truncated.full_result as string;
    expect(r.content.some((c) => c.type === 'resource_link' && c.uri === uri)).toBe(true);
    const whole = JSON.parse(((await client.readResource({ uri })).contents[0] as { text: string }).text);
    expect(whole.answer).toHaveLength(MAX_ITEMS + 50);
    backend.jobs = [{ ok: true, value: job('done', { result: envelope(4) }) }];
    const fromJob = JSON.parse(((await client.readResource({ uri: 'svc://jobs/job_0123456789abcdef0123456789abcdef/result' })).contents[0] as { text: string }).text);
    expect(fromJob.cut_value).toBe(4);
    await expect(client.readResource({ uri: 'svc://nothing' })).rejects.toThrow(/unknown resource/);
  });
});
