/**
 * Section `queue` of `npm run bench` (issue 24): the distributed queue as real processes
 * (tools/src/cluster) against the embedded server.
 *   - per-job overhead: one tiny job at a time, submit → done (POST, then GET ?wait=30), median
 *     over BENCH_QUEUE_SEQ jobs, embedded (SQLite, in-process job thread) vs one node + one worker
 *     on PostgreSQL + Redis;
 *   - throughput: a fixed mix of BENCH_QUEUE_JOBS jobs submitted at once, jobs per minute with
 *     1, 2 and 3 workers (one job thread each) and the embedded server (SVC_JOB_WORKERS=1).
 * Skipped when PostgreSQL or redis-server is not installed. The engine is the server's default.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { postgresBinDir, redisServerBin } from '@svc/store/testing';
import { HTTP_BUNDLE, startCluster } from '../cluster/cluster';
import { table } from './table';

const TAG = 'svc-cortex-v1';
const DESC = 'Split a ring of warehouses into two delivery zones.';
const TOKEN = 'sbx_bench_queue';
const ENV = {
  SVC_QUEUE_THRESHOLD_WORK: '1',
  // Every solve a job answered 202: the bench measures the queue, not the sync window.
  SVC_SYNC_WAIT_MS: '0',
  SVC_MAX_INFLIGHT_JOBS: '10000',
  SVC_QUEUE_CAPACITY: '10000',
  SVC_SANDBOX_RATE_PER_MINUTE: '1000000',
  SVC_SANDBOX_DAILY_UNITS: '1000000000',
  SVC_RESULT_CACHE_BYTES: '0',
  SVC_SANDBOX_TOKEN: TOKEN,
  SVC_LOG_LEVEL: 'warn',
};

const tiny = (seed: number) => ({ tag: TAG, description: DESC, n: 8, edges: Array.from({ length: 8 }, (_, i) => [i, (i + 1) % 8, 1 + ((seed + i) % 3)]) });
/** The throughput mix: sparse random graphs of 300–600 vertices (tens of ms each natively). */
function mix(seed: number) {
  const n = 300 + (seed % 4) * 100;
  let x = (seed * 2654435761) >>> 0;
  const rnd = () => (x = (x * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  const edges: [number, number, number][] = [];
  for (let k = 0; k < 4 * n; k++) {
    const i = Math.floor(rnd() * n);
    edges.push([i, (i + 1 + Math.floor(rnd() * (n - 1))) % n, 1 + Math.floor(rnd() * 5)]);
  }
  return { tag: TAG, description: DESC, n, edges };
}

async function submit(url: string, body: unknown, seed: number): Promise<string> {
  const r = await fetch(`${url}/api/v1/solve/maxcut?seed=${seed}`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const j = (await r.json()) as { job_id?: string };
  if (r.status !== 202 || !j.job_id) throw new Error(`expected a 202 job, got ${r.status}: ${JSON.stringify(j).slice(0, 300)}`);
  return j.job_id;
}

async function waitDone(url: string, id: string): Promise<void> {
  for (;;) {
    const r = await fetch(`${url}/api/v1/jobs/${id}?wait=30`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const j = (await r.json()) as { status: string };
    if (j.status === 'done') return;
    if (j.status !== 'queued' && j.status !== 'running') throw new Error(`job ${id} ended ${j.status}`);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function sequential(url: string, count: number): Promise<number> {
  const ms: number[] = [];
  for (let i = 0; i < count + 3; i++) {
    const t0 = performance.now();
    await waitDone(url, await submit(url, tiny(i), i + 1));
    if (i >= 3) ms.push(performance.now() - t0); // the first few warm the pools and connections
  }
  return median(ms);
}

async function throughput(url: string, count: number): Promise<number> {
  const t0 = performance.now();
  const ids = await Promise.all(Array.from({ length: count }, (_, i) => submit(url, mix(i), i + 1)));
  await Promise.all(ids.map((id) => waitDone(url, id)));
  return (count / (performance.now() - t0)) * 60_000;
}

/** The embedded server (SQLite, in-process job thread) as a process, on a free port. */
async function embedded<T>(f: (url: string) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-bench-queue-'));
  const child = spawn(process.execPath, [HTTP_BUNDLE], { env: { ...process.env, ...ENV, SVC_DATA_DIR: dir, PORT: '0', GRPC_PORT: 'off', SVC_JOB_WORKERS: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let text = '';
      child.stdout!.on('data', (d: Buffer) => {
        text += d.toString();
        const m = /svc-http listening on (http:\/\/\S+)/.exec(text);
        if (m) resolve(m[1]!);
      });
      child.once('exit', (c) => reject(new Error(`the embedded server exited (${c}): ${text}`)));
    });
    return await f(url);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchQueue(): Promise<string> {
  if (postgresBinDir() === null || redisServerBin() === null) return 'queue: skipped (PostgreSQL or redis-server not installed)';
  const seq = Number(process.env.BENCH_QUEUE_SEQ ?? 40);
  const jobs = Number(process.env.BENCH_QUEUE_JOBS ?? 120);
  const rows: string[][] = [];
  const emb = await embedded(async (url) => ({ seq: await sequential(url, seq), tput: await throughput(url, jobs) }));
  rows.push(['embedded (SQLite, 1 job thread)', emb.seq.toFixed(1), '—', emb.tput.toFixed(0)]);
  for (const workers of [1, 2, 3]) {
    const c = await startCluster({ nodes: 1, workers, env: ENV });
    try {
      const url = c.nodes[0]!.url;
      const s = workers === 1 ? await sequential(url, seq) : null;
      const t = await throughput(url, jobs);
      rows.push([`1 node + ${workers} worker${workers > 1 ? 's' : ''} (PostgreSQL + Redis)`, s === null ? '—' : s.toFixed(1), s === null ? '—' : (s - emb.seq).toFixed(1), t.toFixed(0)]);
    } finally {
      await c.stop();
    }
  }
  return `queue: a tiny job submit → done (median of ${seq}, one at a time), and ${jobs} jobs of maxcut n = 300–600 submitted at once\n${table(['deployment', 'submit → done (ms)', 'added vs embedded (ms)', 'jobs / minute'], rows)}`;
}
