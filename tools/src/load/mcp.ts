/**
 * MCP against HTTP on the `npm start` bundle (autocannon on loopback): the same small maxcut solve
 * through `POST /api/v1/solve/maxcut` and through an MCP `tools/call` of `svc.compute` at `/mcp`
 * (a new seed per request, so every call is solved), then `tools/list` without credentials.
 * Prints one markdown table (req/s, p50/p99, answers by status) and the MCP/HTTP ratio.
 * LOAD_PHASE_S sets each phase's length (default 15 s), LOAD_CONNECTIONS the connections (16).
 *
 *   node tools/dist/load-mcp.mjs        (after `nx run-many -t build -p http tools`)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const mainBundle = process.env.LOAD_MAIN ?? join(root, 'apps/http/dist/main.mjs');
const PHASE_S = Number(process.env.LOAD_PHASE_S ?? 15);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 16);
const TOKEN = 'load-test-sandbox-token';
const TAG = 'svc-cortex-v1';

const dataDir = mkdtempSync(join(tmpdir(), 'svc-load-mcp-'));
const child = spawn(process.execPath, [mainBundle], {
  env: {
    ...process.env, PORT: '0', HOST: '127.0.0.1', GRPC_PORT: 'off', SVC_DATA_DIR: dataDir, SVC_SANDBOX_TOKEN: TOKEN, SVC_LOG_LEVEL: 'silent',
    // Rate limits would refuse one loopback client long before the doors saturate.
    SVC_SANDBOX_DAILY_UNITS: '1000000000', SVC_SANDBOX_RATE_PER_MINUTE: '1000000000', SVC_COMPUTE_RATE_LIMIT: '1000000000',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise<string>((ok, fail) => {
  let out = '';
  child.stdout!.on('data', (d: Buffer) => {
    out += String(d);
    const m = /svc-http listening on (http:\/\/\S+)/.exec(out);
    if (m) ok(m[1]);
  });
  child.once('exit', (code) => fail(new Error(`the server exited (${String(code)}) before listening: ${out}`)));
});

const problem = { tag: TAG, description: 'Split five offices into two teams to maximise links.', n: 5, edges: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 4, 1], [4, 0, 1]] };
const httpHeaders = { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` };
const mcpHeaders = { ...httpHeaders, accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
let seed = 1;

interface Phase {
  readonly name: string;
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly codes: Map<number, number>;
}

async function phase(name: string, request: autocannon.Request): Promise<Phase> {
  process.stderr.write(`load-mcp: ${name} for ${PHASE_S} s\n`);
  const codes = new Map<number, number>();
  const r = await new Promise<autocannon.Result>((ok, fail) => {
    const instance = autocannon({ url, connections: CONNECTIONS, duration: PHASE_S, timeout: 30, requests: [request] }, (err, res) => (err ? fail(err) : ok(res)));
    instance.on('response', (_c, status) => codes.set(status, (codes.get(status) ?? 0) + 1));
  });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, codes };
}

const phases: Phase[] = [];
phases.push(await phase('HTTP POST /api/v1/solve/maxcut', {
  method: 'POST', headers: httpHeaders, body: JSON.stringify(problem),
  setupRequest: (req) => ({ ...req, path: `/api/v1/solve/maxcut?effort=flash&seed=${seed++}` }),
}));
phases.push(await phase('MCP tools/call svc.compute', {
  method: 'POST', path: '/mcp', headers: mcpHeaders,
  setupRequest: (req) => ({
    ...req,
    body: JSON.stringify({ jsonrpc: '2.0', id: seed, method: 'tools/call', params: { name: 'svc.compute', arguments: { command: 'maxcut', problem, effort: 'flash', seed: seed++ } } }),
  }),
}));
phases.push(await phase('MCP tools/list (no credentials)', {
  method: 'POST', path: '/mcp', headers: { 'content-type': 'application/json', accept: mcpHeaders.accept, 'mcp-protocol-version': '2025-06-18' },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
}));

child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
rmSync(dataDir, { recursive: true, force: true });

const lines = [
  `${CONNECTIONS} connections, ${PHASE_S} s per phase, a 5-node maxcut at effort flash with a new seed per call, sandbox token.`,
  '',
  '| phase | req/s | p50 ms | p99 ms | answers by status |',
  '|---|---:|---:|---:|---|',
  ...phases.map((p) => `| ${p.name} | ${Math.round(p.rps)} | ${p.p50} | ${p.p99} | ${[...p.codes].map(([s, n]) => `${s}: ${n}`).join(', ')} |`),
  '',
  `MCP tools/call / HTTP: ${(phases[1].rps / phases[0].rps).toFixed(2)}× the requests per second.`,
];
process.stdout.write(`${lines.join('\n')}\n`);
