/// <reference path="../internal/pg.d.ts" />
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port';

/**
 * A throwaway PostgreSQL server for tests and measurements: a fresh cluster in a temp dir,
 * listening on a free loopback port (and a unix socket in the same dir), stopped and deleted by
 * `stop()`. initdb and postgres refuse to run as root: as root they run as the `postgres` system
 * user (or `nobody`), with the temp dir handed to that user.
 */
export interface ThrowawayPostgres {
  /** `postgres://svc@127.0.0.1:<port>/postgres`. */
  readonly url: string;
  readonly port: number;
  /** The cluster's directory (data, socket, log). */
  readonly dir: string;
  /** Creates an empty database and returns its URL. */
  createDatabase(name?: string): Promise<string>;
  /**
   * Stops the server as `pg_ctl stop -m fast` does (SIGINT: active connections are ended with
   * 57P01, no new ones accepted), keeping its data: an outage, until `resume()`.
   */
  halt(): Promise<void>;
  /** Starts the halted server again on the same port with the same data. */
  resume(): Promise<void>;
  /** Stops the server (fast shutdown) and deletes its directory. */
  stop(): Promise<void>;
}

export interface ThrowawayPostgresOptions {
  /** Durable commits (fsync on): for latency measurements. Default false (tests). */
  durable?: boolean;
  /** Directory of initdb/postgres; default `SVC_PG_BIN` or the newest /usr/lib/postgresql/<v>/bin. */
  binDir?: string;
}

/** The directory holding initdb and postgres, or null when PostgreSQL is not installed. */
export function postgresBinDir(env: NodeJS.ProcessEnv = process.env): string | null {
  const has = (d: string) => fs.existsSync(path.join(d, 'initdb')) && fs.existsSync(path.join(d, 'postgres'));
  if (env.SVC_PG_BIN) return has(env.SVC_PG_BIN) ? env.SVC_PG_BIN : null;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (has(path.join(root, v, 'bin'))) return path.join(root, v, 'bin');
  return null;
}

/** Whether the PostgreSQL tests must run here (CI) rather than skip when the binaries are missing. */
export const postgresRequired = (env: NodeJS.ProcessEnv = process.env): boolean => env.CI === 'true' || env.CI === '1';

/** The uid/gid to run the server as: ourselves, or an unprivileged system user when we are root. */
function runAs(): { uid: number; gid: number } | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  for (const user of ['postgres', 'nobody']) {
    try {
      const uid = Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());
      if (Number.isInteger(uid) && uid > 0) return { uid, gid };
    } catch {
      // No such user: try the next.
    }
  }
  throw new Error('running as root and neither the postgres nor the nobody user exists: PostgreSQL cannot be started');
}

async function waitReady(url: string, child: ChildProcess, log: string, deadline: number): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`postgres exited with ${child.exitCode}:\n${fs.readFileSync(log, 'utf8').slice(-2000)}`);
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await c.connect();
      await c.query('SELECT 1');
      await c.end();
      return;
    } catch {
      await c.end().catch(() => undefined);
      if (Date.now() > deadline) throw new Error(`postgres did not accept connections in time:\n${fs.readFileSync(log, 'utf8').slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** Starts a throwaway server; throws (with the server's log) when it cannot. */
export async function startThrowawayPostgres(opts: ThrowawayPostgresOptions = {}): Promise<ThrowawayPostgres> {
  const bin = opts.binDir ?? postgresBinDir();
  if (!bin) throw new Error('PostgreSQL binaries not found (looked in SVC_PG_BIN and /usr/lib/postgresql/<version>/bin): install postgresql-15');
  const user = runAs();
  // The server's user must reach its directory: a private TMPDIR (root's own) is not reachable.
  const base = user && (fs.statSync(os.tmpdir()).mode & 0o001) === 0 ? '/tmp' : os.tmpdir();
  const dir = fs.mkdtempSync(path.join(base, 'svc-pg-'));
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'postgres.log');
  const spawnOpts = { cwd: dir, ...(user ?? {}) };
  let child: ChildProcess | null = null;
  try {
    fs.chmodSync(dir, 0o700);
    if (user) fs.chownSync(dir, user.uid, user.gid);
    execFileSync(path.join(bin, 'initdb'), ['-D', data, '-U', 'svc', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'], { ...spawnOpts, stdio: 'pipe' });
    const settings = ['-c', 'listen_addresses=127.0.0.1', '-k', dir, '-c', 'max_connections=200', '-c', 'shared_buffers=32MB'];
    if (!opts.durable) settings.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
    // A port taken between the probe and the bind fails the start: try a few.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const fd = fs.openSync(log, 'a');
      if (user) fs.fchownSync(fd, user.uid, user.gid);
      child = spawn(path.join(bin, 'postgres'), ['-D', data, '-p', String(port), ...settings], { ...spawnOpts, stdio: ['ignore', fd, fd] });
      fs.closeSync(fd);
      const url = `postgres://svc@127.0.0.1:${port}/postgres`;
      try {
        await waitReady(url, child, log, Date.now() + 30_000);
      } catch (e) {
        child.kill('SIGKILL');
        if (attempt < 3 && /could not bind|Address already in use/.test(fs.readFileSync(log, 'utf8'))) continue;
        throw e;
      }
      let server: ChildProcess = child;
      // A test process that ends without stop() (a failed hook, a timeout) does not leave the server running.
      const orphaned = () => server.kill('SIGKILL');
      process.once('exit', orphaned);
      const exited = (c: ChildProcess) => (c.exitCode !== null || c.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => c.once('exit', () => r())));
      const fastShutdown = async () => {
        if (server.exitCode !== null || server.signalCode !== null) return;
        const done = exited(server);
        server.kill('SIGINT'); // fast shutdown: disconnects clients, no checkpoint wait for them
        const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
        await done;
        clearTimeout(timer);
      };
      let n = 0;
      return {
        url,
        port,
        dir,
        async createDatabase(name = `t_${process.pid}_${++n}_${Date.now().toString(36)}`) {
          const c = new pg.Client({ connectionString: url });
          await c.connect();
          try {
            await c.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
          } finally {
            await c.end();
          }
          return `postgres://svc@127.0.0.1:${port}/${encodeURIComponent(name)}`;
        },
        halt: fastShutdown,
        async resume() {
          if (server.exitCode === null && server.signalCode === null) return;
          const fd = fs.openSync(log, 'a');
          if (user) fs.fchownSync(fd, user.uid, user.gid);
          server = spawn(path.join(bin, 'postgres'), ['-D', data, '-p', String(port), ...settings], { ...spawnOpts, stdio: ['ignore', fd, fd] });
          fs.closeSync(fd);
          await waitReady(url, server, log, Date.now() + 60_000);
        },
        async stop() {
          process.removeListener('exit', orphaned);
          await fastShutdown();
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
    }
  } catch (e) {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

/** Runs one read-only query on `url` and returns its rows (tests inspect a database the service wrote). */
export async function queryRows<T = Record<string, unknown>>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows as T[];
  } finally {
    await c.end();
  }
}
