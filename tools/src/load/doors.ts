/**
 * The four doors side by side on the `npm start` bundle (issue 32, part 4): the same small maxcut
 * (5 nodes, effort flash, a new seed per call, so every call is solved) through
 * `POST /api/v1/solve/maxcut`, gRPC `Solve`, tRPC `solve` and an MCP `tools/call` of `svc.compute`,
 * in interleaved rounds (HTTP, gRPC, tRPC, MCP, then again) after LOAD_WARMUP_S seconds (5) of each
 * door that are not counted (the first round measured every door's cold path), each phase LOAD_PHASE_S seconds (20)
 * at LOAD_CONNECTIONS (32) calls in flight, LOAD_ROUNDS rounds (4). HTTP, tRPC and MCP are driven
 * by autocannon, gRPC by Node's HTTP/2 client speaking gRPC's framing in LOAD_GRPC_THREADS worker
 * threads of this process (1; a connection each, the calls spread over them): grpc-js's own client
 * set the rate instead of the server on this machine (doors-grpc-worker.ts).
 * Prints one markdown table row per door and round, then one per door: req/s, p50/p99, the rate
 * over HTTP's of the same round, and the CPU ms per answered call of the server (all its threads)
 * and of this load generator. The server runs on CPU 0 and this process on CPU 1 when `taskset` is
 * there (LOAD_PIN=0: no pinning).
 * LOAD_MAIN picks the bundle; LOAD_DOORS a comma list of doors (default all four).
 *
 *   npm run load:doors                  (builds http and tools, then runs tools/dist/load-doors.mjs)
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { toStruct } from '@svc/grpc';
import type { GrpcLoadJob, GrpcLoadResult } from './doors-grpc-worker';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const mainBundle = process.env.LOAD_MAIN ?? join(root, 'apps/http/dist/main.mjs');
const PHASE_S = Number(process.env.LOAD_PHASE_S ?? 20);
/** Seconds of each door before the first round, not counted: every door's path is compiled (JIT) before it is measured. */
const WARMUP_S = Number(process.env.LOAD_WARMUP_S ?? 5);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 32);
const ROUNDS = Number(process.env.LOAD_ROUNDS ?? 4);
const DOORS = (process.env.LOAD_DOORS ?? 'http,grpc,trpc,mcp').split(',').map((d) => d.trim()) as Door[];
const TOKEN = 'load-test-sandbox-token';
const TAG = 'svc-cortex-v1';
type Door = 'http' | 'grpc' | 'trpc' | 'mcp';

/**
 * The server on CPU 0 and this process (the load generator) on CPU 1 when `taskset` is there and
 * the machine has two CPUs or more (LOAD_PIN=0: no pinning), so the generator's own work (gRPC's
 * client most) does not take the server's CPU; server CPU ms per call is printed either way.
 */
function pinning(): { server: string[]; note: string } {
  if (process.env.LOAD_PIN === '0' || availableParallelism() < 2) return { server: [], note: 'not pinned' };
  try {
    execFileSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
    return { server: ['taskset', '-c', '0'], note: 'server pinned to CPU 0, load generator to CPU 1' };
  } catch {
    return { server: [], note: 'not pinned (no taskset)' };
  }
}
const pin = pinning();

