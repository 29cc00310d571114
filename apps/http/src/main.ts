/**
 * `npm start`: bundled to dist/main.mjs and run by plain node.
 *
 * Environment (every limit has the interface's value as default):
 * - HOST (127.0.0.1), PORT (8080; 0 = any free port)
 * - SVC_DATA_DIR (./.svc-data): SQLite store, created when missing
 * - SVC_ENGINE (unset/auto = native when the addon loads, else ts; `ts` | `native` force one)
 * - SVC_WORKERS (cores − 1, 1..8), SVC_WORKER_QUEUE (64): solver pool size and waiting room
 * - SVC_SANDBOX_BODY_BYTES (8 MiB), SVC_MAX_BODY_BYTES (128 MiB), SVC_SANDBOX_MAX_N (50000)
 * - SVC_SANDBOX_DAILY_UNITS (10000 per IP per UTC day), SVC_SANDBOX_TOKEN (pin the public token)
 * - SVC_TRUST_PROXY (1/true: client IP from X-Forwarded-For)
 */
import { startServer } from './start-server';

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
  const engineRaw = env.SVC_ENGINE?.trim() || 'auto';
  if (!['ts', 'native', 'auto'].includes(engineRaw)) fail(`SVC_ENGINE must be 'ts', 'native' or 'auto', got '${engineRaw}'`);
  const engine = engineRaw === 'auto' ? undefined : (engineRaw as 'ts' | 'native');

  const server = await startServer({
    host,
    port,
    dataDir: env.SVC_DATA_DIR?.trim() || undefined,
    engine,
    trustProxy: env.SVC_TRUST_PROXY === '1' || env.SVC_TRUST_PROXY === 'true',
  });
  process.stdout.write(`svc-http listening on ${server.url} (engine ${server.service.engine}, ${server.service.engineId}, model ${server.service.health().version})\n`);

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
