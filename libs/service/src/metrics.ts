/**
 * Prometheus text exposition (version 0.0.4) of the service: requests by route and code, a
 * solve latency histogram, job queue depth and outcomes, the engine in use. In-process
 * counters; gauges are read when scraped.
 */

/** Upper bounds (seconds) of the solve latency histogram. */
export const SOLVE_BUCKETS: readonly number[] = Object.freeze([0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300]);

export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

type Labels = Readonly<Record<string, string>>;

/** One gauge sample read at scrape time. */
export interface GaugeSample {
  readonly name: string;
  readonly help: string;
  readonly value: number;
  readonly labels?: Labels;
}

export interface ServiceMetrics {
  /** Counts one HTTP request by method, route pattern (never the raw URL) and status code. */
  observeRequest(method: string, route: string, status: number): void;
  /** One finished solve: command, engine kind, `sync` or `job`, wall time in seconds. */
  observeSolve(command: string, engine: string, lane: string, seconds: number): void;
  /** One job reaching a terminal state. */
  observeJobEnd(status: string): void;
  /** The exposition text with the given gauges appended. */
  render(gauges: readonly GaugeSample[]): string;
}

const escapeLabel = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const labelText = (l: Labels | undefined) => {
  const keys = Object.keys(l ?? {}).sort();
  return keys.length === 0 ? '' : `{${keys.map((k) => `${k}="${escapeLabel(l![k])}"`).join(',')}}`;
};
const keyOf = (l: Labels) => labelText(l);
const num = (v: number) => (Number.isFinite(v) ? String(v) : v > 0 ? '+Inf' : v < 0 ? '-Inf' : 'NaN');

export function createMetrics(): ServiceMetrics {
  const requests = new Map<string, { labels: Labels; value: number }>();
  const jobEnds = new Map<string, { labels: Labels; value: number }>();
  const solves = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();

  const bump = (m: Map<string, { labels: Labels; value: number }>, labels: Labels) => {
    const k = keyOf(labels);
    const e = m.get(k);
    if (e) e.value++;
    else m.set(k, { labels, value: 1 });
  };

  return {
    observeRequest(method, route, status) {
      bump(requests, { method, route, code: String(status) });
    },
    observeJobEnd(status) {
      bump(jobEnds, { status });
    },
    observeSolve(command, engine, lane, seconds) {
      const labels = { command, engine, lane };
      const k = keyOf(labels);
      let e = solves.get(k);
      if (!e) {
        e = { labels, counts: SOLVE_BUCKETS.map(() => 0), sum: 0, count: 0 };
        solves.set(k, e);
      }
      for (let b = 0; b < SOLVE_BUCKETS.length; b++) if (seconds <= SOLVE_BUCKETS[b]) e.counts[b]++;
      e.sum += seconds;
      e.count++;
    },
    render(gauges) {
      const out: string[] = [];
      out.push('# HELP svc_http_requests_total HTTP requests by method, route pattern and status code.');
      out.push('# TYPE svc_http_requests_total counter');
      for (const e of requests.values()) out.push(`svc_http_requests_total${labelText(e.labels)} ${e.value}`);
      out.push('# HELP svc_solve_duration_seconds Wall time of a solve from arrival (sync) or job start (job) to its answer.');
      out.push('# TYPE svc_solve_duration_seconds histogram');
      for (const e of solves.values()) {
        SOLVE_BUCKETS.forEach((le, b) => out.push(`svc_solve_duration_seconds_bucket${labelText({ ...e.labels, le: String(le) })} ${e.counts[b]}`));
        out.push(`svc_solve_duration_seconds_bucket${labelText({ ...e.labels, le: '+Inf' })} ${e.count}`);
        out.push(`svc_solve_duration_seconds_sum${labelText(e.labels)} ${num(e.sum)}`);
        out.push(`svc_solve_duration_seconds_count${labelText(e.labels)} ${e.count}`);
      }
      out.push('# HELP svc_jobs_finished_total Jobs that reached a terminal state, by state.');
      out.push('# TYPE svc_jobs_finished_total counter');
      for (const e of jobEnds.values()) out.push(`svc_jobs_finished_total${labelText(e.labels)} ${e.value}`);
      const seen = new Set<string>();
      for (const g of gauges) {
        if (!seen.has(g.name)) {
          seen.add(g.name);
          out.push(`# HELP ${g.name} ${g.help}`);
          out.push(`# TYPE ${g.name} gauge`);
        }
        out.push(`${g.name}${labelText(g.labels)} ${num(g.value)}`);
      }
      return out.join('\n') + '\n';
    },
  };
}
