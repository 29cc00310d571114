// Measures `world neighbors` problems of 100,000 points and more through the HTTP door of the
// `npm start` bundle (docs/world.md, "Through the HTTP door"): a registered free key (body cap
// 100 MiB, 50,000 compute units a day) posts points and queries of full-precision random 3-D
// coordinates; the script reports the body size, the answer's status, time and size, and the
// sandbox's refusal of the same body. Prints one Markdown table.
//
//   node tools/scripts/world-http.mjs [path/to/main.mjs]   (default apps/http/dist/main.mjs; build it
//   first with `npx nx run http:build`). SVC_ENGINE is passed through (unset: native when it loads).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bundle = resolve(process.argv[2] ?? join(root, 'apps/http/dist/main.mjs'));
const TAG = 'svc-cortex-v1';
const MIB = 1024 * 1024;

const dataDir = mkdtempSync(join(tmpdir(), 'svc-world-http-'));
const child = spawn(process.execPath, [bundle], {
  env: { ...process.env, PORT: '0', HOST: '127.0.0.1', GRPC_PORT: 'off', SVC_DATA_DIR: dataDir, SVC_LOG_LEVEL: 'silent' },
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

async function call(method, path, text, auth) {
  const t0 = performance.now();
  const r = await fetch(`${url}${path}`, {
    method, body: text,
    headers: { ...(text === undefined ? {} : { 'content-type': 'application/json' }), ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
  });
  const body = await r.text();
  return { status: r.status, text: body, ms: performance.now() - t0 };
}

const reg = JSON.parse((await call('POST', '/api/v1/accounts', JSON.stringify({ email: 'world@example.com' }))).text);
const key = reg.key.token;
const mail = readFileSync(join(dataDir, 'outbox', 'outbox.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l)).at(-1);
await call('POST', '/api/v1/email/verify', JSON.stringify({ token: mail.token }));
const sandbox = JSON.parse((await call('GET', '/api/v1/sandbox')).text).token;

// xorshift32: the same clouds every run.
let s = 2463534242;
const rnd = () => {
  s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
  return s / 4294967296;
};
const cloud = (n) => Array.from({ length: n }, () => [rnd(), rnd(), rnd()]);

const rows = [];
for (const [n, q] of [[100_000, 100_000], [500_000, 100_000], [1_000_000, 1_000_000]]) {
  const text = JSON.stringify({ tag: TAG, description: 'Find the nearest sensor to every drone in the warehouse.', n, op: 'neighbors', points: cloud(n), queries: cloud(q), k: 1 });
  const mb = (Buffer.byteLength(text) / MIB).toFixed(1);
  const r = await call('POST', '/api/v1/solve/world?effort=flash', text, key);
  const body = r.status === 200 ? JSON.parse(r.text) : null;
  const code = /"code":"(SVC_[A-Z_]+)"/.exec(r.text)?.[1] ?? '';
  const sb = n === 100_000 ? await call('POST', '/api/v1/solve/world', text, sandbox) : null;
  rows.push([
    n.toLocaleString('en-US'), q.toLocaleString('en-US'), mb, `${r.status}${code ? ` ${code}` : ''}`, (r.ms / 1000).toFixed(2),
    body ? `${body.engine}, ${(body.elapsed_ms / 1000).toFixed(2)} s in the engine, ${(Buffer.byteLength(r.text) / MIB).toFixed(1)} MiB answer, ${body.compute_units} units` : '-',
    sb ? `${sb.status} ${/"code":"(SVC_[A-Z_]+)"/.exec(sb.text)?.[1] ?? ''}` : '-',
  ]);
}
child.kill();
const line = (r) => `| ${r.join(' | ')} |`;
console.log(line(['points', 'queries', 'body MiB', 'free key: status', 'free key: s', 'answer', 'sandbox']));
console.log(line(['---', '---', '---', '---', '---', '---', '---']));
for (const r of rows) console.log(line(r));
