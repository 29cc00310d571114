/// <reference path="./better-sqlite3.d.ts" />
import type Database from 'better-sqlite3';
import type { IdempotencyCompletion } from '../store';

/**
 * The statement that stores a keyed request's answer (state `done`), shared by the account
 * store's `completeIdempotencyKey` and the transactions that settle a call with its answer.
 * Only the claim with the same fingerprint is completed.
 */
export function completeIdempotency(db: Database.Database): (c: IdempotencyCompletion) => void {
  const done = db.prepare<[number, string, number, string, string, string]>(
    "UPDATE idempotency_keys SET state = 'done', status = ?, response = ?, updated_at = ? WHERE scope = ? AND key = ? AND fingerprint = ?",
  );
  return (c) => {
    done.run(c.status, c.response, c.at, c.scope, c.key, c.fingerprint);
  };
}
