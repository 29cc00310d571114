import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startServer, type RunningServer, type StartServerOptions } from '@svc/http';
// No sync window: a solve queued by the threshold answers its 202 (libs/service's job-limits).
import { TEST_JOB_LIMITS } from '../../../libs/service/test/job-limits';

// The workspace's one copy of the seeded test instances and the exhaustive energies.
export { lcg, randomEdges, sortedEnergies } from '../../../libs/service/test/brute-force';

/** Helpers of the `svc` end-to-end suites: the BUNDLED CLI run as a subprocess. */
export const ROOT = resolve(__dirname, '..', '..', '..');
export const BIN = join(ROOT, 'apps', 'cli', 'dist', 'svc.mjs');

/**
 * Bundles apps/cli fresh (so a stale dist never passes for current source) into temporary files
 * renamed over dist/svc.mjs and dist/svc-mcp.mjs: suites building at the same time never expose half a file. Every
 * suite that runs BIN builds it this way and only this way (never apps/cli/build.mjs, which
 * writes dist/svc.mjs in place): a rename is atomic, and a `node` already started on the old
 * file keeps reading the old one.
 */
export function buildCli(): void {
  const suffix = randomBytes(6).toString('hex');
  const tmp = `${BIN}.${suffix}.tmp`;
  const mcp = join(ROOT, 'apps', 'cli', 'dist', 'svc-mcp.mjs');
  const mcpTmp = `${mcp}.${suffix}.tmp`;
  const script = `import(${JSON.stringify(join(ROOT, 'scripts', 'bundle.mjs'))}).then((m) => m.bundleSvc({ root: ${JSON.stringify(ROOT)}, outfile: ${JSON.stringify(tmp)}, mcpOutfile: ${JSON.stringify(mcpTmp)} }))`;
  execFileSync(process.execPath, ['--input-type=module', '-e', script], { stdio: 'pipe' });
  renameSync(mcpTmp, mcp);
  renameSync(tmp, BIN);
}

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  json: () => any;
  /** Stdout as NDJSON lines. */
  lines: () => any[];
}

export interface RunOptions {
  stdin?: string;
  env?: Record<string, string>;
  baseUrl?: string;
  cwd?: string;
}

/** A runner of `node apps/cli/dist/svc.mjs` in a clean environment (no SVC_API_KEY leaks in). */
export function svcRunner(defaults: () => { baseUrl: string; cwd: string; env?: Record<string, string> }) {
  return (args: string[], opts: RunOptions = {}): Promise<Run> =>
    new Promise((done, fail) => {
      const d = defaults();
      const env = { PATH: process.env.PATH ?? '', HOME: d.cwd, SVC_BASE_URL: opts.baseUrl ?? d.baseUrl, ...d.env, ...opts.env };
      const child = spawn(process.execPath, [BIN, ...args], { env, cwd: opts.cwd ?? d.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (x) => { stdout += x; });
      child.stderr.on('data', (x) => { stderr += x; });
      child.on('error', fail);
      child.on('close', (code) => done({
        code, stdout, stderr,
        json: () => JSON.parse(stdout),
        lines: () => stdout.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)),
      }));
      child.stdin.end(opts.stdin ?? '');
    });
}

export interface SvcSuite {
  /** The real server of the suite (started in its beforeAll). */
  readonly server: RunningServer;
  /** The suite's temporary directory, removed after all: HOME and cwd of `svc`. */
  readonly work: string;
  /** The server's data directory, `<work>/data`. */
  readonly dataDir: string;
  /** The bundled `svc` with HOME and cwd at `work`, pointed at `server`. */
  readonly svc: ReturnType<typeof svcRunner>;
}

/**
 * What a suite starts before its server and stops after it (e.g. the databases and workers of a
 * distributed deployment): `before` returns options (its `env` is merged into the server's).
 */
export interface SuiteAround {
  before(work: string): Promise<StartServerOptions>;
  after(): Promise<void>;
}

