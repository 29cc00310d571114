/**
 * `npm run load`: the `npm start` bundle under load on loopback (autocannon), for several minutes:
 * small sandbox solves at 8, 64 and 256 connections (below, at and beyond saturation), then a mix
 * with heavy queued jobs. Prints per phase throughput, p50/p99/max latency and answers by status
 * and SVC_ code (a 429 or 503 without Retry-After is counted as a fault), the server's RSS over
 * time with its slope, and the log volume; writes the tables and SVG plots to LOAD_OUT
 * (default docs/reliability). LOAD_PHASE_S sets each phase's length (default 45 s).
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { linePlot } from '../plot/svg';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const mainBundle = join(root, 'apps/http/dist/main.mjs');
const PHASE_S = Number(process.env.LOAD_PHASE_S ?? 45);
const OUT = resolve(process.env.LOAD_OUT ?? join(root, 'docs/reliability'));
const TOKEN = 'load-test-sandbox-token';
const TAG = 'svc-cortex-v1';

// ---------------------------------------------------------------------------------------------
// The server, its RSS and its log volume.

const dataDir = mkdtempSync(join(tmpdir(), 'svc-load-'));
// The server's stdout (its request log) goes to a file, as in production: a pipe read by this
// busy process would throttle the server's synchronous log writes and measure the reader.
const logFile = join(dataDir, 'stdout.log');
const logFd = openSync(logFile, 'w');
const child = spawn(process.execPath, [mainBundle], {
  env: {
    ...process.env, PORT: '0', HOST: '127.0.0.1', GRPC_PORT: 'off', SVC_DATA_DIR: dataDir, SVC_SANDBOX_TOKEN: TOKEN,
    // The per-IP sandbox rate and compute budget would refuse one loopback client long before the
    // server saturates; here the capacity limits are under test, the rate limits have their own tests.
    SVC_SANDBOX_DAILY_UNITS: '1000000000', SVC_SANDBOX_RATE_PER_MINUTE: '1000000000', SVC_COMPUTE_RATE_LIMIT: '1000000000',
    SVC_FREE_DAILY_UNITS: '1000000000',
  },
  stdio: ['ignore', logFd, 'pipe'],
});
let errBytes = 0;
let errLines = 0;
let errSample = '';
let errTail = '';
child.stderr!.on('data', (d: Buffer) => {
  errBytes += d.length;
  errLines += String(d).split('\n').length - 1;
  if (errSample.length < 2000) errSample += String(d);
  errTail = (errTail + String(d)).slice(-4000);
});
let exited: number | string | null | false = false;
child.on('exit', (code, signal) => {
  exited = code ?? signal;
});
let banner = '';
let url = '';
for (let k = 0; !url; k++) {
  if (exited !== false || k > 200) throw new Error(`the server printed no listen line (exit ${String(exited)}); stderr: ${errSample}; stdout: ${readFileSync(logFile, 'utf8').slice(0, 300)}`);
  await new Promise((r) => setTimeout(r, 100));
  const m = /^svc-http listening on (http:\/\/\S+).*$/m.exec(readFileSync(logFile, 'utf8'));
  if (m) {
    banner = m[0];
    url = m[1];
  }
}
const bannerBytes = statSync(logFile).size;
const t0 = Date.now();
const secs = () => (Date.now() - t0) / 1000;

const rss: [number, number][] = [];
const sampleRss = () => {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]);
    if (Number.isFinite(kb)) rss.push([secs(), kb / 1024]);
  } catch {
    // not on Linux: no RSS series
  }
};
sampleRss();
const rssTimer = setInterval(sampleRss, 1000);

// ---------------------------------------------------------------------------------------------
// Requests and what came back.

const headers = { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` };

// A registered, verified key for the heavy jobs: keyed requests keep queueing in safe mode
// (sandbox ones are paused), so the job queue and the in-flight cap are what meets them.
async function verifiedKey(): Promise<string> {
  const email = 'load@example.com';
  const reg = (await (await fetch(`${url}/api/v1/accounts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) })).json()) as { key: { token: string } };
  const mails = readFileSync(join(dataDir, 'outbox', 'outbox.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { to: string; token: string });
  const token = mails.filter((m) => m.to === email).at(-1)!.token;
  const v = await fetch(`${url}/api/v1/email/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
  if (v.status !== 200) throw new Error(`email verification answered ${v.status}`);
  return reg.key.token;
}
const keyHeaders = { 'content-type': 'application/json', authorization: `Bearer ${await verifiedKey()}` };
const small = JSON.stringify({ tag: TAG, description: 'Split five offices into two teams to maximise links.', n: 5, edges: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 4, 1], [4, 0, 1]] });
function heavyBody(): string {
  let s = 7;
  const rnd = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const edges: number[][] = [];
  for (let k = 0; k < 6000; k++) {
    const i = Math.floor(rnd() * 2000);
    const j = Math.floor(rnd() * 2000);
    if (i !== j) edges.push([Math.min(i, j), Math.max(i, j), 1]);
  }
  return JSON.stringify({ tag: TAG, description: 'Split the regional depots into two delivery zones.', n: 2000, edges });
}
const heavy = heavyBody();
let seed = 1;

interface Tally {
  readonly codes: Map<string, number>;
  missingRetryAfter: number;
}
const newTally = (): Tally => ({ codes: new Map(), missingRetryAfter: 0 });
const perSecond = new Map<number, { lat: number[]; ok: number; refused: number }>();

function onResponse(tally: Tally) {
  return (status: number, body: string, _ctx: object, h: unknown) => {
    let key = String(status);
    if (status >= 400) {
      try {
        key = `${status} ${String((JSON.parse(body) as { code?: unknown }).code)}`;
      } catch {
        key = `${status} (not JSON)`;
      }
      const flat = Array.isArray(h) ? h.map(String) : Object.keys((h ?? {}) as object);
      const hasRetry = flat.some((x) => x.toLowerCase() === 'retry-after');
      if ((status === 429 || status === 503) && !hasRetry) tally.missingRetryAfter++;
    }
    tally.codes.set(key, (tally.codes.get(key) ?? 0) + 1);
  };
}

function track(instance: autocannon.Instance): void {
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    const s = Math.floor(secs());
    let b = perSecond.get(s);
    if (!b) perSecond.set(s, (b = { lat: [], ok: 0, refused: 0 }));
    b.lat.push(responseTime);
    if (statusCode < 400) b.ok++;
    else b.refused++;
  });
}

interface PhaseResult {
  readonly name: string;
  readonly start: number;
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly tally: Tally;
  readonly heavy?: { readonly tally: Tally; readonly rps: number };
}

async function run(opts: autocannon.Options, tally: Tally): Promise<autocannon.Result> {
  return await new Promise<autocannon.Result>((ok, fail) => {
    const instance = autocannon({ ...opts, requests: opts.requests?.map((r) => ({ ...r, onResponse: onResponse(tally) })) }, (err, result) => (err ? fail(err) : ok(result)));
    track(instance);
  });
}

async function phase(name: string, connections: number, withHeavy: boolean): Promise<PhaseResult> {
  const start = secs();
  process.stderr.write(`load: ${name} for ${PHASE_S} s\n`);
  const tally = newTally();
  const heavyTally = newTally();
  // A new seed per request: every call is solved (the result cache would answer repeats).
  const smallRun = run({
    url, connections, duration: PHASE_S, timeout: 30,
    requests: [{ method: 'POST', headers, body: small, setupRequest: (req) => ({ ...req, path: `/api/v1/solve/maxcut?effort=flash&seed=${seed++}` }) }],
  }, tally);
  // Heavy solves with a key queue as jobs (202), each running 3 s (its latency budget) on the one
  // job worker; two connections at one request a second each soon reach the caller's in-flight
  // cap, so SVC_TOO_MANY_INFLIGHT (429, Retry-After) fires.
  const heavyRun = withHeavy
    ? run({
        url, connections: 2, connectionRate: 1, duration: PHASE_S, timeout: 30,
        requests: [{ method: 'POST', headers: keyHeaders, body: heavy, setupRequest: (req) => ({ ...req, path: `/api/v1/solve/maxcut?effort=high&max_latency_ms=3000&seed=${seed++}` }) }],
      }, heavyTally)
    : null;
  const r = await smallRun;
  const h = heavyRun ? await heavyRun : null;
  return {
    name, start, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max,
    errors: r.errors, timeouts: r.timeouts, tally,
    ...(h ? { heavy: { tally: heavyTally, rps: h.requests.average } } : {}),
  };
}

const phases: PhaseResult[] = [];
phases.push(await phase('small solves, 8 connections', 8, false));
phases.push(await phase('small solves, 64 connections', 64, false));
phases.push(await phase('small solves, 256 connections', 256, false));
phases.push(await phase('mix: 64 connections + heavy jobs', 64, true));
const ready = await fetch(`${url}/readyz`);
clearInterval(rssTimer);
sampleRss();
const totalResponses = [...perSecond.values()].reduce((a, b) => a + b.ok + b.refused, 0);
const stopAt = Date.now();
child.kill('SIGTERM');
const exitCode = await new Promise<number | string | null>((r) => child.once('exit', (c, sig) => r(c ?? sig)));
const stopMs = Date.now() - stopAt;
closeSync(logFd);
const logBytes = statSync(logFile).size - bannerBytes;
rmSync(dataDir, { recursive: true, force: true });

// ---------------------------------------------------------------------------------------------
// Report.

function slope(points: readonly (readonly [number, number])[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  let num = 0, den = 0;
  for (const [x, y] of points) {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}
const codesOf = (t: Tally) => [...t.codes].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k}: ${n}`).join(', ');
const lines: string[] = [];
lines.push(`Server: \`${banner.trim()}\`; ${PHASE_S} s per phase, ${Math.round(secs())} s in all, autocannon on loopback.`);
lines.push('');
lines.push('| phase | req/s | p50 ms | p99 ms | max ms | answers by status and code | 429/503 without Retry-After | socket errors / timeouts | RSS MB (start → end, slope in the second half of the phase) |');
lines.push('|---|---:|---:|---:|---:|---|---:|---:|---|');
phases.forEach((p, k) => {
  const end = k + 1 < phases.length ? phases[k + 1].start : secs();
  const inPhase = rss.filter(([t]) => t >= p.start && t < end);
  const half = inPhase.filter(([t]) => t >= (p.start + end) / 2);
  const rssCell = inPhase.length > 1
    ? `${inPhase[0][1].toFixed(0)} → ${inPhase[inPhase.length - 1][1].toFixed(0)}, ${(slope(half) * 60).toFixed(1)} MB/min`
    : '';
  lines.push(`| ${p.name} | ${Math.round(p.rps)} | ${p.p50} | ${p.p99} | ${p.max} | ${codesOf(p.tally)} | ${p.tally.missingRetryAfter} | ${p.errors} / ${p.timeouts} | ${rssCell} |`);
  if (p.heavy) lines.push(`| ↳ heavy submits (2 connections, 1/s each) | ${p.heavy.rps.toFixed(1)} | | | | ${codesOf(p.heavy.tally)} | ${p.heavy.tally.missingRetryAfter} | | |`);
});
const warm = rss.filter(([t]) => t >= phases[1].start);
const rssSlope = slope(warm) * 60;
const all5xx = phases.flatMap((p) => [...p.tally.codes, ...(p.heavy ? [...p.heavy.tally.codes] : [])]).filter(([k]) => k.startsWith('5'));
lines.push('');
lines.push(`RSS: ${rss[0]?.[1].toFixed(0)} MB at start, ${Math.max(...rss.map(([, y]) => y)).toFixed(0)} MB peak, ${rss[rss.length - 1]?.[1].toFixed(0)} MB at the end; slope over phases 2–4 ${rssSlope.toFixed(2)} MB/min (steps up where the load does: more sockets at 256 connections, the job worker thread in the mix).`);
lines.push(`Logs at the default level: ${(logBytes / Math.max(1, totalResponses)).toFixed(0)} bytes of stdout per answer (${(logBytes / 1e6).toFixed(1)} MB for ${totalResponses} answers); stderr ${errLines} lines (${errBytes} bytes).`);
lines.push(`5xx answers: ${all5xx.map(([k, n]) => `${k} × ${n}`).join(', ') || 'none'}. After the load /readyz answered ${ready.status}; SIGTERM ended the server in ${stopMs} ms (exit ${exitCode}).`);
if (exitCode !== 0) lines.push(`The server's stderr at the end: ${errTail.slice(-1500)}`);
if (errSample) lines.push(`First stderr lines: ${errSample.split('\n').filter(Boolean).slice(0, 4).map((l) => `\`${l.slice(0, 160)}\``).join('; ')}.`);
const report = lines.join('\n');
console.log(report);

mkdirSync(OUT, { recursive: true });
const marks = phases.map((p, k) => ({ x: p.start, label: `${k + 1}` }));
writeFileSync(join(OUT, 'load-rss.svg'), linePlot({ title: 'Server RSS under load (phases 1–4 marked)', xLabel: 'seconds', yLabel: 'RSS (MB)', series: [{ name: 'RSS', points: rss }], marks }));
const seconds = [...perSecond.keys()].sort((a, b) => a - b);
const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : 0;
};
writeFileSync(join(OUT, 'load-latency.svg'), linePlot({
  title: 'Latency per second (all answers)', xLabel: 'seconds', yLabel: 'ms', marks,
  series: [
    { name: 'p50', points: seconds.map((s) => [s, pct(perSecond.get(s)!.lat, 0.5)] as const) },
    { name: 'p99', points: seconds.map((s) => [s, pct(perSecond.get(s)!.lat, 0.99)] as const) },
  ],
}));
writeFileSync(join(OUT, 'load-throughput.svg'), linePlot({
  title: 'Answers per second', xLabel: 'seconds', yLabel: 'answers / s', marks,
  series: [
    { name: 'answered (2xx)', points: seconds.map((s) => [s, perSecond.get(s)!.ok] as const) },
    { name: 'refused (4xx/5xx)', points: seconds.map((s) => [s, perSecond.get(s)!.refused] as const) },
  ],
}));
writeFileSync(join(OUT, 'load-results.md'), `${report}\n`);
console.log(`\nwrote ${join(OUT, 'load-results.md')} and load-{rss,latency,throughput}.svg`);
const faults = phases.reduce((a, p) => a + p.tally.missingRetryAfter + (p.heavy?.tally.missingRetryAfter ?? 0), 0)
  + all5xx.filter(([k]) => !/^503 SVC_(HIGH_DEMAND|WORKERS_SATURATED|QUEUE_FULL|BUSY)$/.test(k)).length;
process.exit(faults > 0 || ready.status !== 200 || exitCode !== 0 ? 1 : 0);
