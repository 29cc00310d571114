/**
 * Deadline check (issue 19): how far past `max_latency_ms` a whole call runs on the large OR-Library
 * set-cover instances, with and without a concurrent CPU load, on the `npm start` bundle over
 * loopback. Reads ../shared/benchmarks/setcover in place (never copied).
 *
 *   npx nx run-many -t build -p http
 *   npx esbuild tools/src/load/deadline.ts --bundle --platform=node --format=esm --outfile=tools/dist/deadline.mjs
 *   node tools/dist/deadline.mjs          (from the repository root; about 10 s per call)
 *
 *   DEADLINE_INSTANCES  comma list (default scpnre1,scpnrf1,scpnrg1,scpnrh1)
 *   DEADLINE_MS         max_latency_ms (default 10000)
 *   DEADLINE_EFFORT     effort (default high)
 *   DEADLINE_SEEDS      seeds per instance and load (default 0)
 *   DEADLINE_LANES      sync,job: sync raises SVC_QUEUE_THRESHOLD_WORK so the solve answers 200 in
 *                       the request; job keeps the default threshold with no sync window
 *                       (SVC_SYNC_WAIT_MS=0: 202, then the long-poll)
 *   DEADLINE_LOADS      none,cpu,solve: cpu runs two `yes > /dev/null` (bounded by `timeout`) for
 *                       the call; solve sends a second solve of the same instance (seed + 1000) at
 *                       the same moment and measures both; small keeps 8 connections of small
 *                       max-cut solves going for the call (bounded by 3 budgets)
 *   SVC_BENCHMARKS_DIR  benchmarks folder (default ../shared/benchmarks)
 *
 * Per call: wall time from the first byte sent to the answer (a job: to the long-poll's answer),
 * its overrun past the budget, the envelope's elapsed_ms / queue_ms / compute_ms / total_ms, the
 * server's own request time (its log's `ms`), and whether the call ended within the budget plus
 * the documented margin (libs/service/src/solve/deadline.ts, docs/reliability.md "Deadlines").
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// The margin's one definition (no imports: the script bundles without the service's native modules).
import { deadlineMarginMs } from '../../../libs/service/src/solve/deadline';
import { benchmarksDir } from '../bench/gset';
import { readScp } from '../bench/orlib-scp';

// Run from the repository root (the bundle may live anywhere).
const root = process.cwd();
const mainBundle = join(root, 'apps/http/dist/main.mjs');
const benchDir = benchmarksDir(root);
const list = (v: string | undefined, d: string) => (v ?? d).split(',').map((s) => s.trim()).filter(Boolean);
const INSTANCES = list(process.env.DEADLINE_INSTANCES, 'scpnre1,scpnrf1,scpnrg1,scpnrh1');
const BUDGET = Number(process.env.DEADLINE_MS ?? 10000);
const EFFORT = process.env.DEADLINE_EFFORT ?? 'high';
const SEEDS = list(process.env.DEADLINE_SEEDS, '0').map(Number);
const LANES = list(process.env.DEADLINE_LANES, 'sync,job') as ('sync' | 'job')[];
const LOADS = list(process.env.DEADLINE_LOADS, 'none,cpu,solve,small') as ('none' | 'cpu' | 'solve' | 'small')[];
const MARGIN = deadlineMarginMs(BUDGET);
const TOKEN = 'deadline-sandbox-token';
const TAG = 'svc-cortex-v1';

interface Server {
  url: string;
  child: ChildProcess;
  logFile: string;
  dataDir: string;
}

async function startServer(lane: 'sync' | 'job'): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-deadline-'));
  const logFile = join(dataDir, 'stdout.log');
  const logFd = openSync(logFile, 'w');
  const child = spawn(process.execPath, [mainBundle], {
    env: {
      ...process.env, PORT: '0', HOST: '127.0.0.1', GRPC_PORT: 'off', SVC_DATA_DIR: dataDir, SVC_SANDBOX_TOKEN: TOKEN,
      SVC_SANDBOX_DAILY_UNITS: '1000000000', SVC_SANDBOX_RATE_PER_MINUTE: '1000000000', SVC_COMPUTE_RATE_LIMIT: '1000000000',
      ...(lane === 'sync' ? { SVC_QUEUE_THRESHOLD_WORK: '1000000000000000' } : { SVC_SYNC_WAIT_MS: '0' }),
    },
    stdio: ['ignore', logFd, 'pipe'],
  });
  closeSync(logFd);
  let errTail = '';
  child.stderr!.on('data', (d: Buffer) => {
    errTail = (errTail + String(d)).slice(-2000);
  });
  for (let k = 0; ; k++) {
    if (child.exitCode !== null || k > 200) throw new Error(`the server did not start: ${errTail}`);
    await new Promise((r) => setTimeout(r, 100));
    const m = /listening on (http:\/\/[0-9.:]+)/.exec(readFileSync(logFile, 'utf8'));
    if (m) return { url: m[1], child, logFile, dataDir };
  }
}

function post(url: string, body: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  return send('POST', url, body, headers);
}

function send(method: string, url: string, body: string | null, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  return new Promise((ok, fail) => {
    const req = request(url, { method, headers: { ...headers, ...(body !== null ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => ok({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', fail);
    });
    req.on('error', fail);
    if (body !== null) req.write(body);
    req.end();
  });
}

interface Row {
  instance: string;
  lane: string;
  load: string;
  seed: number;
  status: number;
  wallMs: number;
  serverMs: number | null;
  env: Record<string, unknown>;
  job?: { createdToStarted: number; startedToFinished: number; createdToFinished: number };
}

async function solveOnce(s: Server, instance: string, body: string, lane: string, load: string, seed: number): Promise<Row> {
  const rid = `dl-${instance}-${lane}-${load.replace(/[^a-z0-9]+/g, '')}-${seed}-${Math.random().toString(36).slice(2, 8)}`;
  const auth = { authorization: `Bearer ${TOKEN}`, 'x-request-id': rid };
  const t0 = performance.now();
  const r = await post(`${s.url}/api/v1/solve/cover?effort=${EFFORT}&seed=${seed}&max_latency_ms=${BUDGET}`, body, auth);
  let env = JSON.parse(r.text) as Record<string, unknown>;
  let job: Row['job'];
  if (r.status === 202) {
    const poll = env.poll as string;
    for (;;) {
      const j = JSON.parse((await send('GET', `${s.url}${poll}`, null, { authorization: `Bearer ${TOKEN}` })).text) as Record<string, unknown>;
      if (['done', 'failed', 'cancelled'].includes(j.status as string)) {
        const ms = (k: string) => Date.parse(j[k] as string);
        job = { createdToStarted: ms('started_at') - ms('created_at'), startedToFinished: ms('finished_at') - ms('started_at'), createdToFinished: ms('finished_at') - ms('created_at') };
        env = { ...((j.result ?? j.error) as Record<string, unknown>), job_id: j.job_id };
        break;
      }
    }
  }
  const wallMs = performance.now() - t0;
  await new Promise((r2) => setTimeout(r2, 50));
  const line = readFileSync(s.logFile, 'utf8').split('\n').find((l) => l.includes(`"reqId":"${rid}"`) && l.includes('"ms"'));
  const serverMs = line ? (JSON.parse(line) as { ms: number }).ms : null;
  return { instance, lane, load, seed, status: r.status, wallMs, serverMs, env, job };
}

function cpuLoad(): ChildProcess[] {
  const devNull = openSync('/dev/null', 'w');
  // Bounded: `timeout` ends each one after 3 budgets even if this process dies.
  const procs = [0, 1].map(() => spawn('timeout', [String(Math.ceil((3 * BUDGET) / 1000) + 5), 'yes'], { stdio: ['ignore', devNull, 'ignore'] }));
  closeSync(devNull);
  return procs;
}

/** Small sandbox max-cut solves on `conns` connections until stopped (at most 3 budgets): the event loop and the sync workers busy. */
function smallLoad(url: string, conns: number): { stop: () => Promise<number> } {
  let stopped = false;
  let count = 0;
  const until = performance.now() + 3 * BUDGET;
  const n = 60;
  const edges: number[][] = [];
  for (let i = 0; i < n; i++) edges.push([i, (i + 1) % n, 1], [i, (i * 7 + 3) % n, 1]);
  const loops = Array.from({ length: conns }, async (_, c) => {
    for (let k = 0; !stopped && performance.now() < until; k++) {
      const body = JSON.stringify({ tag: TAG, description: 'A small max-cut beside the measured call.', n, edges: edges.filter(([a, b]) => a !== b) });
      await post(`${url}/api/v1/solve/maxcut?effort=medium&seed=${c * 1_000_000 + k}`, body, { authorization: `Bearer ${TOKEN}` }).catch(() => undefined);
      count++;
    }
  });
  return { stop: async () => { stopped = true; await Promise.all(loops); return count; } };
}

