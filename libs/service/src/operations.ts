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
  /** True once the service began closing (readiness turns down). */
  isClosed(): boolean;
}

export function createOperations(deps: OperationsDeps): OperationsApi {
  const { store, access, pool, limits, jobs, metrics } = deps;
  const jobLimits = jobs.limits;
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
    async renderMetrics() {
      const depth = await jobs.depth().catch(() => ({ queued: NaN, running: NaN }));
      return metrics.render([
        { name: 'svc_jobs', help: 'Jobs by state (queue depth: state="queued").', value: depth.queued, labels: { state: 'queued' } },
        { name: 'svc_jobs', help: 'Jobs by state (queue depth: state="queued").', value: depth.running, labels: { state: 'running' } },
        { name: 'svc_job_queue_capacity', help: 'Queued jobs the service holds before SVC_QUEUE_FULL.', value: jobLimits.queueCapacity },
        { name: 'svc_solver_waiting', help: 'Synchronous solves waiting for a solver worker.', value: pool.waiting },
        { name: 'svc_solver_workers', help: 'Solver worker threads (synchronous solves).', value: pool.threads },
        { name: 'svc_job_workers', help: 'Solver worker threads for jobs.', value: jobLimits.concurrency },
        { name: 'svc_engine_info', help: 'The engine in use (value 1).', value: 1, labels: { engine: deps.engineKind, engine_id: deps.engineId, model_version: MODEL_VERSION } },
        { name: 'process_resident_memory_bytes', help: 'Resident memory of the server process.', value: process.memoryUsage.rss() },
      ]);
    },
  };
}
