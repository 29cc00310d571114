import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

/**
 * A throwaway Redis server for tests and measurements: `redis-server` (Debian's package) on a free
 * loopback port, no persistence, its working dir in a temp dir, stopped and deleted by `stop()`.
 */
export interface ThrowawayRedis {
  /** `redis://127.0.0.1:<port>`. */
  readonly url: string;
  readonly port: number;
  readonly dir: string;
  /** Stops the server (SIGKILL when it does not exit) and deletes its directory. */
  stop(): Promise<void>;
  /** Kills the server abruptly and starts it again on the same port (an outage); data is lost. */
  restart(): Promise<void>;
  /** Kills the server abruptly, leaving it down until `restart()`. */
  kill(): Promise<void>;
}

/** The redis-server binary (`SVC_REDIS_SERVER` or the one on PATH), or null when Redis is not installed. */
export function redisServerBin(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.SVC_REDIS_SERVER) return fs.existsSync(env.SVC_REDIS_SERVER) ? env.SVC_REDIS_SERVER : null;
  for (const d of (env.PATH ?? '').split(path.delimiter).concat(['/usr/bin', '/usr/local/bin'])) {
    const p = path.join(d, 'redis-server');
    if (d && fs.existsSync(p)) return p;
  }
  return null;
}

/** Sends PING over a raw socket and resolves when +PONG comes back. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(1000, () => done(false));
    s.on('error', () => done(false));
    s.on('connect', () => s.write('PING\r\n'));
    s.on('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}

/** True once the process has exited (by a code or a signal). */
const hasExited = (c: ChildProcess) => c.exitCode !== null || c.signalCode !== null;

async function waitReady(port: number, child: ChildProcess, log: string, deadline: number): Promise<void> {
  for (;;) {
    if (hasExited(child)) throw new Error(`redis-server exited with ${child.exitCode ?? child.signalCode}:\n${fs.existsSync(log) ? fs.readFileSync(log, 'utf8').slice(-2000) : ''}`);
    if (await ping(port)) return;
    if (Date.now() > deadline) throw new Error(`redis-server did not answer PING in time:\n${fs.existsSync(log) ? fs.readFileSync(log, 'utf8').slice(-2000) : ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Starts a throwaway Redis; throws (with its log) when it cannot. */
export async function startThrowawayRedis(opts: { bin?: string } = {}): Promise<ThrowawayRedis> {
  const bin = opts.bin ?? redisServerBin();
  if (!bin) throw new Error('redis-server not found (looked in SVC_REDIS_SERVER and PATH): install the Debian package redis-server');
  // Fails early with the version when the binary is not a Redis server.
  execFileSync(bin, ['--version'], { stdio: 'pipe' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-redis-'));
  const log = path.join(dir, 'redis.log');
  let child: ChildProcess | null = null;
  let port = 0;
  const orphaned = () => child?.kill('SIGKILL');
  const launch = async (fixedPort?: number) => {
    for (let attempt = 1; ; attempt++) {
      port = fixedPort ?? (await freePort());
      const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--logfile', log, '--daemonize', 'no', '--protected-mode', 'yes'];
      child = spawn(bin, args, { cwd: dir, stdio: 'ignore' });
      try {
        await waitReady(port, child, log, Date.now() + 20_000);
        return;
      } catch (e) {
        child.kill('SIGKILL');
        const text = fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '';
        if (attempt < 5 && /Address already in use|Could not create server TCP listening socket/.test(text)) {
          // A port reused at once after a kill may still be bound for a moment.
          await new Promise((r) => setTimeout(r, 200));
          continue;
        }
        throw e;
      }
    }
  };
  const killNow = async () => {
    const c = child;
    if (!c || hasExited(c)) return;
    const exited = new Promise<void>((r) => c.once('exit', () => r()));
    c.kill('SIGKILL');
    await exited;
  };
  try {
    await launch();
  } catch (e) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  process.once('exit', orphaned);
  return {
    get url() {
      return `redis://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    dir,
    async stop() {
      process.removeListener('exit', orphaned);
      const c = child;
      if (c && !hasExited(c)) {
        const exited = new Promise<void>((r) => c.once('exit', () => r()));
        c.kill('SIGTERM');
        const timer = setTimeout(() => c.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
    async kill() {
      await killNow();
    },
    async restart() {
      await killNow();
      await launch(port);
    },
  };
}
