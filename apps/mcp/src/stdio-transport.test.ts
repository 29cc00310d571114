import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Script } from '../test/script-backend';
import type { Json, McpBackend } from './backend';
import { serveStdioBackend } from './stdio';

// `svc mcp`'s loop over a pair of streams: every line gets an answer, and a bad one never ends it.
function session(backend: McpBackend = new Script(), maxLineBytes?: number) {
  const input = new PassThrough();
  const output = new PassThrough();
  const lines: unknown[] = [];
  const waiters: (() => void)[] = [];
  let buf = '';
  output.on('data', (d: Buffer) => {
    buf += String(d);
    for (let nl = buf.indexOf('\n'); nl >= 0; nl = buf.indexOf('\n')) {
      lines.push(JSON.parse(buf.slice(0, nl)));
      buf = buf.slice(nl + 1);
      waiters.splice(0).forEach((w) => w());
    }
  });
  const served = serveStdioBackend(backend, { input, output, ...(maxLineBytes ? { maxLineBytes } : {}) });
  let read = 0;
  return {
    send: (line: string) => input.write(`${line}\n`),
    write: (chunk: string) => input.write(chunk),
    /** The next line written back. */
    async next(): Promise<any> {
      while (lines.length <= read) await new Promise<void>((r) => waiters.push(r));
      return lines[read++];
    },
    async end() {
      input.end();
      await served;
    },
  };
}

const init = JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
const list = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list' });

describe('svc mcp on stdio', () => {
  it('answers a line that is not JSON with -32700 and one that is not a JSON-RPC message with -32600, then goes on', async () => {
    const s = session();
    s.send(init);
    expect((await s.next()).result.serverInfo.name).toBe('svc-decision-solver');
    s.send('{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(await s.next()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    for (const bad of ['null', '42', '"tools/list"', '{}']) {
      s.send(bad);
      expect(await s.next(), bad).toMatchObject({ id: null, error: { code: -32600 } });
    }
    // A readable id is echoed.
    s.send('{"jsonrpc": "2.0", "id": 3, "method": 5}');
    expect(await s.next()).toMatchObject({ id: 3, error: { code: -32600 } });
    s.send('');
    s.send(list(4));
    const listed = await s.next();
    expect(listed.id).toBe(4);
    expect(listed.result.tools.length).toBeGreaterThan(4);
    await s.end();
  });

  it('tools/call without params is -32602 with one sentence', async () => {
    const s = session();
    s.send('{"jsonrpc":"2.0","id":5,"method":"tools/call"}');
    const r = await s.next();
    expect(r).toMatchObject({ id: 5, error: { code: -32602 } });
    expect(r.error.message.length).toBeLessThan(120);
    await s.end();
  });

  it('answers a batch with one array of its responses; an empty batch is -32600', async () => {
    const s = session();
    s.send(JSON.stringify([JSON.parse(list(10)), { jsonrpc: '2.0', method: 'notifications/initialized' }, { jsonrpc: '2.0', id: 11, method: 'ping' }, null]));
    const batch = (await s.next()) as Json[];
    expect(Array.isArray(batch)).toBe(true);
    expect(batch.map((r) => r.id).sort()).toEqual([10, 11, null].sort());
    expect(batch.find((r) => r.id === null)).toMatchObject({ error: { code: -32600 } });
    s.send('[]');
    expect(await s.next()).toMatchObject({ id: null, error: { code: -32600, message: expect.stringMatching(/empty batch/) } });
    s.send(list(12));
    expect((await s.next()).id).toBe(12);
    await s.end();
  });

  it('skips a line over the cap, in whatever chunks it comes, answering -32600; the next line is served', async () => {
    const s = session(new Script(), 64 * 1024);
    s.write('{"jsonrpc":"2.0","id":20,"method":"tools/call","params":{"name":"svc.compute","arguments":{"problem":{"pad":"');
    for (let k = 0; k < 10; k++) s.write('x'.repeat(16 * 1024));
    s.write('"}}}}\n');
    expect(await s.next()).toMatchObject({ id: null, error: { code: -32600, message: expect.stringMatching(/longer than 65536 bytes/) } });
    s.send(list(21));
    expect((await s.next()).id).toBe(21);
    await s.end();
  });

  it('reads a 10.5 MiB line under the default cap (the SDK transport ended the session at 10 MiB) and answers it', async () => {
    const backend = new Script();
    const s = session(backend);
    const edges = 'x'.repeat(10.5 * 1024 * 1024);
    s.send(JSON.stringify({ jsonrpc: '2.0', id: 30, method: 'tools/call', params: { name: 'svc.compute', arguments: { command: 'maxcut', problem: { description: 'A large one.', n: 3, pad: edges } } } }));
    const r = await s.next();
    expect(r.id).toBe(30);
    expect(r.result.structuredContent.cut_value).toBe(5);
    expect(((backend.calls[0][1][0] as Json).problem as Json).pad).toHaveLength(edges.length);
    s.send(list(31));
    expect((await s.next()).id).toBe(31);
    await s.end();
  });

  it('answers the calls in flight when the input ends, a last line without its newline included', async () => {
    const backend = new Script();
    backend.compute_ = () => ({ ok: true, value: { receipt: `svcr_${'cd'.repeat(32)}`, cut_value: 2, certainty: 'heuristic' } });
    const s = session(backend);
    s.write(JSON.stringify({ jsonrpc: '2.0', id: 40, method: 'tools/call', params: { name: 'svc.compute', arguments: { command: 'maxcut', problem: {} } } }));
    const done = s.end();
    expect((await s.next()).id).toBe(40);
    await done;
  });
});
