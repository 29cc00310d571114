/// <reference path="./internal/pg.d.ts" />
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { POSTGRES_MIGRATIONS, type PgMigration } from './internal/pg-migrations';
import { LOCKS, NOW_MS, REFUND_SQL, checkUnits, completeIdempotencyPg, type PgContext, type Sql } from './internal/pg-context';
import { pgAccountStore } from './pg-account-store';
import { pgJobStore } from './pg-job-store';
import type { Recovery, SandboxToken, StorageCheck, Store } from './store';
import { StoreUnavailableError, classifyPgError, isPgUnavailable, isStoreUnavailable } from './store-unavailable';

export interface PostgresStoreOptions {
  /** A libpq-style URL: `postgres://user:password@host:port/database` (`SVC_DATABASE_URL`). */
  url: string;
  /** How long this node's lease outlives its last heartbeat; default 30 000 ms. */
  leaseMs?: number;
  /** Heartbeat interval; default a third of the lease. 0: none on its own (the caller calls `heartbeat()`). */
  heartbeatMs?: number;
  /** Connections in the pool; default 10. */
  poolSize?: number;
  /** This node's id; default `host:pid:random`. Must be unique among the nodes of one database. */
  nodeId?: string;
}

export const DEFAULT_LEASE_MS = 30_000;

/** Integers as numbers (BIGINT counters and epoch-ms instants stay far below 2^53); DATE as its `YYYY-MM-DD` text. */
const TYPES: pg.TypeParsers = {
  getTypeParser(oid, format) {
    if (oid === 20 || oid === 1700) return (v: string) => Number(v);
    if (oid === 1082) return (v: string) => v;
    return pg.types.getTypeParser(oid, format);
  },
};

/** SQLSTATEs after which a whole transaction is run again: serialization failure, deadlock. */
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 8;
const sqlState = (e: unknown): string | undefined =>
  typeof e === 'object' && e !== null && typeof (e as { code?: unknown }).code === 'string' ? (e as { code: string }).code : undefined;
const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Tries of one call (connection, statement or whole transaction) while the database is unreachable. */
const UNAVAILABLE_ATTEMPTS = 3;
const unavailablePause = (attempt: number) => 100 * 2 ** (attempt - 1);
const ignore = () => undefined;
/** How long a transaction whose COMMIT lost its answer asks the database for its outcome. */
const COMMIT_STATUS_MS = 30_000;
/** A plain SELECT (no row locks) can be run again on a fresh connection without side effects. */
const READ_ONLY = /^\s*SELECT\b/i;
const LOCKING = /\bFOR\s+(UPDATE|SHARE|NO\s+KEY\s+UPDATE|KEY\s+SHARE)\b|\bpg_advisory/i;

interface TokenRow { token: string; created_at: number; retired_at: number | null }
const toToken = (r: TokenRow): SandboxToken => ({ token: r.token, createdAt: r.created_at, retiredAt: r.retired_at });

async function migrate(pool: pg.Pool, migrations: readonly PgMigration[]): Promise<void> {
  const c = await pool.connect();
  try {
    // Nodes starting together apply each step once: the first takes the lock, the others then find it applied.
    await c.query('SELECT pg_advisory_lock($1)', [LOCKS.migrations]);
    try {
      await c.query('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)');
      const applied = new Set((await c.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version));
      for (const m of migrations) {
        if (applied.has(m.version)) continue;
        // Each step commits atomically with its bookkeeping row, so a crash never half-applies one.
        await c.query('BEGIN');
        try {
          await c.query(m.sql);
          await c.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [m.version, m.name, Date.now()]);
          await c.query('COMMIT');
        } catch (e) {
          await c.query('ROLLBACK').catch(() => undefined);
          throw new Error(`PostgreSQL migration ${m.version} (${m.name}) failed: ${e instanceof Error ? e.message : String(e)}`);
        }
      }
    } finally {
      await c.query('SELECT pg_advisory_unlock($1)', [LOCKS.migrations]).catch(() => undefined);
    }
  } finally {
    c.release();
  }
}

/**
 * Opens (migrating as needed) the PostgreSQL store of the distributed deployment, and registers
 * this node's lease. Many nodes may open one database; each writes what it owns under its node id.
 */
