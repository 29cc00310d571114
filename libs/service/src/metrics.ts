/**
 * Prometheus metrics of one process, through prom-client: requests by route and code, solve time
 * per command, engine and lane, jobs by terminal state, store latency per operation, gauges read
 * when scraped (queue depth and age, worker utilisation, the engine), and Node's own process
 * metrics. Each process (an HTTP node, a worker) has its own registry, not prom-client's global
 * one, with a default label `process` naming it; several services in one process (tests) do not
 * share a registry.
 */
import os from 'node:os';
import http from 'node:http';
import { listenHttp, type ListeningServer } from './listen-http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type Metric } from 'prom-client';

/** Upper bounds (seconds) of the solve time histogram. */
export const SOLVE_BUCKETS: readonly number[] = Object.freeze([0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300]);

/** Upper bounds (seconds) of the store latency histogram: embedded SQLite calls take ~10 µs, PostgreSQL commits milliseconds. */
export const STORE_BUCKETS: readonly number[] = Object.freeze([0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]);

/** Content type of the text exposition (version 0.0.4), as prom-client's registry serves it. */
export const PROMETHEUS_CONTENT_TYPE: string = Registry.PROMETHEUS_CONTENT_TYPE;

type Labels = Readonly<Record<string, string>>;

/** One sample of a gauge read at scrape time. */
export interface GaugeSample {
  readonly value: number;
  readonly labels?: Labels;
}

/** A gauge whose samples are read when the registry is scraped. */
export interface ScrapeGauge {
  readonly name: string;
  readonly help: string;
  readonly labelNames?: readonly string[];
  /** The samples now; a number is one unlabelled sample. A throw (a store down) shows NaN for an unlabelled gauge, no samples otherwise. */
  read(): number | readonly GaugeSample[] | Promise<number | readonly GaugeSample[]>;
}

export interface ServiceMetrics {
  /** This process's registry (its own, not prom-client's global one); serve it with `registry.metrics()` and `registry.contentType`. */
  readonly registry: Registry;
  /** The value of the `process` label on every series (e.g. `http-host:1234`, `worker-host:5678`). */
  readonly processName: string;
  /** Counts one HTTP request by method, route pattern (never the raw URL) and status code. */
  observeRequest(method: string, route: string, status: number): void;
  /** One finished solve: command, engine kind, lane (`sync` or `job`), wall time in seconds. */
  observeSolve(command: string, engine: string, lane: string, seconds: number): void;
  /** One job reaching a terminal state (`done`, `failed`, `cancelled`). */
  observeJobEnd(status: string): void;
  /** One store call: its operation (the `Store` method), duration in seconds, and whether it failed. */
  observeStore(operation: string, seconds: number, failed: boolean): void;
  /** Adds a gauge read at scrape time. */
  addGauge(gauge: ScrapeGauge): void;
  /** The exposition text. */
  render(): Promise<string>;
}

export interface MetricsOptions {
  /** Value of the `process` label (default `http-<host>:<pid>`). */
  readonly processName?: string;
}

/**
 * The text of `registry`. prom-client 15 writes a NaN value as `Nan` (Prometheus parses it, as Go's
 * ParseFloat ignores case, but the format says `NaN`, and stricter readers refuse it): corrected
 * here, on sample lines only.
 */
