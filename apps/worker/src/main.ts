/**
 * `node apps/worker/dist/main.mjs` (or `npm run start:worker`): one worker process.
 *
 * Environment:
 * - SVC_DATABASE_URL, SVC_REDIS_URL (required): the deployment's PostgreSQL and Redis
 * - SVC_REDIS_PREFIX (svc): key prefix shared by the nodes and workers of one deployment
 * - SVC_JOB_WORKERS (1): jobs this process runs at once (one solver thread each)
 * - SVC_ENGINE (auto): as for the HTTP server
 * - SVC_WORKER_PORT (off): port of /healthz, /readyz and /metrics (0 = any free port), on
 *   SVC_WORKER_HOST (127.0.0.1)
 * - SVC_NODE_LEASE_SECONDS, SVC_DATABASE_POOL_SIZE: as for the HTTP server (docs/deployment.md)
 */
import { startWorker } from './index';

/**
 * stdout or stderr may be a pipe whose reader has gone (a supervisor or `| head` that stopped
 * reading): what is written there is dropped from then on, and the process carries on (a stop
 * still drains) instead of dying on an unhandled EPIPE.
 */
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE' && e.code !== 'ERR_STREAM_DESTROYED') throw e;
  });
}

function fail(msg: string): never {
  process.stderr.write(`svc-worker: ${msg}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  const env = process.env;
  const portRaw = env.SVC_WORKER_PORT?.trim() || 'off';
  const opsPort = portRaw === 'off' ? null : Number(portRaw);
  if (opsPort !== null && (!Number.isInteger(opsPort) || opsPort < 0 || opsPort > 65535)) fail(`SVC_WORKER_PORT must be an integer 0..65535 or 'off', got '${portRaw}'`);
  const engineRaw = env.SVC_ENGINE?.trim() || 'auto';
  if (!['ts', 'native', 'auto'].includes(engineRaw)) fail(`SVC_ENGINE must be 'ts', 'native' or 'auto', got '${engineRaw}'`);
  const worker = await startWorker({
    engine: engineRaw === 'auto' ? undefined : (engineRaw as 'ts' | 'native'),
    opsPort,
    opsHost: env.SVC_WORKER_HOST?.trim() || '127.0.0.1',
  });
  const s = worker.service;
  if (s.nativeLoadFailure !== null) process.stderr.write(`svc-worker: ${s.nativeLoadFailure}\n`);
  process.stdout.write(`svc-worker ready (pid ${process.pid}, engine ${s.engine}, ${s.jobs.limits.concurrency} job thread${s.jobs.limits.concurrency === 1 ? '' : 's'})${worker.opsUrl ? `; operations on ${worker.opsUrl}` : ''}\n`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`svc-worker: ${signal}, stopping (running jobs go back to the queue)\n`);
    worker.close().then(() => process.exit(0), (e) => fail(`shutdown failed: ${e instanceof Error ? e.message : String(e)}`));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((e) => fail(e instanceof Error ? e.message : String(e)));
