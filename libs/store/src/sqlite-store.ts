/// <reference path="./internal/better-sqlite3.d.ts" />
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS, type Migration } from './internal/migrations';
import type { ChargeHold, ConsumeResult, DailyUsage, IdempotencyCompletion, SandboxToken, StorageCheck, Store } from './store';
import { completeIdempotency } from './internal/idempotency-sql';
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

const EMBEDDED_LEASE = Object.freeze({ nodeId: 'embedded', leaseMs: null });

/** The write-ahead log is kept at or below this size between checkpoints. */
export const WAL_LIMIT_BYTES = 64 * 1024 * 1024;

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
  // The write-ahead log is truncated back to this after each checkpoint (it would otherwise keep
  // its largest size for ever, and on a small volume fill it).
  db.pragma(`journal_size_limit = ${WAL_LIMIT_BYTES}`);
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
    hold: db.prepare<[string, string, string, number, number]>('INSERT INTO charge_holds (hold_id, principal, day, units, created_at) VALUES (?, ?, ?, ?, ?)'),
    getHold: db.prepare<[string], { principal: string; day: string; units: number }>('SELECT principal, day, units FROM charge_holds WHERE hold_id = ?'),
    dropHold: db.prepare<[string]>('DELETE FROM charge_holds WHERE hold_id = ?'),
    allHolds: db.prepare<[], { hold_id: string; principal: string; day: string; units: number }>('SELECT hold_id, principal, day, units FROM charge_holds'),
    releaseRunning: db.prepare<[]>("DELETE FROM idempotency_keys WHERE state = 'running'"),
    requeueRunning: db.prepare<[]>("UPDATE jobs SET status = 'queued' WHERE status = 'running'"),
    probe: db.prepare<[string]>("INSERT INTO settings (name, value) VALUES ('storage_probe', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value"),
  };
  const complete = completeIdempotency(db);

  const usageOf = (principal: string, day: string): DailyUsage => q.usage.get(principal, day) ?? { units: 0, requests: 0 };
  // IMMEDIATE takes the write lock up front, so check-and-charge is atomic across processes too.
  const consume = db.transaction((principal: string, day: string, units: number, limit: number, hold?: ChargeHold): ConsumeResult => {
    const used = usageOf(principal, day).units;
    if (used + units > limit) return { granted: false, used };
    q.charge.run(principal, day, units);
    if (hold) q.hold.run(hold.holdId, principal, day, units, hold.createdAt);
    return { granted: true, used: used + units };
  });
  const settle = db.transaction((holdId: string, refund: boolean, idem: IdempotencyCompletion | undefined): boolean => {
    const h = q.getHold.get(holdId);
    if (!h) return false;
    q.dropHold.run(holdId);
    if (refund) q.refund.run(h.units, h.principal, h.day);
    if (idem) complete(idem);
    return true;
  });
  const recover = db.transaction(() => {
    let refundedUnits = 0;
    const holds = q.allHolds.all();
    for (const h of holds) {
      q.refund.run(h.units, h.principal, h.day);
      q.dropHold.run(h.hold_id);
      refundedUnits += h.units;
    }
    const releasedKeys = q.releaseRunning.run().changes;
    const requeuedJobs = q.requeueRunning.run().changes;
    return { refundedHolds: holds.length, refundedUnits, releasedKeys, requeuedJobs };
  });

  let open = true;
  const live = () => {
    if (!open) throw new Error('store is closed');
  };

  return {
    ...sqliteAccountStore(db, live),
    ...sqliteJobStore(db, live),
    kind: 'sqlite',
    // One node: no lease to keep, and recovery at start settles everything.
    lease: EMBEDDED_LEASE,
    async heartbeat() {
      live();
      return true;
    },
    async schemaVersion() {
      live();
      return q.version.get()?.v ?? 0;
    },
    async usage(principal, day) {
      live();
      return usageOf(principal, day);
    },
    async consumeUnits(principal, day, units, limit, hold) {
      live();
      if (!Number.isInteger(units) || units < 0) throw new RangeError(`units must be a non-negative integer, got ${units}`);
      return consume.immediate(principal, day, units, limit, hold);
    },
    async settleHold(holdId, outcome) {
      live();
      return settle.immediate(holdId, outcome.refund, outcome.idempotency);
    },
    async recoverInterrupted() {
      live();
      return recover.immediate();
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
    async storageCheck(): Promise<StorageCheck> {
      live();
      let freeBytes: number | null = null;
      if (file !== ':memory:') {
        try {
          const st = fs.statfsSync(path.dirname(file));
          freeBytes = st.bavail * st.bsize;
          // A log past its bound (a checkpoint that could not run) is checkpointed and truncated now.
          const wal = fs.statSync(`${file}-wal`, { throwIfNoEntry: false });
          if (wal && wal.size > WAL_LIMIT_BYTES) db.pragma('wal_checkpoint(TRUNCATE)');
        } catch {
          // Not measurable here; the probe below decides.
        }
      }
      try {
        q.probe.run(String(Date.now()));
        return { writable: true, freeBytes, detail: 'ok' };
      } catch (e) {
        const code = typeof e === 'object' && e !== null && typeof (e as { code?: unknown }).code === 'string' ? `${(e as { code: string }).code}: ` : '';
        return { writable: false, freeBytes, detail: `${code}${e instanceof Error ? e.message : String(e)}` };
      }
    },
    async close() {
      if (!open) return;
      open = false;
      db.close();
    },
  };
}