export async function openPostgresStore(opts: PostgresStoreOptions): Promise<Store> {
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  if (!Number.isInteger(leaseMs) || leaseMs < 100) throw new RangeError(`the node lease must be an integer of at least 100 ms, got ${leaseMs}`);
  const heartbeatMs = opts.heartbeatMs ?? Math.floor(leaseMs / 3);
  const nodeId = opts.nodeId ?? `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.poolSize ?? 10,
    types: TYPES,
    application_name: `svc ${nodeId}`.slice(0, 63),
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
    allowExitOnIdle: true,
  });
  // An idle connection the server dropped surfaces here; the pool replaces it on the next use.
  pool.on('error', () => undefined);
  // A checked-out connection that dies (pg_terminate_backend, a server shutdown) emits 'error'
  // besides failing its query, possibly in the same read as its last answer, before the caller
  // resumes; the pool listens only while it is idle, so every connection gets a listener of its
  // own from the start (the failed query tells the caller).
  pool.on('connect', (c) => c.on('error', ignore));

  let open = true;
  let inflight = 0;
  let idle: (() => void) | null = null;
  const enter = () => {
    if (!open) throw new Error('store is closed');
    inflight++;
  };
  const leave = () => {
    if (--inflight === 0 && idle) idle();
  };

  // While the database is unreachable a call is tried a few times (a dropped connection, a
  // restart under way), then fails with StoreUnavailableError: the doors answer 503 SVC_BUSY
  // with Retry-After, the job runners wait for the store (store-unavailable.ts).
  async function connect(): Promise<pg.PoolClient> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await pool.connect();
      } catch (e) {
        if (attempt >= UNAVAILABLE_ATTEMPTS || !isPgUnavailable(e)) throw classifyPgError(e);
        await pause(unavailablePause(attempt));
      }
    }
  }

  async function query<R>(text: string, values?: readonly unknown[]): Promise<pg.QueryResult<R>> {
    enter();
    try {
      // A read whose connection died is run again on a fresh one; a write's outcome would be unknown, so it is not.
      const rerunnable = READ_ONLY.test(text) && !LOCKING.test(text);
      for (let attempt = 1, lost = 1; ; attempt++) {
        const c = await connect();
        let broken = false;
        try {
          return await c.query<R>(text, values as unknown[] | undefined);
        } catch (e) {
          broken = isPgUnavailable(e);
          if (broken) {
            if (!rerunnable || lost >= UNAVAILABLE_ATTEMPTS) throw classifyPgError(e);
            await pause(unavailablePause(lost++));
            continue;
          }
          if (attempt >= MAX_ATTEMPTS || !RETRYABLE.has(sqlState(e) ?? '')) throw e;
        } finally {
          c.release(broken);
        }
        await pause(Math.random() * 5 * attempt);
      }
    } finally {
      leave();
    }
  }

  /**
   * Whether transaction `xid`, whose COMMIT was sent on a connection that died before it
   * answered, took effect: asked of the database (txid_status) on a fresh connection, for up to
   * COMMIT_STATUS_MS while it is unreachable. Null when it could not be told.
   */
  async function commitStatus(xid: number): Promise<'committed' | 'aborted' | null> {
    const until = Date.now() + COMMIT_STATUS_MS;
    for (let attempt = 1; Date.now() < until; attempt++) {
      try {
        const s = (await pool.query<{ s: string | null }>('SELECT txid_status($1) AS s', [xid])).rows[0]?.s;
        if (s === 'committed') return 'committed';
        // After the backend ended, its transaction is rolled back (or, past a restart, never was).
        if (s === 'aborted' || s === null || s === undefined) return 'aborted';
      } catch (e) {
        if (!isPgUnavailable(e)) return null;
      }
      await pause(unavailablePause(Math.min(attempt, 5)));
    }
    return null;
  }

  async function tx<T>(fn: (c: Sql) => Promise<T>): Promise<T> {
    enter();
    try {
      for (let attempt = 1, lost = 1; ; attempt++) {
        const c = await connect();
        let broken = false;
        let xid: number | null = null;
        let committing = false;
        let out: T | undefined;
        try {
          // The transaction's id rides with BEGIN (no extra round trip): it tells a commit whose answer was lost.
          const begun = (await c.query('BEGIN; SELECT txid_current() AS xid')) as unknown as pg.QueryResult<{ xid: number }>[];
          xid = Number(begun[1]!.rows[0]!.xid);
          out = await fn(c);
          committing = true;
          await c.query('COMMIT');
          return out;
        } catch (e) {
          if (isPgUnavailable(e)) {
            // The connection died: the server rolled back whatever was not committed.
            broken = true;
            if (committing && xid !== null) {
              const status = await commitStatus(xid);
              if (status === 'committed') return out as T;
              if (status === null) throw new StoreUnavailableError(`PostgreSQL became unavailable while a transaction committed; whether it took effect is not known yet (${e instanceof Error ? e.message : String(e)})`, e);
            }
            if (lost >= UNAVAILABLE_ATTEMPTS) throw classifyPgError(e);
            await pause(unavailablePause(lost++));
            continue;
          }
          try {
            await c.query('ROLLBACK');
          } catch {
            broken = true;
          }
          if (attempt >= MAX_ATTEMPTS || !RETRYABLE.has(sqlState(e) ?? '')) throw e;
        } finally {
          c.release(broken);
        }
        await pause(Math.random() * 5 * attempt);
      }
    } finally {
      leave();
    }
  }

  const register = (c: Sql) => c.query(
    `INSERT INTO svc_nodes (node_id, host, pid, started_at, heartbeat_at, expires_at)
     VALUES ($1, $2, $3, ${NOW_MS}, ${NOW_MS}, ${NOW_MS} + $4)
     ON CONFLICT (node_id) DO UPDATE SET heartbeat_at = excluded.heartbeat_at, expires_at = excluded.expires_at`,
    [nodeId, os.hostname(), process.pid, leaseMs],
  );
  let lostTold = false;
  const lost = (how: string) => {
    if (lostTold) return;
    lostTold = true;
    process.stderr.write(`[svc-store] node ${nodeId} found its lease settled by another node (${how}): its calls in flight were refunded and its jobs requeued; it took a new lease and goes on\n`);
  };

  async function own(c: Sql): Promise<void> {
    const lock = `SELECT 1 FROM svc_nodes WHERE node_id = $1 FOR KEY SHARE`;
    if ((await c.query(lock, [nodeId])).rowCount === 1) return;
    await register(c);
    lost('on a write');
    if ((await c.query(lock, [nodeId])).rowCount !== 1) throw new Error(`node ${nodeId} could not take its lease`);
  }

  // Since when this node's heartbeats have all succeeded (local clock), or null after a failed one.
  // Only a node that has itself been in touch with the database for a whole lease judges other
  // leases by their expiry: after an outage of the database every lease has run out, and the
  // nodes that come back need a lease's time to renew theirs before anyone calls them dead.
  let connectedSince: number | null = null;

  async function recoverDeadNodes() {
    const judge = connectedSince !== null && Date.now() - connectedSince >= leaseMs;
    return tx(async (c) => {
      // Each dead node is settled by one recoverer: SKIP LOCKED leaves it to whoever holds it
      // (and skips a node that is writing under its own lease right now: it is not dead). A
      // closed node's lease (expires_at 0) is over whoever looks.
      const dead = (await c.query<{ node_id: string }>(
        `SELECT node_id FROM svc_nodes WHERE ${judge ? `expires_at <= ${NOW_MS}` : 'expires_at = 0'} AND node_id <> $1
         ORDER BY node_id FOR UPDATE SKIP LOCKED`, [nodeId],
      )).rows.map((r) => r.node_id);
      if (dead.length === 0) return { refundedHolds: 0, refundedUnits: 0, releasedKeys: 0, requeuedJobs: 0 };
      const holds = (await c.query<{ principal: string; day: string; units: number }>(
        'DELETE FROM charge_holds WHERE node_id = ANY($1) RETURNING principal, day, units', [dead],
      )).rows;
      const refunds = new Map<string, { principal: string; day: string; units: number }>();
      let refundedUnits = 0;
      for (const h of holds) {
        const k = JSON.stringify([h.principal, h.day]);
        const r = refunds.get(k) ?? { principal: h.principal, day: h.day, units: 0 };
        r.units += h.units;
        refunds.set(k, r);
        refundedUnits += h.units;
      }
      // Usage rows in one order for every recoverer, so two never wait on each other in a cycle.
      for (const k of [...refunds.keys()].sort()) {
        const r = refunds.get(k)!;
        await c.query(REFUND_SQL, [r.units, r.principal, r.day]);
      }
      const keys = await c.query("DELETE FROM idempotency_keys WHERE state = 'running' AND node_id = ANY($1)", [dead]);
      const jobs = await c.query("UPDATE jobs SET status = 'queued', claimed_by = NULL WHERE status = 'running' AND claimed_by = ANY($1)", [dead]);
      await c.query('DELETE FROM svc_nodes WHERE node_id = ANY($1)', [dead]);
      return { refundedHolds: holds.length, refundedUnits, releasedKeys: keys.rowCount ?? 0, requeuedJobs: jobs.rowCount ?? 0 };
    });
  }

  try {
    await migrate(pool, POSTGRES_MIGRATIONS);
    await register(pool);
    connectedSince = Date.now();
  } catch (e) {
    await pool.end().catch(() => undefined);
    throw e;
  }

  const ctx: PgContext = { nodeId, query, tx, own, recoverDeadNodes };

  async function heartbeat(): Promise<boolean> {
    let r;
    try {
      r = await query(`UPDATE svc_nodes SET heartbeat_at = ${NOW_MS}, expires_at = ${NOW_MS} + $2 WHERE node_id = $1`, [nodeId, leaseMs]);
    } catch (e) {
      connectedSince = null;
      throw e;
    }
    connectedSince ??= Date.now();
    if (r.rowCount === 1) return true;
    await query(
      `INSERT INTO svc_nodes (node_id, host, pid, started_at, heartbeat_at, expires_at)
       VALUES ($1, $2, $3, ${NOW_MS}, ${NOW_MS}, ${NOW_MS} + $4) ON CONFLICT (node_id) DO NOTHING`,
      [nodeId, os.hostname(), process.pid, leaseMs],
    );
    lost('at a heartbeat');
    return false;
  }

  let beatFailing = false;
  const beat = heartbeatMs > 0
    ? setInterval(() => {
      if (!open) return;
      heartbeat().then(() => {
        beatFailing = false;
      }, (e: unknown) => {
        // Written once per failing stretch; a lease not renewed for its length lets other nodes settle this one's calls.
        if (!beatFailing && open) process.stderr.write(`[svc-store] heartbeat of node ${nodeId} failed: ${e instanceof Error ? e.message : String(e)}\n`);
        beatFailing = true;
      });
    }, heartbeatMs)
    : null;
  beat?.unref();

  const lease = Object.freeze({ nodeId, leaseMs });

  return {
    ...pgAccountStore(ctx),
    ...pgJobStore(ctx),
    kind: 'postgres',
    lease,
    heartbeat,
    async schemaVersion() {
      return (await query<{ v: number | null }>('SELECT MAX(version) AS v FROM schema_migrations')).rows[0]?.v ?? 0;
    },
    async usage(principal, day) {
      const r = await query<{ units: number; requests: number }>('SELECT units, requests FROM usage_daily WHERE principal = $1 AND day = $2', [principal, day]);
      return r.rows[0] ?? { units: 0, requests: 0 };
    },
    async consumeUnits(principal, day, units, limit, hold) {
      checkUnits(units, 'units');
      // One conditional upsert is the check-and-charge: ON CONFLICT locks the row and evaluates
      // the limit against its latest committed version, so concurrent charges never pass it.
      const charge = (c: Sql) => c.query<{ units: number }>(
        `INSERT INTO usage_daily AS u (principal, day, units, requests) SELECT $1::text, $2::date, $3::bigint, 1 WHERE $3::bigint <= $4::bigint
         ON CONFLICT (principal, day) DO UPDATE SET units = u.units + excluded.units, requests = u.requests + 1
           WHERE u.units + excluded.units <= $4::bigint
         RETURNING units`,
        [principal, day, units, limit],
      );
      const refused = async (c: Sql) => {
        const r = await c.query<{ units: number }>('SELECT units FROM usage_daily WHERE principal = $1 AND day = $2', [principal, day]);
        return { granted: false, used: r.rows[0]?.units ?? 0 };
      };
      if (!hold) {
        const r = await charge({ query });
        return r.rows.length === 1 ? { granted: true, used: r.rows[0].units } : refused({ query });
      }
      return tx(async (c) => {
        await own(c);
        const r = await charge(c);
        if (r.rows.length === 0) return refused(c);
        await c.query('INSERT INTO charge_holds (hold_id, principal, day, units, created_at, node_id) VALUES ($1, $2, $3, $4, $5, $6)',
          [hold.holdId, principal, day, units, hold.createdAt, nodeId]);
        return { granted: true, used: r.rows[0].units };
      });
    },
    async settleHold(holdId, outcome) {
      return tx(async (c) => {
        // The DELETE locks the hold: of two settlers (or a settler and a recovery) one finds it gone.
        const h = (await c.query<{ principal: string; day: string; units: number }>(
          'DELETE FROM charge_holds WHERE hold_id = $1 RETURNING principal, day, units', [holdId],
        )).rows[0];
        if (!h) return false;
        if (outcome.refund) await c.query(REFUND_SQL, [h.units, h.principal, h.day]);
        if (outcome.idempotency) await completeIdempotencyPg(c, outcome.idempotency);
        return true;
      });
    },
    async recoverInterrupted(): Promise<Recovery> {
      return recoverDeadNodes();
    },
    async refundUnits(principal, day, units) {
      checkUnits(units, 'units');
      const r = await query<{ units: number; requests: number }>(
        'UPDATE usage_daily SET units = GREATEST(0, units - $1) WHERE principal = $2 AND day = $3 RETURNING units, requests', [units, principal, day],
      );
      return r.rows[0] ?? { units: 0, requests: 0 };
    },
    async activeSandboxTokens() {
      return (await query<TokenRow>('SELECT token, created_at, retired_at FROM sandbox_tokens WHERE retired_at IS NULL ORDER BY created_at DESC, token')).rows.map(toToken);
    },
    async findSandboxToken(token) {
      const r = (await query<TokenRow>('SELECT token, created_at, retired_at FROM sandbox_tokens WHERE token = $1', [token])).rows[0];
      return r ? toToken(r) : null;
    },
    async addSandboxToken(token, createdAt) {
      await query('INSERT INTO sandbox_tokens (token, created_at) VALUES ($1, $2) ON CONFLICT (token) DO NOTHING', [token, createdAt]);
      return toToken((await query<TokenRow>('SELECT token, created_at, retired_at FROM sandbox_tokens WHERE token = $1', [token])).rows[0]);
    },
    async retireSandboxToken(token, at) {
      await query('UPDATE sandbox_tokens SET retired_at = $1 WHERE token = $2 AND retired_at IS NULL', [at, token]);
    },
    async storageCheck(): Promise<StorageCheck> {
      // Free space is the database server's (not measurable from a client): null.
      try {
        await query("INSERT INTO settings (name, value) VALUES ('storage_probe', $1) ON CONFLICT (name) DO UPDATE SET value = excluded.value", [String(Date.now())]);
        return { writable: true, freeBytes: null, detail: 'ok' };
      } catch (e) {
        // Unreachable is not "not writable": readiness says the database is away (StoreUnavailableError).
        if (isStoreUnavailable(e)) throw e;
        const code = sqlState(e);
        return { writable: false, freeBytes: null, detail: `${code ? `${code}: ` : ''}${e instanceof Error ? e.message : String(e)}` };
      }
    },
    async close() {
      if (!open) return;
      open = false;
      if (beat) clearInterval(beat);
      if (inflight > 0) await new Promise<void>((r) => (idle = r));
      // Nothing more is written under this node: its lease ends now, so whatever it leaves is
      // settled by the next recovery of another node instead of a lease length later.
      await pool.query('UPDATE svc_nodes SET expires_at = 0 WHERE node_id = $1', [nodeId]).catch(() => undefined);
      await pool.end();
    },
  };
}
