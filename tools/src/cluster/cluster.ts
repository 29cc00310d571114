/**
 * A whole distributed deployment on one machine (issue 24): a throwaway PostgreSQL and Redis on
 * loopback, N HTTP nodes (apps/http/dist/main.mjs) and M workers (apps/worker/dist/main.mjs), each
 * a real process that can be SIGKILLed and started again on the same port. Used by
 * `npm run start:cluster` and the distributed suite (tools/src/distributed).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startThrowawayPostgres, startThrowawayRedis, type ThrowawayPostgres, type ThrowawayRedis } from '@svc/store/testing';

/** The workspace root: the nearest folder above this file (bundled in tools/dist or not) holding nx.json. */
function workspaceRoot(): string {
  for (let d = path.dirname(fileURLToPath(import.meta.url)); ; d = path.dirname(d)) {
    if (fs.existsSync(path.join(d, 'nx.json'))) return d;
    if (path.dirname(d) === d) throw new Error('the workspace root (nx.json) was not found above tools/');
  }
}
const root = workspaceRoot();
export const HTTP_BUNDLE = path.join(root, 'apps/http/dist/main.mjs');
export const WORKER_BUNDLE = path.join(root, 'apps/worker/dist/main.mjs');

export interface ClusterProcess {
  /** `node-1`, `worker-2`, … */
  readonly name: string;
  readonly kind: 'node' | 'worker';
  /** HTTP base URL (a node's API, a worker's operations endpoint). */
  readonly url: string;
  /** A node's gRPC address (`127.0.0.1:port`); null for a worker. */
  readonly grpc: string | null;
  readonly pid: number;
  /** True while the process runs. */
  alive(): boolean;
  /** SIGKILL (nothing flushed, nothing settled: the lease settles it). */
  kill(): Promise<void>;
  /** SIGTERM and wait for the exit (a clean stop). */
  stop(): Promise<void>;
  /** Starts the process again on the same ports. */
  restart(): Promise<void>;
  /** Everything it printed (stdout and stderr). */
  log(): string;
}

export interface Cluster {
  readonly pg: ThrowawayPostgres;
  readonly redis: ThrowawayRedis;
  readonly databaseUrl: string;
  /** The environment every process gets. */
  readonly env: Readonly<Record<string, string>>;
  readonly nodes: readonly ClusterProcess[];
  readonly workers: readonly ClusterProcess[];
  /** The pinned public sandbox token of every node. */
  readonly sandboxToken: string;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  readonly nodes?: number;
  readonly workers?: number;
  /** Extra environment for every process (e.g. SVC_QUEUE_THRESHOLD_WORK, SVC_NODE_LEASE_SECONDS). */
  readonly env?: Readonly<Record<string, string>>;
  /** Where processes' output goes besides memory (the start-cluster command echoes it). */
  readonly onLine?: (name: string, line: string) => void;
}

const READY: Record<'node' | 'worker', RegExp> = {
  node: /svc-http listening on (http:\/\/[^\s]+) .*?(?:; gRPC on ([^\s]+))?$/m,
  worker: /svc-worker ready .*?; operations on (http:\/\/[^\s]+)/m,
};

