// Measures two limits of the HTTP and tRPC doors on the `npm start` bundle (docs/reliability.md,
// "HTTP and tRPC"):
//
// 1. Body caps: a 104 MiB JSON body from a registered free key (cap 100 MiB), sent for real, to
//    POST /api/v1/solve/maxcut and to POST /trpc/solve: the answer, how long until it came and
//    the server's peak RSS while it was handled.
// 2. A flood of GET /api/v1/openapi.json on 64 connections (autocannon, one client IP): what the
//    flood gets, and the latency of a keyed small solve sent meanwhile one at a time (p50/p99),
//    against the same probe on an idle server.
//
//   node tools/scripts/http-trpc-limits.mjs [path/to/main.mjs]    (default apps/http/dist/main.mjs;
//   build it first with `npx nx run http:build`). FLOOD_S sets the flood's seconds (default 15).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bundle = resolve(process.argv[2] ?? join(root, 'apps/http/dist/main.mjs'));
const FLOOD_S = Number(process.env.FLOOD_S ?? 15);
const TAG = 'svc-cortex-v1';
const MIB = 1024 * 1024;

const dataDir = mkdtempSync(join(tmpdir(), 'svc-limits-'));
const child = spawn(process.execPath, [bundle], {
  env: { ...process.env, PORT: '0', HOST: '127.0.0.1', GRPC_PORT: 'off', SVC_DATA_DIR: dataDir, SVC_LOG_LEVEL: 'silent', SVC_ENGINE: 'ts' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise((ok, fail) => {
  let out = '';
  child.stdout.on('data', (d) => {
    out += String(d);
    const m = /svc-http listening on (http:\/\/\S+)/.exec(out);
    if (m) ok(m[1]);
  });
  child.once('exit', (code) => fail(new Error(`the server exited (${code}) before listening: ${out}`)));
});

/** The server's resident set in MB now, and its peak since start (VmHWM). */
function rss() {
  const s = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = (k) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)[1]);
  return { now: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

async function json(method, path, body, auth) {
  const r = await fetch(`${url}${path}`, {
    method, body: body === undefined ? undefined : JSON.stringify(body),
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
  });
  return { status: r.status, body: await r.json().catch(() => null) };
}

// A verified free key (the embedded server writes its mail to the outbox).
const reg = await json('POST', '/api/v1/accounts', { email: 'limits@example.com' });
const key = reg.body.key.token;
const mail = readFileSync(join(dataDir, 'outbox', 'outbox.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l)).at(-1);
await json('POST', '/api/v1/email/verify', { token: mail.token });

/** Streams `prefix`, `size` bytes of edges `[0,1,1],` and `suffix`; resolves on the reply. */
function bigPost(path, prefix, size, suffix) {
  return new Promise((done, fail) => {
    const started = performance.now();
    let peak = rss().now;
    const sampler = setInterval(() => { peak = Math.max(peak, rss().now); }, 50);
    const total = Buffer.byteLength(prefix) + size + Buffer.byteLength(suffix);
    const req = http.request(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(total), authorization: `Bearer ${key}` } });
    let answered = false;
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => { text += d; });
      res.on('end', () => {
        answered = true;
        clearInterval(sampler);
        const code = /"code":"(SVC_[A-Z_]+)"/.exec(text)?.[1] ?? '';
        done({ status: res.statusCode, code, ms: Math.round(performance.now() - started), peakMb: Math.max(peak, rss().now) });
        req.destroy();
      });
    });
    req.on('error', (e) => { if (!answered) { clearInterval(sampler); fail(e); } });
    const chunk = Buffer.alloc(MIB, '[0,1,1],');
    let left = size;
    const pump = () => {
      while (left > 0 && !answered) {
        const n = Math.min(left, chunk.length);
        left -= n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void req.once('drain', pump);
      }
      if (!answered) req.end(suffix);
    };
    req.write(prefix);
    pump();
  });
}

const SIZE = 104 * MIB;
const head = `"tag":"${TAG}","description":"A graph past the free plan's cap of 100 MiB.","n":2,"edges":[`;
const cap = [];
cap.push({ door: 'HTTP POST /api/v1/solve/maxcut', before: rss(), ...(await bigPost('/api/v1/solve/maxcut', `{${head}`, SIZE, '[0,1,1]]}')) });
cap.push({ door: 'tRPC POST /trpc/solve', before: rss(), ...(await bigPost('/trpc/solve', `{"command":"maxcut","problem":{${head}`, SIZE, '[0,1,1]]}}')) });

// The probe: a keyed 5-node maxcut, one at a time, a new seed each (so each one is solved).
const ring = { tag: TAG, description: 'Split five offices into two teams to maximise links.', n: 5, edges: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 4, 1], [4, 0, 1]] };
let seed = 1;
async function probe(seconds) {
  const times = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const t0 = performance.now();
    const r = await json('POST', `/api/v1/solve/maxcut?effort=flash&seed=${seed++}`, ring, key);
    if (r.status !== 200) throw new Error(`probe answered ${r.status}: ${JSON.stringify(r.body)}`);
    times.push(performance.now() - t0);
    await new Promise((w) => setTimeout(w, 50));
  }
  times.sort((a, b) => a - b);
  const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1);
  return { n: times.length, p50: q(0.5), p99: q(0.99) };
}

const idle = await probe(Math.min(10, FLOOD_S));
const codes = new Map();
const flood = autocannon({ url: `${url}/api/v1/openapi.json`, connections: 64, duration: FLOOD_S, timeout: 30 });
flood.on('response', (_c, status) => codes.set(status, (codes.get(status) ?? 0) + 1));
const floodDone = new Promise((ok) => flood.on('done', ok));
await new Promise((w) => setTimeout(w, 1000));
const during = await probe(FLOOD_S - 2);
const f = await floodDone;
const peakAfter = rss().peak;

child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
rmSync(dataDir, { recursive: true, force: true });

const lines = [
  `bundle ${bundle}, engine ts, ${new Date().toISOString().slice(0, 10)}`,
  '',
  '| 104 MiB body (13.6 M edges), free key | answer | time to the answer | server RSS before → peak |',
  '|---|---|---:|---:|',
  ...cap.map((c) => `| ${c.door} | ${c.status} ${c.code} | ${c.ms} ms | ${c.before.now} → ${c.peakMb} MB |`),
  '',
  `| GET /api/v1/openapi.json, 64 connections, ${FLOOD_S} s | |`,
  '|---|---|',
  `| flood answers | ${Math.round(f.requests.average)} req/s, ${(f.throughput.average / MIB).toFixed(1)} MB/s; ${[...codes].map(([s, n]) => `${s}: ${n}`).join(', ')} |`,
  `| keyed small solve, idle | p50 ${idle.p50} ms, p99 ${idle.p99} ms (${idle.n} calls) |`,
  `| keyed small solve, during the flood | p50 ${during.p50} ms, p99 ${during.p99} ms (${during.n} calls) |`,
  `| server peak RSS | ${peakAfter} MB |`,
];
process.stdout.write(`${lines.join('\n')}\n`);