export async function exposition(registry: Registry): Promise<string> {
  return (await registry.metrics()).replace(/^([^#\n][^\n]*) Nan$/gm, '$1 NaN');
}

/** The default process name: `<role>-<host>:<pid>` (role `http` for a node, `worker` for a worker process). */
export function defaultProcessName(role = 'http'): string {
  return `${role}-${os.hostname()}:${process.pid}`;
}

/**
 * Node's process metrics (CPU, memory, heap, event-loop lag, GC, handles) are one set per process:
 * collected once into this registry, then registered in every service registry, which renders
 * them with its own `process` label. (Calling collectDefaultMetrics per service would leave a GC
 * observer and an event-loop monitor behind for every service a test process creates.)
 */
let processDefaults: Registry | null = null;
function processDefaultMetrics(): Registry {
  if (!processDefaults) {
    processDefaults = new Registry();
    collectDefaultMetrics({ register: processDefaults });
  }
  return processDefaults;
}

/** Creates the metrics of one process on its own registry (with the process metrics of Node). */
export function createMetrics(opts: MetricsOptions = {}): ServiceMetrics {
  const processName = opts.processName ?? defaultProcessName();
  const registry = new Registry();
  registry.setDefaultLabels({ process: processName });
  // getMetricsAsArray's type says MetricObject; the registry holds the metric instances themselves.
  for (const m of processDefaultMetrics().getMetricsAsArray()) registry.registerMetric(m as unknown as Metric);
  const registers = [registry];

  const requests = new Counter({
    name: 'svc_http_requests_total', help: 'HTTP requests by method, route pattern and status code.',
    labelNames: ['method', 'route', 'code'], registers,
  });
  const solves = new Histogram({
    name: 'svc_solve_duration_seconds', help: 'Wall time of a solve from arrival (sync) or job start (job) to its answer, by command, engine and lane.',
    labelNames: ['command', 'engine', 'lane'], buckets: [...SOLVE_BUCKETS], registers,
  });
  const jobEnds = new Counter({
    name: 'svc_jobs_finished_total', help: 'Jobs that reached a terminal state, by state.',
    labelNames: ['status'], registers,
  });
  const storeCalls = new Histogram({
    name: 'svc_store_duration_seconds', help: 'Duration of store calls by operation (the Store method).',
    labelNames: ['operation'], buckets: [...STORE_BUCKETS], registers,
  });
  const storeErrors = new Counter({
    name: 'svc_store_errors_total', help: 'Store calls that failed, by operation.',
    labelNames: ['operation'], registers,
  });

  return {
    registry,
    processName,
    observeRequest(method, route, status) {
      requests.inc({ method, route, code: String(status) });
    },
    observeSolve(command, engine, lane, seconds) {
      solves.observe({ command, engine, lane }, seconds);
    },
    observeJobEnd(status) {
      jobEnds.inc({ status });
    },
    observeStore(operation, seconds, failed) {
      storeCalls.observe({ operation }, seconds);
      if (failed) storeErrors.inc({ operation });
    },
    addGauge(g) {
      const labelNames = [...(g.labelNames ?? [])];
      new Gauge({
        name: g.name, help: g.help, labelNames, registers,
        async collect() {
          let samples: number | readonly GaugeSample[];
          try {
            samples = await g.read();
          } catch {
            samples = labelNames.length === 0 ? NaN : [];
          }
          this.reset();
          if (typeof samples === 'number') this.set(samples);
          else for (const s of samples) this.set(s.labels ?? {}, s.value);
        },
      });
    },
    render: () => exposition(registry),
  };
}

/** A registry served over HTTP on its own port (a worker process has no other HTTP server). */
/** Scrape `${url}/metrics`. */
export type MetricsServer = ListeningServer;

/**
 * Serves `GET /metrics` of `registry` with `node:http` (anything else: 404, or 405 for another
 * method on /metrics). Port 0 picks a free one; host defaults to 127.0.0.1.
 */
export async function serveMetrics(registry: Registry, opts: { port: number; host?: string }): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: this server serves GET /metrics only.\n');
      return;
    }
    if (req.method !== 'GET') {
      res.writeHead(405, { allow: 'GET', 'content-type': 'text/plain; charset=utf-8' }).end('Method not allowed: GET /metrics only.\n');
      return;
    }
    exposition(registry).then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (e: unknown) => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`metrics failed: ${e instanceof Error ? e.message : String(e)}\n`),
    );
  });
  return listenHttp(server, opts);
}
