/**
 * Memory given back after large keyed solves (issue 32, part 2): one `npm start` node; its RSS
 * and thread count before, right after LOAD_SOLVE_MIB (20) MiB maxcut solves (two at once, then
 * one; effort flash, 5 s budget), and 5, 15 and 30 s later. The target is RSS within 20 % of the
 * figure before. LOAD_MAIN runs another bundle ("before").
 *
 *   npm run load:raw-memory
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const mainBundle = process.env.LOAD_MAIN ?? join(root, 'apps/http/dist/main.mjs');
const SOLVE_MIB = Number(process.env.LOAD_SOLVE_MIB ?? 20);
const MIB = 1024 * 1024;

const dataDir = mkdtempSync(join(tmpdir(), 'svc-load-raw-memory-'));
const child = spawn(process.execPath, [mainBundle], {
  env: { ...process.env, PORT: '0', HOST: '127.0.0.1', GRPC_PORT: '0', SVC_DATA_DIR: dataDir, SVC_LOG_LEVEL: 'silent', SVC_FREE_DAILY_UNITS: '100000000' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise<string>((ok, fail) => {
  let out = '';
  child.stdout!.on('data', (d: Buffer) => {
    out += String(d);
    const m = /listening on (http:\/\/\S+)/.exec(out);
    if (m) ok(m[1]);
  });
  child.once('exit', (code) => fail(new Error(`the server exited (${String(code)}) before listening: ${out}`)));
});

/** The server's RSS (MB) and threads now. */
function state(): { rss: number; threads: number } {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return { rss: Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024), threads: readdirSync(`/proc/${child.pid}/task`).length };
}
const post = async (path: string, body: unknown, auth?: string) => {
  const r = await fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${auth}` } : {}) }, body: body instanceof Buffer ? body : JSON.stringify(body) });
  return { status: r.status, body: (await r.json()) as Record<string, any> };
};

// A verified free key (the embedded server writes its mail to the outbox).
const key: string = (await post('/api/v1/accounts', { email: 'raw-memory@example.com' })).body.key.token;
const mail = JSON.parse(readFileSync(join(dataDir, 'outbox', 'outbox.jsonl'), 'utf8').trim().split('\n').at(-1)!);
await post('/api/v1/email/verify', { token: mail.token });

// A valid maxcut of about SOLVE_MIB MiB (the shape of load:evloop's).
const count = Math.floor((SOLVE_MIB * MIB - 200) / 20);
const parts: string[] = new Array(count);
for (let i = 0; i < count; i++) {
  const a = 10_000 + (i % 90_000);
  const b = 10_000 + ((i * 7919 + 1) % 90_000);
  parts[i] = `[${a},${b === a ? (b === 99_999 ? 10_000 : b + 1) : b},${10_000 + (i % 89_999)}]`;
}
const body = Buffer.from(`{"tag":"svc-cortex-v1","description":"Split a huge network into two sides.","n":100000,"edges":[${parts.join(',')}]}`);
const solve = async () => (await post('/api/v1/solve/maxcut?effort=flash&max_latency_ms=5000', body, key)).status;

await new Promise((r) => setTimeout(r, 2000));
const rows: [string, { rss: number; threads: number }][] = [['before', state()]];
const answers = [...(await Promise.all([solve(), solve()])), await solve()];
rows.push(['right after', state()]);
for (const [label, wait] of [['5 s later', 5], ['15 s later', 10], ['30 s later', 15]] as const) {
  await new Promise((r) => setTimeout(r, wait * 1000));
  rows.push([label, state()]);
}
child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
rmSync(dataDir, { recursive: true, force: true });

const before = rows[0][1].rss;
const last = rows.at(-1)![1].rss;
process.stdout.write([
  `node ${mainBundle}: ${(body.length / MIB).toFixed(0)} MiB maxcut solves (a free key), answered ${answers.join(', ')}; load average ${os.loadavg().map((x) => x.toFixed(1)).join(' / ')}`,
  ...rows.map(([label, s]) => `${label}: RSS ${s.rss} MB, ${s.threads} threads`),
  `RSS within 20 % of the figure before 30 s after: ${last <= before * 1.2 ? 'met' : 'NOT met'} (${last} MB against ${before} MB, ${((last / before - 1) * 100).toFixed(0)} %).`,
].join('\n') + '\n');
