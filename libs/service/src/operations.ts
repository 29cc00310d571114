/** Operations: readiness (`GET /readyz`), Prometheus metrics (`/metrics`) and the public agent card. */
import type { Store } from '@svc/store';
import type { Access } from './access';
import type { ServiceLimits } from './config';
import { SOLVABLE_COMMANDS } from './solve/plan';
import type { SolvePool } from './solve/pool';
import type { JobService } from './jobs/job-service';
import type { JobQueue } from './distributed/job-queue';
import type { ServiceMetrics } from './metrics';
import { agentCard } from './agent-card';
import { MODEL_VERSION } from './versions';

/** Below this much free space on the store's volume the service reports not ready. */
export const MIN_FREE_BYTES = 1024 * 1024;

/** `GET /readyz`. */
export interface Readiness {
  ready: boolean;
  /** `queue`: the distributed queue (Redis), present only when `SVC_REDIS_URL` is set. */
  checks: { store: string; solver_pool: string; job_runner: string; queue?: string };
}

export interface OperationsApi {
  /** The public agent card; `baseUrl` is the origin it is served from ('' for root-relative links). */
  agentCard(baseUrl: string): Record<string, unknown>;
  ready(): Promise<Readiness>;
  /** Prometheus text of `/metrics`. */
  renderMetrics(): Promise<string>;
}

export interface OperationsDeps {
  readonly store: Store;
  readonly access: Access;
  readonly pool: SolvePool;
  readonly limits: ServiceLimits;
  /** The job runner (owned and closed by the service). */
  readonly jobs: JobService;
  /** The distributed queue, when there is one (its reachability is part of readiness). */
  readonly queue?: JobQueue | null;
  readonly metrics: ServiceMetrics;
  readonly engineKind: 'native' | 'ts';
  readonly engineId: string;
  /** Epoch-ms clock of job creation times (the queue-age gauge). */
  readonly clock: () => number;
  /** True once the service began closing (readiness turns down). */
  isClosed(): boolean;
}

/**
 * The gauges of `/metrics` read at scrape time: queue depth and age (from the store, so
 * service-wide), the job and synchronous solver workers of this process and how busy they are,
 * and the engine.
 */
function addServiceGauges(deps: OperationsDeps): void {
  const { store, pool, jobs, metrics, clock } = deps;
  const jobLimits = jobs.limits;
  const share = (busy: number, size: number) => (size > 0 ? busy / size : 0);
  metrics.addGauge({
    name: 'svc_jobs', help: 'Queued and running jobs service-wide (queue depth: state="queued").', labelNames: ['state'],
    async read() {
      const d = await jobs.depth();
      return [{ labels: { state: 'queued' }, value: d.queued }, { labels: { state: 'running' }, value: d.running }];
    },
  });
  metrics.addGauge({
    name: 'svc_job_oldest_queued_age_seconds', help: 'Age of the oldest queued job service-wide (0 when none is queued).',
    async read() {
      const at = await store.oldestQueuedJobAt();
      return at === null ? 0 : Math.max(0, (clock() - at) / 1000);
    },
  });
  metrics.addGauge({ name: 'svc_job_queue_capacity', help: 'Queued jobs the service holds before SVC_QUEUE_FULL.', read: () => jobLimits.queueCapacity });
  metrics.addGauge({ name: 'svc_job_workers', help: 'Job worker threads of this process.', read: () => jobLimits.concurrency });
  metrics.addGauge({ name: 'svc_job_workers_busy', help: 'Job workers of this process running a job now.', read: () => jobs.running() });
  metrics.addGauge({
    name: 'svc_job_worker_utilization', help: 'Busy job workers of this process over their number (0..1).',
    read: () => share(jobs.running(), jobLimits.concurrency),
  });
  metrics.addGauge({ name: 'svc_solver_workers', help: 'Solver worker threads of this process (synchronous solves).', read: () => pool.threads });
  metrics.addGauge({ name: 'svc_solver_workers_busy', help: 'Synchronous solver workers of this process running a solve now.', read: () => pool.busy });
  metrics.addGauge({ name: 'svc_solver_waiting', help: 'Synchronous solves waiting for a solver worker.', read: () => pool.waiting });
  metrics.addGauge({
    name: 'svc_solver_worker_utilization', help: 'Busy synchronous solver workers of this process over their number (0..1).',
    read: () => share(pool.busy, pool.threads),
  });
  metrics.addGauge({
    name: 'svc_engine_info', help: 'The engine in use (value 1).', labelNames: ['engine', 'engine_id', 'model_version'],
    read: () => [{ labels: { engine: deps.engineKind, engine_id: deps.engineId, model_version: MODEL_VERSION }, value: 1 }],
  });
}

export function createOperations(deps: OperationsDeps): OperationsApi {
  const { store, access, pool, limits, jobs, metrics } = deps;
  addServiceGauges(deps);
  return {
    agentCard(baseUrl) {
      return agentCard({ baseUrl, limits, sandboxRatePerMinute: access.limits.sandboxRatePerMinute, commands: SOLVABLE_COMMANDS, engine: deps.engineKind });
    },
    async ready() {
      let storeState = 'ok';
      try {
        // A write probe and the free space: a store that cannot take writes (a full disk) is not ready.
        const st = await store.storageCheck();
        if (!st.writable) storeState = `not writable: ${st.detail}`;
        else if (st.freeBytes !== null && st.freeBytes < MIN_FREE_BYTES) storeState = `out of space: ${st.freeBytes} bytes free (below ${MIN_FREE_BYTES})`;
      } catch (e) {
        storeState = `unreachable: ${e instanceof Error ? e.message : String(e)}`;
      }
      const poolState = !deps.isClosed() && pool.threads > 0 ? 'ok' : 'down';
      const queueState = deps.queue ? (deps.queue.ready() ? 'ok' : 'unreachable (Redis)') : undefined;
      const jobState = jobs.ready() ? 'ok' : 'down';
      const ready = storeState === 'ok' && poolState === 'ok' && jobState === 'ok' && (queueState === undefined || queueState === 'ok');
      return { ready, checks: { store: storeState, solver_pool: poolState, job_runner: jobState, ...(queueState !== undefined ? { queue: queueState } : {}) } };
    },
    renderMetrics() {
      return metrics.render();
    },
  };
}
