/// <reference path="./pg.d.ts" />
import type pg from 'pg';
import type { IdempotencyCompletion } from '../store';

/** The database clock in epoch ms: leases are compared in one clock, whichever node reads them. */
export const NOW_MS = '(extract(epoch from clock_timestamp()) * 1000)::bigint';

/** A connection inside a transaction (or the pool, for one autocommitted statement). */
export type Sql = pg.Queryable;

/**
 * What the PostgreSQL halves of the store share: the pool behind `query` / `tx`, and this node's
 * lease. Built by postgres-store.ts.
 */
export interface PgContext {
  readonly nodeId: string;
  /** One statement, autocommitted; retried on a deadlock or serialization failure. */
  query<R = Record<string, unknown>>(text: string, values?: readonly unknown[]): Promise<pg.QueryResult<R>>;
  /**
   * `fn` in one READ COMMITTED transaction (atomicity comes from row locks, conditional upserts
   * and advisory locks), retried whole on a deadlock or serialization failure; rolled back when
   * `fn` throws.
   */
  tx<T>(fn: (c: Sql) => Promise<T>): Promise<T>;
  /**
   * Inside a transaction that writes something this node will own (a hold, a running key, a
   * claimed job): takes this node's lease row FOR KEY SHARE, so that a recovery by another node
   * (FOR UPDATE SKIP LOCKED) cannot settle the node while the write commits. A node whose lease
   * was settled already takes a new one first.
   */
  own(c: Sql): Promise<void>;
  /** The whole recovery of dead nodes (store.ts `recoverInterrupted`). */
  recoverDeadNodes(): Promise<{ refundedHolds: number; refundedUnits: number; releasedKeys: number; requeuedJobs: number }>;
}

/** Refund of units to a usage row, never below zero. */
export const REFUND_SQL = 'UPDATE usage_daily SET units = GREATEST(0, units - $1) WHERE principal = $2 AND day = $3';

/** Stores a keyed request's answer (state `done`); only the claim with the same fingerprint is completed. */
export async function completeIdempotencyPg(c: Sql, i: IdempotencyCompletion): Promise<void> {
  await c.query(
    "UPDATE idempotency_keys SET state = 'done', status = $1, response = $2, updated_at = $3 WHERE scope = $4 AND key = $5 AND fingerprint = $6",
    [i.status, i.response, i.at, i.scope, i.key, i.fingerprint],
  );
}

/** Advisory lock keys (pg_advisory_xact_lock), one per serialised decision. */
export const LOCKS = Object.freeze({
  migrations: 0x5356_0001,
  jobAdmission: 0x5356_0002,
  sandboxRotation: 0x5356_0003,
});

export { checkUnits } from './job-rows';
