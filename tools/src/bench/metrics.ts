/**
 * Section `metrics` of `npm run bench`: what a scrape of `/metrics` costs, and what the metrics
 * cost the calls they measure. A registry is filled as a busy node's would be — the solve
 * histogram for every command × both engines × both lanes, the store histogram for every
 * operation, requests for 30 routes × 4 codes — then rendered again and again (prom-client's
 * text, with the node's gauges read as constants). Also: one `observeSolve`, and one store call
 * through the measuring proxy against the bare store (SQLite `usage`, its cheapest read).
 *   BENCH_METRICS_RENDERS  renders timed, default 200
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { COMMANDS } from '@svc/engine-ts';
import { createMetrics, measureStore, type ServiceMetrics } from '@svc/service';
import { openSqliteStore, type Store } from '@svc/store';
import { table } from './table';


const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];

/** A registry with the series of a node that has served every command on both engines. */
function busyRegistry(storeOperations: readonly string[], lanes: readonly string[]): ServiceMetrics {
  const m = createMetrics({ processName: `bench-${os.hostname()}:${process.pid}` });
  let x = 1;
  const next = () => (x = (x * 48271) % 2147483647) / 2147483647;
  for (const command of COMMANDS) {
    for (const engine of ['native', 'ts']) {
      for (const lane of lanes) for (let k = 0; k < 20; k++) m.observeSolve(command, engine, lane, next() * 30);
    }
  }
  for (const op of storeOperations) for (let k = 0; k < 20; k++) m.observeStore(op, next() / 100, k === 0);
  for (let r = 0; r < 30; r++) for (const code of [200, 202, 422, 429]) m.observeRequest('POST', `/api/v1/route${r}/:command`, code);
  for (const status of ['done', 'failed', 'cancelled']) m.observeJobEnd(status);
  const gauges: [string, number][] = [
    ['svc_job_queue_capacity', 256], ['svc_job_workers', 1], ['svc_job_workers_busy', 1], ['svc_job_worker_utilization', 1],
    ['svc_solver_workers', 1], ['svc_solver_workers_busy', 0], ['svc_solver_waiting', 0], ['svc_solver_worker_utilization', 0],
    ['svc_job_oldest_queued_age_seconds', 3.5],
  ];
  for (const [name, v] of gauges) m.addGauge({ name, help: name, read: () => v });
  m.addGauge({ name: 'svc_jobs', help: 'svc_jobs', labelNames: ['state'], read: () => [{ labels: { state: 'queued' }, value: 3 }, { labels: { state: 'running' }, value: 1 }] });
  return m;
}

async function storeCall(s: Store, n: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await s.usage(`p${i % 64}`, '2026-11-01');
    times.push((performance.now() - t0) * 1000);
  }
  return times;
}

export async function benchMetrics(): Promise<string> {
  const renders = Number(process.env.BENCH_METRICS_RENDERS ?? 200);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-bench-metrics-'));
  const raw = await openSqliteStore({ dataDir: dir });
  // Every method of the Store is an operation label of the store histogram.
  const storeOperations = Object.keys(raw).filter((k) => typeof (raw as unknown as Record<string, unknown>)[k] === 'function');
  const scrape = async (lanes: readonly string[]) => {
    const r = busyRegistry(storeOperations, lanes);
    const first = await r.render();
    for (let k = 0; k < 20; k++) await r.render();
    const times: number[] = [];
    for (let k = 0; k < renders; k++) {
      const t0 = performance.now();
      await r.render();
      times.push(performance.now() - t0);
    }
    const lines = first.split('\n').filter((l) => l !== '' && !l.startsWith('#')).length;
    return [
      `render /metrics: ${COMMANDS.length} commands × 2 engines × ${lanes.length} lane${lanes.length > 1 ? 's' : ''} = ${COMMANDS.length * 2 * lanes.length} solve histograms, ${storeOperations.length} store histograms (${lines} sample lines, ${(Buffer.byteLength(first) / 1024).toFixed(0)} KiB)`,
      q(times, 0.5).toFixed(2) + ' ms', q(times, 0.99).toFixed(2) + ' ms',
    ];
  };
  const scrapes = [await scrape(['sync']), await scrape(['sync', 'job'])];
  const m = busyRegistry(storeOperations, ['sync']);

  // One observation: the hot path of every solve.
  const obsN = 200_000;
  const t0 = performance.now();
  for (let k = 0; k < obsN; k++) m.observeSolve(COMMANDS[k % COMMANDS.length], k & 1 ? 'ts' : 'native', 'sync', (k % 1000) / 100);
  const observeNs = ((performance.now() - t0) * 1e6) / obsN;

  // One store call, bare and measured (the proxy's own cost).
  let bare: number[] = [];
  let measured: number[] = [];
  try {
    const wrapped = measureStore(raw, m);
    await storeCall(raw, 2000);
    await storeCall(wrapped, 2000);
    for (let round = 0; round < 3; round++) {
      bare = bare.concat(await storeCall(raw, 5000));
      measured = measured.concat(await storeCall(wrapped, 5000));
    }
  } finally {
    await raw.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const rows: (string | number)[][] = [
    ...scrapes,
    ['observeSolve (one solve histogram observation)', (observeNs / 1000).toFixed(3) + ' µs', '—'],
    ['SQLite usage(), bare', q(bare, 0.5).toFixed(1) + ' µs', q(bare, 0.99).toFixed(1) + ' µs'],
    ['SQLite usage(), through measureStore', q(measured, 0.5).toFixed(1) + ' µs', q(measured, 0.99).toFixed(1) + ' µs'],
  ];
  return `metrics: scrape cost and instrumentation overhead (${renders} renders; node ${process.version})\n`
    + table(['what', 'p50', 'p99'], rows);
}