function stopAll(procs: ChildProcess[]): void {
  for (const p of procs) if (p.exitCode === null && p.pid) p.kill('SIGTERM');
}

const f = (x: unknown, d = 0) => (typeof x === 'number' ? x.toFixed(d) : '-');

async function main(): Promise<void> {
  const bodies = new Map<string, string>();
  for (const name of INSTANCES) {
    const d = readScp(join(benchDir, 'setcover', `${name}.txt`));
    if (!d) throw new Error(`${name} not found under ${benchDir}/setcover`);
    bodies.set(name, JSON.stringify({ tag: TAG, description: `OR-Library ${name}: the cheapest sets that cover every row.`, n: d.sets.length, universe: d.universe, sets: d.sets, costs: d.costs }));
  }
  const rows: Row[] = [];
  for (const lane of LANES) {
    const s = await startServer(lane);
    try {
      for (const load of LOADS) {
        for (const name of INSTANCES) {
          for (const seed of SEEDS) {
            const body = bodies.get(name)!;
            let extra: ChildProcess[] = [];
            const calls: Promise<Row>[] = [];
            if (load === 'cpu') extra = cpuLoad();
            const small = load === 'small' ? smallLoad(s.url, 8) : null;
            calls.push(solveOnce(s, name, body, lane, load, seed));
            if (load === 'solve') calls.push(solveOnce(s, name, body, lane, 'solve (2nd)', seed + 1000));
            try {
              for (const row of await Promise.all(calls)) {
                rows.push(row);
                process.stderr.write(`${row.lane} ${row.load} ${row.instance} seed ${row.seed}: ${row.status} wall ${row.wallMs.toFixed(0)} ms, elapsed ${f(row.env.elapsed_ms)}\n`);
              }
            } finally {
              stopAll(extra);
              if (small) process.stderr.write(`  (${await small.stop()} small solves beside it)\n`);
            }
          }
        }
      }
    } finally {
      s.child.kill('SIGTERM');
      await new Promise((r) => s.child.once('exit', r));
      rmSync(s.dataDir, { recursive: true, force: true });
    }
  }
  const obs = (r: Row, k: string) => (r.env.observability as Record<string, number> | undefined)?.[k];
  const header = ['lane', 'load', 'instance', 'seed', 'status', 'wall ms', 'over budget ms', 'server ms', 'elapsed_ms', 'queue_ms', 'compute_ms', 'total_ms', 'job created→started', 'job started→finished', 'stopped_at_deadline'];
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
  for (const r of rows) {
    lines.push(`| ${[r.lane, r.load, r.instance, r.seed, r.status, f(r.wallMs), f(r.wallMs - BUDGET), f(r.serverMs), f(r.env.elapsed_ms), f(obs(r, 'queue_ms')), f(obs(r, 'compute_ms')), f(obs(r, 'total_ms')),
      f(r.job?.createdToStarted), f(r.job?.startedToFinished), String(r.env.stopped_at_deadline ?? '-')].join(' | ')} |`);
  }
  // A job that waited for the job worker is held to its budget from its start (its created→started is queue).
  const late = rows.filter((r) => (r.job && r.job.createdToStarted > BUDGET / 2 ? r.job.startedToFinished : r.wallMs) > BUDGET + MARGIN);
  process.stdout.write(`max_latency_ms ${BUDGET}, effort ${EFFORT}, documented margin ${MARGIN} ms\n\n${lines.join('\n')}\n\n`
    + `calls past budget + margin: ${late.length} of ${rows.length}${late.length ? ` (${late.map((r) => `${r.lane} ${r.load} ${r.instance} ${r.seed}`).join('; ')})` : ''}\n`);
}

await main();
