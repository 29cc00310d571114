import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS, POSTGRES_MIGRATIONS, openPostgresStore, openSqliteStore, type Store } from '../src/index';
import { postgresBinDir, postgresRequired, startThrowawayPostgres, type ThrowawayPostgres } from '../src/testing/index';

/**
 * One implementation of `Store` as the contract suite (store-contract.ts) drives it. "Another
 * process" and "a crash" mean different things per backend; the harness hides how.
 */
export interface StoreBackend {
  readonly name: 'sqlite' | 'postgres';
  /** Why this backend's tests are skipped here, or null when they run. */
  readonly skipReason: string | null;
  /** The schema version a fresh store reports. */
  readonly schemaVersion: number;
  /** Once per file (beforeAll / afterAll). */
  setup(): Promise<void>;
  teardown(): Promise<void>;
  /** A store on a new, empty database. */
  fresh(): Promise<Store>;
  /** Another store on `s`'s database: another process (SQLite) or another node (PostgreSQL). */
  peer(s: Store): Promise<Store>;
  /** Closes `s` and opens its database again (a restart). */
  reopen(s: Store): Promise<Store>;
  /**
   * `s` dies without settling anything; returns the store that recovers after it: the next
   * process on the file (SQLite), or another node once `s`'s lease has expired (PostgreSQL).
   */
  crash(s: Store): Promise<Store>;
  /** Closes every store and removes every database made since the last cleanup (afterEach). */
  cleanup(): Promise<void>;
}

const maxVersion = (ms: readonly { version: number }[]) => Math.max(...ms.map((m) => m.version));

export function sqliteBackend(): StoreBackend {
  const where = new Map<Store, string>();
  const dirs: string[] = [];
  const open = async (dir: string) => {
    const s = await openSqliteStore({ dataDir: dir });
    where.set(s, dir);
    return s;
  };
  return {
    name: 'sqlite',
    skipReason: null,
    schemaVersion: maxVersion(MIGRATIONS),
    async setup() {},
    async teardown() {},
    async fresh() {
      const d = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-contract-'));
      dirs.push(d);
      return open(d);
    },
    peer: (s) => open(where.get(s)!),
    async reopen(s) {
      await s.close();
      return open(where.get(s)!);
    },
    async crash(s) {
      // A dead process leaves its file as it was; the next one opens it.
      await s.close();
      return open(where.get(s)!);
    },
    async cleanup() {
      for (const s of where.keys()) await s.close();
      where.clear();
      for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
    },
  };
}

/** Node leases of the contract stores: short, and never renewed unless a test heartbeats. */
export const CONTRACT_LEASE_MS = 800;

export function postgresBackend(): StoreBackend {
  const bin = postgresBinDir();
  const skipReason = bin === null && !postgresRequired()
    ? 'PostgreSQL binaries not found (install postgresql-15, or set SVC_PG_BIN): the PostgreSQL store tests are skipped here (never under CI=true)'
    : null;
  let server: ThrowawayPostgres | null = null;
  const where = new Map<Store, string>();
  const open = async (url: string) => {
    const s = await openPostgresStore({ url, leaseMs: CONTRACT_LEASE_MS, heartbeatMs: 0 });
    where.set(s, url);
    return s;
  };
  return {
    name: 'postgres',
    skipReason,
    schemaVersion: maxVersion(POSTGRES_MIGRATIONS),
    async setup() {
      // Under CI a missing PostgreSQL fails here, loudly, instead of skipping.
      server = await startThrowawayPostgres();
    },
    async teardown() {
      await server?.stop();
      server = null;
    },
    async fresh() {
      return open(await server!.createDatabase());
    },
    peer: (s) => open(where.get(s)!),
    async reopen(s) {
      await s.close();
      return open(where.get(s)!);
    },
    async crash(s) {
      // `s` stops heartbeating (it never did: heartbeatMs 0) and is left hanging, not closed (a
      // close would end its lease at once). Another node recovers once the lease has run out.
      const next = await open(where.get(s)!);
      await new Promise((r) => setTimeout(r, CONTRACT_LEASE_MS + 200));
      return next;
    },
    async cleanup() {
      for (const s of where.keys()) await s.close();
      where.clear();
    },
  };
}
