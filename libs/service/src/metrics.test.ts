import { afterAll, describe, expect, it } from 'vitest';
import { register as globalRegistry } from 'prom-client';
import { TAG } from '@svc/contracts';
import { openSqliteStore, utcDay } from '@svc/store';
import { createMetrics, defaultProcessName, isQueued, measureStore, serveMetrics, type Service } from './index';
import { parseExposition, type Exposition } from '../test/exposition';
import { closeServices, makeService, tempDir } from '../test/services';

afterAll(closeServices);

const cycle = (n: number) => ({ tag: TAG, description: 'A ring of offices split into two teams.', n, edges: Array.from({ length: n }, (_, i) => [i, (i + 1) % n, 1]) });
const SANDBOX = 'sbx_metrics_service_test';

/** Every sample carries the registry's process label. */
function expectProcessLabel(e: Exposition, processName: string) {
  const samples = [...e.families.values()].flatMap((f) => f.samples);
  expect(samples.length).toBeGreaterThan(0);
  for (const s of samples) expect(s.labels.process, `${s.name} ${JSON.stringify(s.labels)}`).toBe(processName);
}

describe('createMetrics', () => {
  it('renders a well-formed exposition: HELP and TYPE per family, the process label on every sample, Node process metrics', async () => {
    const m = createMetrics({ processName: 'unit-a' });
    m.observeRequest('GET', '/healthz', 200);
    m.observeRequest('GET', '/healthz', 200);
    m.observeRequest('POST', '/api/v1/solve/:command', 422);
    m.observeJobEnd('done');
    m.observeJobEnd('cancelled');
    m.observeJobEnd('done');
    const e = parseExposition(await m.render());
    expect(m.registry.contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(e.families.get('svc_http_requests_total')).toMatchObject({ type: 'counter', help: expect.stringMatching(/route pattern/) });
    expect(e.value('svc_http_requests_total', { method: 'GET', route: '/healthz', code: '200' })).toBe(2);
    expect(e.value('svc_http_requests_total', { method: 'POST', route: '/api/v1/solve/:command', code: '422' })).toBe(1);
    expect(e.families.get('svc_jobs_finished_total')?.type).toBe('counter');
    expect(e.value('svc_jobs_finished_total', { status: 'done' })).toBe(2);
    expect(e.value('svc_jobs_finished_total', { status: 'cancelled' })).toBe(1);
    expect(e.families.get('svc_solve_duration_seconds')?.type).toBe('histogram');
    expect(e.families.get('svc_store_duration_seconds')?.type).toBe('histogram');
    // Node's own process metrics, in this registry and labelled with this process.
    for (const name of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_heap_size_used_bytes', 'nodejs_eventloop_lag_seconds']) {
      expect(e.find(name).length, name).toBeGreaterThan(0);
    }
    expectProcessLabel(e, 'unit-a');
  });

  it('observes solves into the histogram by command, engine and lane, with cumulative buckets', async () => {
    const m = createMetrics({ processName: 'unit-h' });
    for (const s of [0.003, 0.007, 0.2, 7]) m.observeSolve('maxcut', 'native', 'sync', s);
    m.observeSolve('optimize', 'ts', 'job', 42);
    const e = parseExposition(await m.render());
    const at = { command: 'maxcut', engine: 'native', lane: 'sync' };
    expect(e.value('svc_solve_duration_seconds_bucket', { ...at, le: '0.005' })).toBe(1);
    expect(e.value('svc_solve_duration_seconds_bucket', { ...at, le: '0.01' })).toBe(2);
    expect(e.value('svc_solve_duration_seconds_bucket', { ...at, le: '0.25' })).toBe(3);
    expect(e.value('svc_solve_duration_seconds_bucket', { ...at, le: '5' })).toBe(3);
    expect(e.value('svc_solve_duration_seconds_bucket', { ...at, le: '10' })).toBe(4);
    expect(e.value('svc_solve_duration_seconds_bucket', { ...at, le: '+Inf' })).toBe(4);
    expect(e.value('svc_solve_duration_seconds_count', at)).toBe(4);
    expect(e.value('svc_solve_duration_seconds_sum', at)).toBeCloseTo(7.21, 9);
    expect(e.value('svc_solve_duration_seconds_count', { command: 'optimize', engine: 'ts', lane: 'job' })).toBe(1);
    expect(e.value('svc_solve_duration_seconds_bucket', { command: 'optimize', engine: 'ts', lane: 'job', le: '30' })).toBe(0);
  });

  it('reads gauges at scrape time; a failing read shows NaN (unlabelled) or no samples (labelled), not a failed scrape', async () => {
    const m = createMetrics({ processName: 'unit-g' });
    let depth = 3;
    m.addGauge({ name: 'test_depth', help: 'A depth.', read: () => depth });
    m.addGauge({ name: 'test_states', help: 'By state.', labelNames: ['state'], read: async () => [{ labels: { state: 'a' }, value: depth * 2 }] });
    m.addGauge({ name: 'test_broken', help: 'Unreadable.', read: () => { throw new Error('store down'); } });
    m.addGauge({ name: 'test_broken_labelled', help: 'Unreadable.', labelNames: ['x'], read: async () => { throw new Error('store down'); } });
    let e = parseExposition(await m.render());
    expect(e.families.get('test_depth')?.type).toBe('gauge');
    expect(e.value('test_depth')).toBe(3);
    expect(e.value('test_states', { state: 'a' })).toBe(6);
    expect(e.value('test_broken')).toBeNaN();
    expect(e.find('test_broken_labelled')).toEqual([]);
    depth = 5;
    e = parseExposition(await m.render());
    expect(e.value('test_depth')).toBe(5);
    expect(e.value('test_states', { state: 'a' })).toBe(10);
  });

  it('gives every process its own registry (not the global one): two in one process share no series', async () => {
    const a = createMetrics({ processName: 'unit-x' });
    const b = createMetrics({ processName: 'unit-y' });
    expect(a.registry).not.toBe(b.registry);
    expect(a.registry).not.toBe(globalRegistry);
    a.observeRequest('GET', '/metrics', 200);
    a.observeStore('getJob', 0.002, false);
    const ea = parseExposition(await a.render());
    const eb = parseExposition(await b.render());
    expect(ea.value('svc_http_requests_total', { route: '/metrics' })).toBe(1);
    expect(eb.find('svc_http_requests_total')).toEqual([]);
    expect(eb.find('svc_store_duration_seconds_count')).toEqual([]);
    // The process metrics are the one process's, shown by each registry under its own label.
    expectProcessLabel(ea, 'unit-x');
    expectProcessLabel(eb, 'unit-y');
    expect(eb.find('process_start_time_seconds')[0].value).toBe(ea.find('process_start_time_seconds')[0].value);
    expect((await globalRegistry.metrics()).includes('svc_')).toBe(false);
    expect(defaultProcessName()).toMatch(new RegExp(`^http-.+:${process.pid}$`));
    expect(defaultProcessName('worker')).toMatch(new RegExp(`^worker-.+:${process.pid}$`));
    expect(createMetrics().processName).toBe(defaultProcessName());
  });
});

describe('measureStore', () => {
  it('times every store call by operation and counts failures, passing results and properties through', async () => {
    const m = createMetrics({ processName: 'unit-store' });
    const raw = await openSqliteStore({ dataDir: tempDir('svc-metrics-store-') });
    const store = measureStore(raw, m);
    expect(store.kind).toBe('sqlite');
    expect(store.lease).toEqual(raw.lease);
    const day = utcDay(Date.now());
    expect(await store.consumeUnits('p', day, 3, 10)).toMatchObject({ granted: true });
    expect((await store.usage('p', day)).units).toBe(3);
    expect(await store.countJobs('queued')).toBe(0);
    expect(await store.countJobs('running')).toBe(0);
    await expect(store.consumeUnits('p', day, 1.5, 10)).rejects.toThrow();
    let e = parseExposition(await m.render());
    expect(e.value('svc_store_duration_seconds_count', { operation: 'countJobs' })).toBe(2);
    expect(e.value('svc_store_duration_seconds_count', { operation: 'usage' })).toBe(1);
    expect(e.value('svc_store_duration_seconds_count', { operation: 'consumeUnits' })).toBe(2);
    expect(e.value('svc_store_duration_seconds_bucket', { operation: 'usage', le: '+Inf' })).toBe(1);
    expect(e.value('svc_store_duration_seconds_sum', { operation: 'usage' })).toBeGreaterThan(0);
    expect(e.value('svc_store_errors_total', { operation: 'consumeUnits' })).toBe(1);
    expect(e.find('svc_store_errors_total', { operation: 'usage' })).toEqual([]);
    await store.close();
    await expect(store.usage('p', day)).rejects.toThrow();
    e = parseExposition(await m.render());
    expect(e.value('svc_store_errors_total', { operation: 'usage' })).toBe(1);
    expect(e.value('svc_store_duration_seconds_count', { operation: 'close' })).toBe(1);
  });
});

describe('serveMetrics', () => {
  it('serves GET /metrics of a registry on its own port, and nothing else', async () => {
    const m = createMetrics({ processName: 'worker-test:1' });
    m.observeJobEnd('failed');
    const srv = await serveMetrics(m.registry, { port: 0 });
    try {
      expect(srv.url).toBe(`http://127.0.0.1:${srv.port}`);
      const res = await fetch(`${srv.url}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(m.registry.contentType);
      const e = parseExposition(await res.text());
      expect(e.value('svc_jobs_finished_total', { status: 'failed', process: 'worker-test:1' })).toBe(1);
      expect((await fetch(`${srv.url}/`)).status).toBe(404);
      expect((await fetch(`${srv.url}/metricsx`)).status).toBe(404);
      const post = await fetch(`${srv.url}/metrics`, { method: 'POST', body: '' });
      expect(post.status).toBe(405);
      expect(post.headers.get('allow')).toBe('GET');
    } finally {
      await srv.close();
    }
    await expect(fetch(`${srv.url}/metrics`)).rejects.toThrow();
  });
});

describe('a service\'s /metrics', () => {
  async function waitDone(s: Service, id: string) {
    for (let k = 0; k < 400; k++) {
      const j = await s.jobs.get(id, null);
      if (j.status === 'done' || j.status === 'failed') return j;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`job ${id} never ended`);
  }

  it('moves the solve histogram after a solve, the job counter after a job, the store histogram on every call; two services keep apart', async () => {
    const a = await makeService({ processName: 'http-a:1', sandboxToken: SANDBOX });
    const b = await makeService({ processName: 'http-b:2', sandboxToken: SANDBOX, jobs: { queueThresholdWork: 1 } });
    expect(a.metrics.registry).not.toBe(b.metrics.registry);
    const before = parseExposition(await a.renderMetrics());
    expect(before.find('svc_solve_duration_seconds_count')).toEqual([]);
    const storeCallsBefore = before.find('svc_store_duration_seconds_count').reduce((t, s) => t + s.value, 0);

    const meA = await a.authenticate(`Bearer ${SANDBOX}`, { ip: '198.51.100.7' });
    const x = await a.solve('maxcut', cycle(6), { principal: meA, query: { seed: '1' } });
    expect(x.cut_value).toBe(6);
    const ea = parseExposition(await a.renderMetrics());
    expect(ea.value('svc_solve_duration_seconds_count', { command: 'maxcut', engine: 'ts', lane: 'sync' })).toBe(1);
    expect(ea.value('svc_solve_duration_seconds_bucket', { command: 'maxcut', engine: 'ts', lane: 'sync', le: '+Inf' })).toBe(1);
    // The solve charged and settled through the store: those calls were timed.
    expect(ea.value('svc_store_duration_seconds_count', { operation: 'consumeUnits' })).toBeGreaterThanOrEqual(1);
    expect(ea.find('svc_store_duration_seconds_count').reduce((t, s) => t + s.value, 0)).toBeGreaterThan(storeCallsBefore);
    expect(ea.value('svc_jobs', { state: 'queued' })).toBe(0);
    expect(ea.value('svc_job_oldest_queued_age_seconds')).toBe(0);
    expect(ea.value('svc_solver_workers')).toBe(1);
    expect(ea.value('svc_solver_workers_busy')).toBe(0);
    expect(ea.value('svc_solver_worker_utilization')).toBe(0);
    expect(ea.value('svc_job_workers')).toBe(1);
    expect(ea.value('svc_engine_info', { engine: 'ts' })).toBe(1);
    expectProcessLabel(ea, 'http-a:1');

    const meB = await b.authenticate(`Bearer ${SANDBOX}`, { ip: '198.51.100.8' });
    const ack = await b.solve('maxcut', cycle(8), { principal: meB, allowQueue: true, query: { seed: '2' } });
    expect(isQueued(ack)).toBe(true);
    const done = await waitDone(b, (ack as { job_id: string }).job_id);
    expect(done.status).toBe('done');
    const eb = parseExposition(await b.renderMetrics());
    expect(eb.value('svc_jobs_finished_total', { status: 'done' })).toBe(1);
    expect(eb.value('svc_solve_duration_seconds_count', { command: 'maxcut', engine: 'ts', lane: 'job' })).toBe(1);
    expect(eb.value('svc_store_duration_seconds_count', { operation: 'insertJob' })).toBe(1);
    expect(eb.value('svc_store_duration_seconds_count', { operation: 'finishJob' })).toBeGreaterThanOrEqual(1);
    expect(eb.value('svc_job_workers_busy')).toBe(0);
    expectProcessLabel(eb, 'http-b:2');
    // Nothing of B's job shows on A.
    const ea2 = parseExposition(await a.renderMetrics());
    expect(ea2.find('svc_jobs_finished_total')).toEqual([]);
    expect(ea2.find('svc_store_duration_seconds_count', { operation: 'insertJob' })).toEqual([]);
    expect(ea2.find('svc_solve_duration_seconds_count', { lane: 'job' })).toEqual([]);
  }, 60_000);

  it('shows the queue depth and the age of the oldest queued job, read from the store', async () => {
    const dir = tempDir('svc-metrics-queue-');
    const s = await makeService({ dataDir: dir, processName: 'http-q:3' });
    // The runner stops, so a job written now stays queued.
    await s.jobs.close();
    const peer = await openSqliteStore({ dataDir: dir });
    const created = Date.now() - 90_000;
    for (const [id, at] of [[`job_${'d'.repeat(32)}`, created], [`job_${'e'.repeat(32)}`, created + 60_000]] as const) {
      await peer.insertJob({
        jobId: id, principal: 'p', owner: null, command: 'maxcut', lane: 'json', request: '{}',
        computeUnits: 1, chargeDay: utcDay(at), allowance: 10, createdAt: at,
      }, { maxInflight: 9, maxQueued: 9 });
    }
    await peer.close();
    let e = parseExposition(await s.renderMetrics());
    expect(e.value('svc_jobs', { state: 'queued' })).toBe(2);
    expect(e.value('svc_jobs', { state: 'running' })).toBe(0);
    const age = e.value('svc_job_oldest_queued_age_seconds');
    expect(age).toBeGreaterThanOrEqual(90);
    expect(age).toBeLessThan(90 + 60);
    // The scrape's own store reads are timed too (seen from the next scrape: they settle while the first renders).
    e = parseExposition(await s.renderMetrics());
    expect(e.value('svc_store_duration_seconds_count', { operation: 'oldestQueuedJobAt' })).toBeGreaterThanOrEqual(1);
    expect(e.value('svc_store_duration_seconds_count', { operation: 'countJobs' })).toBeGreaterThanOrEqual(2);
  }, 60_000);
});