function startProcess(name: string, kind: 'node' | 'worker', env: Record<string, string>, onLine?: ClusterOptions['onLine']): Promise<ClusterProcess> {
  let child: ChildProcess;
  let text = '';
  let url = '';
  let grpc: string | null = null;
  const bundle = kind === 'node' ? HTTP_BUNDLE : WORKER_BUNDLE;
  if (!fs.existsSync(bundle)) throw new Error(`${bundle} is missing: build first (npx nx run-many -t build -p http worker)`);
  const launch = (portEnv: Record<string, string>) => new Promise<void>((resolve, reject) => {
    child = spawn(process.execPath, [bundle], { env: { ...process.env, ...env, ...portEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    let pending = '';
    const onData = (d: Buffer) => {
      const s = d.toString();
      text += s;
      pending += s;
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const l of lines) onLine?.(name, l);
      const m = READY[kind].exec(text.split('\n').filter((l) => l.startsWith(kind === 'node' ? 'svc-http listening' : 'svc-worker ready')).at(-1) ?? '');
      if (m) {
        url = m[1]!;
        grpc = kind === 'node' ? (m[2] ?? null) : null;
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code, sig) => reject(new Error(`${name} exited (${code ?? sig}) before it was ready:\n${text.slice(-3000)}`)));
  });
  const alive = () => child.exitCode === null && child.signalCode === null;
  const waitExit = (c: ChildProcess) => (c.exitCode !== null || c.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => c.once('exit', () => r())));
  const first: Record<string, string> = kind === 'node' ? { PORT: '0', GRPC_PORT: '0' } : { SVC_WORKER_PORT: '0' };
  return launch(first).then(() => {
    const ports = (): Record<string, string> => kind === 'node'
      ? { PORT: new URL(url).port, GRPC_PORT: grpc ? grpc.split(':').at(-1)! : 'off' }
      : { SVC_WORKER_PORT: new URL(url).port };
    const proc: ClusterProcess = {
      name,
      kind,
      get url() {
        return url;
      },
      get grpc() {
        return grpc;
      },
      get pid() {
        return child.pid ?? -1;
      },
      alive,
      async kill() {
        const c = child;
        c.kill('SIGKILL');
        await waitExit(c);
      },
      async stop() {
        const c = child;
        if (!alive()) return;
        c.kill('SIGTERM');
        const t = setTimeout(() => c.kill('SIGKILL'), 30_000);
        await waitExit(c);
        clearTimeout(t);
      },
      async restart() {
        if (alive()) await proc.kill();
        const keep = ports();
        // The port of a killed process may take a moment to be free again.
        for (let attempt = 1; ; attempt++) {
          try {
            await launch(keep);
            return;
          } catch (e) {
            if (attempt >= 5 || !/EADDRINUSE/.test(String(e))) throw e;
            await new Promise((r) => setTimeout(r, 300));
          }
        }
      },
      log: () => text,
    };
    return proc;
  });
}

/**
 * The settings of the distributed suites' clusters: every solve a door allows to queue is a job,
 * and the caps, rates, result cache and engine choice are out of the way of hundreds of jobs.
 */
export function queueingClusterEnv(leaseSeconds: number): Record<string, string> {
  return {
    SVC_QUEUE_THRESHOLD_WORK: '1',
    SVC_SYNC_WAIT_MS: '0',
    SVC_MAX_INFLIGHT_JOBS: '1000',
    SVC_QUEUE_CAPACITY: '1000',
    SVC_SANDBOX_RATE_PER_MINUTE: '100000',
    SVC_SANDBOX_DAILY_UNITS: '100000000',
    SVC_RESULT_CACHE_BYTES: '0',
    SVC_NODE_LEASE_SECONDS: String(leaseSeconds),
    SVC_ENGINE: 'ts',
  };
}

/** Starts PostgreSQL, Redis, the nodes and the workers; `stop()` ends them all and removes their data. */
export async function startCluster(opts: ClusterOptions = {}): Promise<Cluster> {
  const [pg, redis] = await Promise.all([startThrowawayPostgres(), startThrowawayRedis()]);
  const dirs: string[] = [];
  const procs: ClusterProcess[] = [];
  try {
    const databaseUrl = await pg.createDatabase('svc');
    const sandboxToken = `sbx_cluster_${process.pid}`;
    const env: Record<string, string> = {
      SVC_DATABASE_URL: databaseUrl,
      SVC_REDIS_URL: redis.url,
      SVC_SANDBOX_TOKEN: sandboxToken,
      SVC_LOG_LEVEL: 'warn',
      ...opts.env,
    };
    const dataDir = () => {
      const d = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-cluster-'));
      dirs.push(d);
      return d;
    };
    // Nodes one after the other (the first migrates the database; the others find it done), then the workers together.
    const nodes: ClusterProcess[] = [];
    for (let i = 1; i <= (opts.nodes ?? 2); i++) {
      nodes.push(await startProcess(`node-${i}`, 'node', { ...env, SVC_DATA_DIR: dataDir() }, opts.onLine));
      procs.push(nodes.at(-1)!);
    }
    const workers = await Promise.all(Array.from({ length: opts.workers ?? 3 }, (_, i) =>
      startProcess(`worker-${i + 1}`, 'worker', { ...env, SVC_DATA_DIR: dataDir() }, opts.onLine)));
    procs.push(...workers);
    return {
      pg, redis, databaseUrl, env, nodes, workers, sandboxToken,
      async stop() {
        await Promise.all(procs.map((p) => p.stop().catch(() => p.kill())));
        await Promise.all([pg.stop(), redis.stop()]);
        for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
      },
    };
  } catch (e) {
    await Promise.all(procs.map((p) => p.kill().catch(() => undefined)));
    await Promise.all([pg.stop(), redis.stop()]);
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    throw e;
  }
}
