/**
 * The worker process of the distributed deployment (issue 24; docs/deployment.md): runs the jobs
 * HTTP nodes accept, taking them from the BullMQ queue on Redis, with its state in PostgreSQL.
 * It serves no API; an optional loopback port answers `/healthz`, `/readyz` and `/metrics`.
 */
import { createService, defaultProcessName, serveOperations, type OperationsServer, type Service, type ServiceOptions } from '@svc/service';

export interface WorkerOptions extends Omit<ServiceOptions, 'jobRole'> {
  /** Port of the operations endpoint (`/healthz`, `/readyz`, `/metrics`); null for none, 0 for any free port. */
  readonly opsPort?: number | null;
  readonly opsHost?: string;
}

export interface RunningWorker {
  readonly service: Service;
  /** `http://host:port` of the operations endpoint, or null. */
  readonly opsUrl: string | null;
  /** Stops taking jobs, lets running ones stop (they run again elsewhere), ends the lease. */
  close(): Promise<void>;
}

/** Starts a worker: needs `SVC_DATABASE_URL` and `SVC_REDIS_URL` (in `env`) to have any work. */
export async function startWorker(opts: WorkerOptions = {}): Promise<RunningWorker> {
  const env = opts.env ?? process.env;
  if (!env.SVC_REDIS_URL?.trim()) throw new Error('SVC_REDIS_URL is not set: a worker takes its jobs from the distributed queue (Redis); without it the HTTP server runs jobs itself');
  if (!env.SVC_DATABASE_URL?.trim() && !opts.store) throw new Error('SVC_DATABASE_URL is not set: a worker shares its state with the HTTP nodes through PostgreSQL');
  // The synchronous solve pool of a worker serves nothing: one thread keeps its footprint small.
  const service = await createService({
    workers: 1,
    workerQueue: 1,
    // Its metrics say it is a worker: `worker-<host>:<pid>` unless SVC_PROCESS_NAME names it.
    processName: env.SVC_PROCESS_NAME?.trim() || defaultProcessName('worker'),
    ...opts,
    jobRole: 'worker',
  });
  let ops: OperationsServer | null = null;
  if (opts.opsPort !== undefined && opts.opsPort !== null) {
    try {
      ops = await serveOperations(service, { port: opts.opsPort, host: opts.opsHost ?? '127.0.0.1' });
    } catch (e) {
      await service.close();
      throw e;
    }
  }
  let closing: Promise<void> | null = null;
  return {
    service,
    opsUrl: ops?.url ?? null,
    close() {
      closing ??= (async () => {
        await ops?.close();
        await service.close();
      })();
      return closing;
    },
  };
}