/**
 * Registers a bundled-CLI suite's hooks: before all, build the CLI (`buildCli`), make a temporary
 * directory named `prefix…` and start a real server on 127.0.0.1 port 0 (ts engine, one worker,
 * no environment, data in `<work>/data`; `server` adds to or overrides these); after all, close
 * the server and remove the directory. Read the returned fields inside hooks and tests only.
 */
export function svcSuite(prefix: string, server: StartServerOptions = {}, around?: SuiteAround): SvcSuite {
  const base = serverSuite(prefix, server, buildCli, around);
  const suite: SvcSuite = {
    get server() {
      return base.server;
    },
    get work() {
      return base.work;
    },
    get dataDir() {
      return base.dataDir;
    },
    svc: svcRunner(() => ({ baseUrl: suite.server.url, cwd: base.work })),
  };
  return suite;
}

/**
 * The hooks of a suite around one real server: before all, `setup` (if any), a temporary
 * directory named `prefix…` and the server on 127.0.0.1 port 0 (ts engine, one worker, no
 * environment, data in `<work>/data`, faults silent; `server` adds to or overrides these); after
 * all, every socket still open cut (a browser's), the server closed and the directory removed.
 */
export function serverSuite(prefix: string, server: StartServerOptions = {}, setup?: () => void, around?: SuiteAround): Omit<SvcSuite, 'svc'> {
  let running: RunningServer | undefined;
  let work = '';
  beforeAll(async () => {
    setup?.();
    work = mkdtempSync(join(tmpdir(), prefix));
    const extra = around ? await around.before(work) : {};
    running = await startServer({ host: '127.0.0.1', port: 0, dataDir: join(work, 'data'), engine: 'ts', workers: 1, ...server, ...extra, env: { ...server.env, ...extra.env }, jobs: { ...TEST_JOB_LIMITS, ...server.jobs } });
  }, 120_000);
  afterAll(async () => {
    // Every test is done: a socket still open is a browser's (a renderer can outlive its headless
    // parent with a request in flight, which a graceful close would wait for); cut them all.
    running?.app.server.closeAllConnections();
    await running?.close();
    await around?.after();
    if (work) rmSync(work, { recursive: true, force: true });
  }, 120_000);
  return {
    get server() {
      if (!running) throw new Error('serverSuite: the server is not started (read it inside hooks and tests)');
      return running;
    },
    get work() {
      return work;
    },
    get dataDir() {
      return join(work, 'data');
    },
  };
}

// Runs a command with stderr on a pseudo-terminal (stdout and stdin stay pipes) and reports both.
const TTY_RUNNER = `
import json, os, pty, select, subprocess, sys
master, slave = pty.openpty()
p = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=slave)
os.close(slave)
p.stdin.write(sys.stdin.buffer.read()); p.stdin.close()
err = b''
while True:
    r, _, _ = select.select([master], [], [], 0.05)
    if master in r:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        err += chunk
    elif p.poll() is not None:
        break
out = p.stdout.read()
print(json.dumps({"code": p.wait(), "stdout": out.decode(), "stderr": err.decode()}))
`;

/**
 * `svc args` with stderr on a terminal (python3's pty), to see the job progress line. Asynchronous:
 * the server under test may live in this very process.
 */
export function svcOnTty(dir: string, args: string[], opts: { stdin?: string; env: Record<string, string>; cwd: string }): Promise<{ code: number; stdout: string; stderr: string }> {
  const script = join(dir, 'tty-runner.py');
  writeFileSync(script, TTY_RUNNER);
  return new Promise((done, fail) => {
    const child = spawn('python3', [script, process.execPath, BIN, ...args], { env: { PATH: process.env.PATH ?? '', HOME: opts.cwd, ...opts.env }, cwd: opts.cwd, stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (x) => { out += x; });
    child.on('error', fail);
    child.on('close', (code) => (code === 0 ? done(JSON.parse(out)) : fail(new Error(`tty runner exited ${code}: ${out}`))));
    child.stdin.end(opts.stdin ?? '');
  });
}

/** A local port nothing listens on. */
export function closedPort(): Promise<number> {
  return new Promise((done) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });
}
