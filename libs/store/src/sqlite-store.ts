/// <reference path="./internal/better-sqlite3.d.ts" />
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS, type Migration } from './internal/migrations';
import type { ConsumeResult, DailyUsage, SandboxToken, Store } from './store';
import { sqliteAccountStore } from './sqlite-account-store';
import { sqliteJobStore } from './sqlite-job-store';

export interface SqliteStoreOptions {
  /** Directory of the database file; created when missing. Default `SVC_DATA_DIR` or `./.svc-data`. */
  dataDir?: string;
  /** File name inside `dataDir`; default `svc.sqlite`. `:memory:` opens a private in-memory DB. */
  fileName?: string;
}

/** The data directory the embedded deployment uses: `SVC_DATA_DIR` or `./.svc-data`. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.SVC_DATA_DIR && env.SVC_DATA_DIR.trim() !== '' ? env.SVC_DATA_DIR : '.svc-data');
}

interface TokenRow { token: string; created_at: number; retired_at: number | null }
interface UsageRow { units: number; requests: number }

const toToken = (r: TokenRow): SandboxToken => ({ token: r.token, createdAt: r.created_at, retiredAt: r.retired_at });

function migrate(db: Database.Database, migrations: readonly Migration[]): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)`);
  // By set, not by maximum: version ranges are reserved per feature, so a lower one may land later.
  const applied = new Set(db.prepare<[], { version: number }>('SELECT version FROM schema_migrations').all().map((r) => r.version));
  const record = db.prepare<[number, string, number]>('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    if (applied.has(m.version)) continue;
    // Each step commits atomically with its bookkeeping row, so a crash never half-applies one.
    db.transaction(() => {
      db.exec(m.sql.sqlite);
      record.run(m.version, m.name, Date.now());
    }).immediate();
  }
}

/** Opens (creating and migrating as needed) the embedded SQLite store in WAL mode. */
export async function openSqliteStore(opts: SqliteStoreOptions = {}): Promise<Store> {
  const fileName = opts.fileName ?? 'svc.sqlite';
  let file = ':memory:';
  if (fileName !== ':memory:') {
    const dir = path.resolve(opts.dataDir ?? defaultDataDir());
    fs.mkdirSync(dir, { recursive: true });
    file = path.join(dir, fileName);
  }
  const db = new Database(file, { timeout: 5000 });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  migrate(db, MIGRATIONS);

  const q = {
    version: db.prepare<[], { v: number | null }>('SELECT MAX(version) AS v FROM schema_migrations'),
    usage: db.prepare<[string, string], UsageRow>('SELECT units, requests FROM usage_daily WHERE principal = ? AND day = ?'),
    charge: db.prepare<[string, string, number]>(`INSERT INTO usage_daily (principal, day, units, requests) VALUES (?, ?, ?, 1)
      ON CONFLICT (principal, day) DO UPDATE SET units = units + excluded.units, requests = requests + 1`),
    refund: db.prepare<[number, string, string]>('UPDATE usage_daily SET units = MAX(0, units - ?) WHERE principal = ? AND day = ?'),
    active: db.prepare<[], TokenRow>('SELECT token, created_at, retired_at FROM sandbox_tokens WHERE retired_at IS NULL ORDER BY created_at DESC, token'),
    find: db.prepare<[string], TokenRow>('SELECT token, created_at, retired_at FROM sandbox_tokens WHERE token = ?'),
    add: db.prepare<[string, number]>('INSERT INTO sandbox_tokens (token, created_at) VALUES (?, ?) ON CONFLICT (token) DO NOTHING'),
    retire: db.prepare<[number, string]>('UPDATE sandbox_tokens SET retired_at = ? WHERE token = ? AND retired_at IS NULL'),
  };

  const usageOf = (principal: string, day: string): DailyUsage => q.usage.get(principal, day) ?? { units: 0, requests: 0 };
  // IMMEDIATE takes the write lock up front, so check-and-charge is atomic across processes too.
  const consume = db.transaction((principal: string, day: string, units: number, limit: number): ConsumeResult => {
    const used = usageOf(principal, day).units;
    if (used + units > limit) return { granted: false, used };
    q.charge.run(principal, day, units);
    return { granted: true, used: used + units };
  });

  let open = true;
  const live = () => {
    if (!open) throw new Error('store is closed');
  };

  return {
    ...sqliteAccountStore(db, live),
    ...sqliteJobStore(db, live),
    kind: 'sqlite',
    async schemaVersion() {
      live();
      return q.version.get()?.v ?? 0;
    },
    async usage(principal, day) {
      live();
      return usageOf(principal, day);
    },
    async consumeUnits(principal, day, units, limit) {
      live();
      if (!Number.isInteger(units) || units < 0) throw new RangeError(`units must be a non-negative integer, got ${units}`);
      return consume.immediate(principal, day, units, limit);
    },
    async refundUnits(principal, day, units) {
      live();
      if (!Number.isInteger(units) || units < 0) throw new RangeError(`units must be a non-negative integer, got ${units}`);
      q.refund.run(units, principal, day);
      return usageOf(principal, day);
    },
    async activeSandboxTokens() {
      live();
      return q.active.all().map(toToken);
    },
    async findSandboxToken(token) {
      live();
      const row = q.find.get(token);
      return row ? toToken(row) : null;
    },
    async addSandboxToken(token, createdAt) {
      live();
      q.add.run(token, createdAt);
      return toToken(q.find.get(token)!);
    },
    async retireSandboxToken(token, at) {
      live();
      q.retire.run(at, token);
    },
    async close() {
      if (!open) return;
      open = false;
      db.close();
    },
  };
}
