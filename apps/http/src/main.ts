/**
 * `npm start`: bundled to dist/main.mjs and run by plain node.
 *
 * Environment (every limit has the interface's value as default):
 * - HOST (127.0.0.1), PORT (8080; 0 = any free port)
 * - GRPC_HOST (127.0.0.1, loopback), GRPC_PORT (50051; 0 = any free port; off = no gRPC door)
 * - SVC_OPS_PORT (off; 0 = any free port), SVC_OPS_HOST (127.0.0.1): the operations port, the only
 *   place /metrics is served (beside /healthz and /readyz, which the API port also answers)
 * - SVC_DATA_DIR (./.svc-data): SQLite store, created when missing
 * - SVC_ENGINE (unset/auto = native when the addon loads, else ts with one loud stderr line naming the cause
 *   and /healthz engine `ts (native failed to load: …)`; `ts` | `native` force one)
 * - SVC_WORKERS (cores − 1, 1..8), SVC_WORKER_QUEUE (64): solver pool size and waiting room
 * - SVC_SANDBOX_BODY_BYTES (8 MiB), SVC_MAX_BODY_BYTES (128 MiB), SVC_SANDBOX_MAX_N (50000)
 * - SVC_SANDBOX_DAILY_UNITS (10000 per IP per UTC day), SVC_SANDBOX_TOKEN (pin the public token)
 * - SVC_TRUST_PROXY (1/true: client IP from X-Forwarded-For)
 * - accounts, keys, rates, quotas, rotation, idempotency, cache: README "Configuration" (limits/access-limits.ts)
 * - SVC_LOG_LEVEL (info): structured JSON request logs on stdout, each line with the request id
 *   (`reqId`, echoed as X-Request-Id); trace|debug|info|warn|error|fatal, or silent for none
 * - Jobs (libs/service/src/jobs/job-config.ts): SVC_QUEUE_THRESHOLD_WORK (200000000 work units:
 *   a solve estimated at or above it is queued as a job), SVC_SYNC_WAIT_MS (1000: a job that ends
 *   within it answers 200, else 202), SVC_MAX_INFLIGHT_JOBS (4 per caller),
 *   SVC_QUEUE_CAPACITY (256 queued jobs), SVC_JOB_WORKERS (1 job thread), SVC_JOB_MAX_WAIT_SECONDS (30)
 */
import { startServer } from './start-server';

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
  process.stderr.write(`svc-http: ${msg}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  const env = process.env;
  const host = env.HOST?.trim() || '127.0.0.1';
  const portRaw = env.PORT?.trim() || '8080';
  const port = Number(portRaw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`PORT must be an integer 0..65535, got '${portRaw}'`);
  const grpcRaw = env.GRPC_PORT?.trim() || '50051';
  const grpcPort = grpcRaw === 'off' ? null : Number(grpcRaw);
  if (grpcPort !== null && (!Number.isInteger(grpcPort) || grpcPort < 0 || grpcPort > 65535)) fail(`GRPC_PORT must be an integer 0..65535 or 'off', got '${grpcRaw}'`);
  const grpcHost = env.GRPC_HOST?.trim() || '127.0.0.1';
  const opsRaw = env.SVC_OPS_PORT?.trim() || 'off';
  const opsPort = opsRaw === 'off' ? null : Number(opsRaw);
  if (opsPort !== null && (!Number.isInteger(opsPort) || opsPort < 0 || opsPort > 65535)) fail(`SVC_OPS_PORT must be an integer 0..65535 or 'off', got '${opsRaw}'`);
  const engineRaw = env.SVC_ENGINE?.trim() || 'auto';
  if (!['ts', 'native', 'auto'].includes(engineRaw)) fail(`SVC_ENGINE must be 'ts', 'native' or 'auto', got '${engineRaw}'`);
  const engine = engineRaw === 'auto' ? undefined : (engineRaw as 'ts' | 'native');
  const logLevel = env.SVC_LOG_LEVEL?.trim() || 'info';
  if (!['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'].includes(logLevel)) fail(`SVC_LOG_LEVEL must be trace, debug, info, warn, error, fatal or silent, got '${logLevel}'`);

  const docsUrl = env.SVC_DOCS_URL?.trim() || undefined;
  if (docsUrl !== undefined && !/^https?:\/\/[^/\s]+(\/[^\s]*)?$/.test(docsUrl)) fail(`SVC_DOCS_URL must be an http(s) URL, got '${docsUrl}'`);

  const server = await startServer({
    host,
    port,
    ...(docsUrl !== undefined ? { docsUrl: docsUrl.replace(/\/+$/, '') } : {}),
    dataDir: env.SVC_DATA_DIR?.trim() || undefined,
    engine,
    trustProxy: env.SVC_TRUST_PROXY === '1' || env.SVC_TRUST_PROXY === 'true',
    logger: logLevel === 'silent' ? false : { level: logLevel },
    grpc: grpcPort === null ? false : { port: grpcPort, host: grpcHost },
    ops: opsPort === null ? false : { port: opsPort, host: env.SVC_OPS_HOST?.trim() || '127.0.0.1' },
  });
  // Never a quiet fallback: a native addon that did not load is one loud line naming the cause (and /healthz says it).
  if (server.service.nativeLoadFailure !== null) process.stderr.write(`svc-http: ${server.service.nativeLoadFailure}\n`);
  process.stdout.write(`svc-http listening on ${server.url} (engine ${server.service.engine}, ${server.service.engineId}, model ${server.service.health().version})${server.opsUrl ? `; operations on ${server.opsUrl}` : ''}${server.grpc ? `; gRPC on ${server.grpc.address}` : ''}\n`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`svc-http: ${signal}, shutting down\n`);
    server.close().then(
      () => process.exit(0),
      (e) => fail(`shutdown failed: ${e instanceof Error ? e.message : String(e)}`),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((e) => fail(e instanceof Error ? e.message : String(e)));
