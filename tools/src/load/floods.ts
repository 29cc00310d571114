/**
 * What cheap floods cost everyone else (issue 32, part 3), on the `npm start` bundle: a keyed small
 * maxcut solved every 100 ms (the probe, under the key's 600 a minute) while autocannon floods, from
 * the same loopback address,
 *   1. nothing (the baseline);
 *   2. `GET /metrics` on the API port (64 connections; unauthenticated, not rate-limited before);
 *   3. `GET /metrics` on the operations port (`SVC_OPS_PORT`; absent on bundles without one);
 *   4. unauthenticated tRPC batches of 14 `getJob` calls (64 connections; every call past the
 *      per-IP sandbox rate is a 429, and before they were each expanded first).
 * Prints one markdown table: the flood's answers and rate, the probe's p50 / p99 / max.
 * LOAD_MAIN picks the bundle (default apps/http/dist/main.mjs), LOAD_PHASE_S each phase's length (15 s).
 *
 *   node tools/dist/load-floods.mjs      (after `nx run-many -t build -p http tools`)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const mainBundle = process.env.LOAD_MAIN ?? join(root, 'apps/http/dist/main.mjs');
const PHASE_S = Number(process.env.LOAD_PHASE_S ?? 15);
const CONNECTIONS = 64;
const TAG = 'svc-cortex-v1';

const dataDir = mkdtempSync(join(tmpdir(), 'svc-load-floods-'));
const child = spawn(process.execPath, [mainBundle], {
  env: { ...process.env, PORT: '0', HOST: '127.0.0.1', GRPC_PORT: 'off', SVC_OPS_PORT: '0', SVC_DATA_DIR: dataDir, SVC_LOG_LEVEL: 'silent' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const { url, ops } = await new Promise<{ url: string; ops: string | null }>((ok, fail) => {
  let out = '';
  child.stdout!.on('data', (d: Buffer) => {
    out += String(d);
    const m = /svc-http listening on (http:\/\/\S+)[^\n]*/.exec(out);
    if (m) ok({ url: m[1], ops: /operations on (http:\/\/[^\s;]+)/.exec(m[0])?.[1] ?? null });
  });
  child.once('exit', (code) => fail(new Error(`the server exited (${String(code)}) before listening: ${out}`)));
});

async function json(method: string, path: string, body?: unknown, auth?: string): Promise<{ status: number; body: any }> {
  const r = await fetch(`${url}${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
  });
  return { status: r.status, body: await r.json().catch(() => null) };
}

// A verified free key (the embedded server writes its mail to the outbox).
const reg = await json('POST', '/api/v1/accounts', { email: 'floods@example.com' });
const key = reg.body.key.token as string;
const mail = readFileSync(join(dataDir, 'outbox', 'outbox.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l)).at(-1);
await json('POST', '/api/v1/email/verify', { token: mail.token });

const ring = { tag: TAG, description: 'Split a ring of five offices into two teams.', n: 5, edges: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 4, 1], [4, 0, 1]] };
let seed = 1;

/** The keyed probe: one small solve every 100 ms for `ms`; latencies of the answered ones, and their statuses. */
async function probe(ms: number): Promise<{ lat: number[]; codes: Map<number, number> }> {
  const lat: number[] = [];
  const codes = new Map<number, number>();
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const t0 = performance.now();
    const r = await fetch(`${url}/api/v1/solve/maxcut?effort=flash&seed=${seed++}`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify(ring),
    });
    await r.arrayBuffer();
    const took = performance.now() - t0;
    lat.push(took);
    codes.set(r.status, (codes.get(r.status) ?? 0) + 1);
    await new Promise((res) => setTimeout(res, Math.max(0, 100 - took)));
  }
  return { lat, codes };
}

const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
};

interface Row {
  readonly name: string;
  readonly flood: string;
  readonly probe: { lat: number[]; codes: Map<number, number> };
}

async function phase(name: string, target: { url: string; path: string } | null): Promise<Row> {
  process.stderr.write(`load-floods: ${name} for ${PHASE_S} s\n`);
  const codes = new Map<number, number>();
  const flooding = target === null
    ? Promise.resolve(null)
    : new Promise<autocannon.Result>((ok, fail) => {
      const instance = autocannon({ url: target.url, connections: CONNECTIONS, duration: PHASE_S, timeout: 30, requests: [{ method: 'GET', path: target.path }] }, (err, res) => (err ? fail(err) : ok(res)));
      instance.on('response', (_c, status) => codes.set(status, (codes.get(status) ?? 0) + 1));
    });
  const [r, p] = await Promise.all([flooding, probe(PHASE_S * 1000)]);
  const flood = r === null ? '—' : `${Math.round(r.requests.average)} req/s: ${[...codes].map(([s, n]) => `${s} × ${n}`).join(', ')}${r.errors ? `, ${r.errors} socket errors` : ''}`;
  return { name, flood, probe: p };
}

const batch = `/trpc/${Array(14).fill('getJob').join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: 14 }, (_, i) => [String(i), { job_id: 'job_0123456789abcdef0123456789abcdef' }]))))}`;
const rows: Row[] = [];
rows.push(await phase('no flood', null));
rows.push(await phase('GET /metrics on the API port', { url, path: '/metrics' }));
if (ops) rows.push(await phase('GET /metrics on the operations port', { url: ops, path: '/metrics' }));
rows.push(await phase('unauthenticated tRPC batches of 14 getJob', { url, path: batch }));

child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
rmSync(dataDir, { recursive: true, force: true });

const ms = (x: number) => (Number.isNaN(x) ? '—' : x.toFixed(0));
const lines = [
  `${mainBundle}: ${CONNECTIONS} flood connections, ${PHASE_S} s a phase; the probe: a keyed 5-node maxcut (effort flash, a new seed each) every 100 ms.${ops ? '' : ' (No operations port on this bundle.)'}`,
  '',
  '| flood | what the flood got | probe answers | probe p50 ms | probe p99 ms | probe max ms |',
  '|---|---|---|---:|---:|---:|',
  ...rows.map((r) => `| ${r.name} | ${r.flood} | ${[...r.probe.codes].map(([s, n]) => `${s} × ${n}`).join(', ')} | ${ms(pct(r.probe.lat, 0.5))} | ${ms(pct(r.probe.lat, 0.99))} | ${ms(Math.max(...r.probe.lat))} |`),
];
process.stdout.write(`${lines.join('\n')}\n`);