const dataDir = mkdtempSync(join(tmpdir(), 'svc-load-doors-'));
const nodeArgs = [...(process.env.LOAD_NODE_ARGS ?? '').split(' ').filter(Boolean), mainBundle];
const child = spawn(pin.server.length > 0 ? pin.server[0] : process.execPath, pin.server.length > 0 ? [...pin.server.slice(1), process.execPath, ...nodeArgs] : nodeArgs, {
  env: {
    ...process.env, PORT: '0', HOST: '127.0.0.1', GRPC_PORT: '0', SVC_DATA_DIR: dataDir, SVC_SANDBOX_TOKEN: TOKEN, SVC_LOG_LEVEL: process.env.LOAD_LOG_LEVEL ?? 'silent',
    // Rate limits would refuse one loopback client long before the doors saturate.
    SVC_SANDBOX_DAILY_UNITS: '1000000000', SVC_SANDBOX_RATE_PER_MINUTE: '1000000000', SVC_COMPUTE_RATE_LIMIT: '1000000000',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const { url, grpcAddress } = await new Promise<{ url: string; grpcAddress: string }>((ok, fail) => {
  let out = '';
  child.stdout!.on('data', (d: Buffer) => {
    out += String(d);
    const m = /svc-http listening on (http:\/\/\S+) .*; gRPC on (\S+)/.exec(out);
    if (m) ok({ url: m[1], grpcAddress: m[2] });
  });
  child.once('exit', (code) => fail(new Error(`the server exited (${String(code)}) before listening: ${out}`)));
});

const problem = { tag: TAG, description: 'Split five offices into two teams to maximise links.', n: 5, edges: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 4, 1], [4, 0, 1]] };
const httpHeaders = { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` };
const mcpHeaders = { ...httpHeaders, accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
let seed = 1;

/** CPU seconds the server process has used (every thread), from /proc. */
function serverCpuS(): number {
  const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
  const fields = f.slice(f.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Phase {
  readonly door: Door;
  readonly round: number;
  readonly rps: number;
  /** Server CPU ms per answered call (all threads), and this process's (the load generator's). */
  cpuMs?: number;
  clientMs?: number;
  readonly p50: number;
  readonly p99: number;
  readonly codes: Map<string, number>;
}

async function cannon(door: Door, round: number, seconds: number, request: autocannon.Request): Promise<Phase> {
  const codes = new Map<string, number>();
  const r = await new Promise<autocannon.Result>((ok, fail) => {
    const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds, timeout: 30, requests: [request] }, (err, res) => (err ? fail(err) : ok(res)));
    instance.on('response', (_c, status) => codes.set(String(status), (codes.get(String(status)) ?? 0) + 1));
  });
  return { door, round, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, codes };
}

const protoDir = join(root, 'apps/grpc/proto');
const pkg = grpc.loadPackageDefinition(protoLoader.loadSync('svc/v1/solver.proto', { keepCase: true, longs: Number, enums: String, defaults: false, oneofs: true, includeDirs: [protoDir] })) as unknown as {
  svc: { v1: { Solver: grpc.ServiceClientConstructor } };
};
const GRPC_THREADS = Math.max(1, Math.min(CONNECTIONS, Number(process.env.LOAD_GRPC_THREADS ?? 1)));
// The message without its seed, encoded once; each call appends its own seed (field 5), as
// autocannon's requests are built once and stamped.
const solvePrefix = pkg.svc.v1.Solver.service.Solve.requestSerialize({ command: 'maxcut', problem: toStruct(problem), effort: 'flash' });
/** Seeds a thread may use in one phase (far more calls than a phase makes). */
const SEEDS_PER_THREAD = 10_000_000;

/**
 * The gRPC load: LOAD_GRPC_THREADS worker threads (1), started and connected before the first
 * phase, each with its own HTTP/2 connection and its share of the `CONNECTIONS` calls (doors-grpc-worker.ts).
 */
const grpcThreads = DOORS.includes('grpc')
  ? await Promise.all(Array.from({ length: GRPC_THREADS }, async (_, k) => {
      const job: GrpcLoadJob = {
        address: grpcAddress, path: pkg.svc.v1.Solver.service.Solve.path, protoDir, token: TOKEN, prefix: solvePrefix,
        calls: Math.floor(CONNECTIONS / GRPC_THREADS) + (k < CONNECTIONS % GRPC_THREADS ? 1 : 0),
      };
      const w = new Worker(new URL('./load-doors-grpc-worker.mjs', import.meta.url), { workerData: job });
      await new Promise<void>((ok, fail) => {
        w.once('message', () => ok());
        w.once('error', fail);
      });
      return w;
    }))
  : [];

/** `CONNECTIONS` closed loops of gRPC `Solve` for `PHASE_S` seconds, over the threads above. */
async function grpcPhase(round: number, seconds: number): Promise<Phase> {
  const outs = await Promise.all(grpcThreads.map((w, k) => new Promise<GrpcLoadResult>((ok, fail) => {
    w.once('message', ok);
    w.once('error', fail);
    w.postMessage({ phaseS: seconds, seedFrom: seed + k * SEEDS_PER_THREAD });
  })));
  seed += GRPC_THREADS * SEEDS_PER_THREAD;
  const s = outs.flatMap((o) => o.latencies).sort((a, b) => a - b);
  const codes = new Map<string, number>();
  for (const o of outs) for (const [c, n] of Object.entries(o.codes)) codes.set(c, (codes.get(c) ?? 0) + n);
  const q = (x: number) => Math.round(s[Math.min(s.length - 1, Math.ceil(x * s.length) - 1)] ?? NaN);
  return { door: 'grpc', round, rps: s.length / Math.max(...outs.map((o) => o.seconds)), p50: q(0.5), p99: q(0.99), codes };
}

const run: Record<Door, (round: number, seconds: number) => Promise<Phase>> = {
  http: (round, seconds) => cannon('http', round, seconds, {
    method: 'POST', headers: httpHeaders, body: JSON.stringify(problem),
    setupRequest: (req) => ({ ...req, path: `/api/v1/solve/maxcut?effort=flash&seed=${seed++}` }),
  }),
  grpc: grpcPhase,
  trpc: (round, seconds) => cannon('trpc', round, seconds, {
    method: 'POST', path: '/trpc/solve', headers: httpHeaders,
    setupRequest: (req) => ({ ...req, body: JSON.stringify({ command: 'maxcut', problem, effort: 'flash', seed: seed++ }) }),
  }),
  mcp: (round, seconds) => cannon('mcp', round, seconds, {
    method: 'POST', path: '/mcp', headers: mcpHeaders,
    setupRequest: (req) => ({
      ...req,
      body: JSON.stringify({ jsonrpc: '2.0', id: seed, method: 'tools/call', params: { name: 'svc.compute', arguments: { command: 'maxcut', problem, effort: 'flash', seed: seed++ } } }),
    }),
  }),
};

const phases: Phase[] = [];
if (WARMUP_S > 0) {
  for (const door of DOORS) {
    process.stderr.write(`load-doors: warm-up, ${door} for ${WARMUP_S} s (not counted)\n`);
    await run[door](0, WARMUP_S);
  }
}
for (let round = 1; round <= ROUNDS; round++) {
  for (const door of DOORS) {
    process.stderr.write(`load-doors: round ${round}, ${door} for ${PHASE_S} s\n`);
    const cpu0 = serverCpuS();
    const own0 = process.cpuUsage();
    const p = await run[door](round, PHASE_S);
    const calls = p.rps * PHASE_S;
    const own = process.cpuUsage(own0);
    p.cpuMs = ((serverCpuS() - cpu0) * 1000) / calls;
    p.clientMs = (own.user + own.system) / 1000 / calls;
    phases.push(p);
  }
}

for (const w of grpcThreads) w.postMessage('close');
child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
rmSync(dataDir, { recursive: true, force: true });

const http = new Map(phases.filter((p) => p.door === 'http').map((p) => [p.round, p]));
const ratio = (p: Phase) => (http.has(p.round) ? (p.rps / http.get(p.round)!.rps).toFixed(2) : '—');
const lines = [
  `${mainBundle}: ${CONNECTIONS} calls in flight, ${PHASE_S} s a phase, ${ROUNDS} interleaved rounds after ${WARMUP_S} s of each door not counted; a 5-node maxcut at effort flash with a new seed per call, sandbox token; ${pin.note}.`,
  '',
  '| round | door | req/s | p50 ms | p99 ms | / HTTP | server CPU ms per call | load generator CPU ms per call | answers |',
  '|---:|---|---:|---:|---:|---:|---:|---:|---|',
  ...phases.map((p) => `| ${p.round} | ${p.door} | ${Math.round(p.rps)} | ${p.p50} | ${p.p99} | ${ratio(p)} | ${p.cpuMs!.toFixed(2)} | ${p.clientMs!.toFixed(2)} | ${[...p.codes].map(([s, n]) => `${s}: ${n}`).join(', ')} |`),
  '',
  'Per door over the rounds (means; p99 the worst round; / HTTP the mean of each round\'s ratio):',
  '',
  '| door | req/s | p50 ms | p99 ms | / HTTP (each round) | server CPU ms per call | load generator CPU ms per call |',
  '|---|---:|---:|---:|---|---:|---:|',
  ...DOORS.map((d) => {
    const ps = phases.filter((p) => p.door === d);
    const mean = (f: (p: Phase) => number) => ps.reduce((a, p) => a + f(p), 0) / Math.max(1, ps.length);
    const rs = ps.filter((p) => http.has(p.round)).map((p) => p.rps / http.get(p.round)!.rps);
    const ratios = d === 'http' ? '1' : `${(rs.reduce((a, b) => a + b, 0) / Math.max(1, rs.length)).toFixed(2)} (${rs.map((r) => r.toFixed(2)).join(', ')})`;
    return `| ${d} | ${Math.round(mean((p) => p.rps))} | ${Math.round(mean((p) => p.p50))} | ${Math.max(...ps.map((p) => p.p99))} | ${ratios} | ${mean((p) => p.cpuMs!).toFixed(2)} | ${mean((p) => p.clientMs!).toFixed(2)} |`;
  }),
];
process.stdout.write(`${lines.join('\n')}\n`);
