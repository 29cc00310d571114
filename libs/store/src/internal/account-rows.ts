/**
 * The account tables' rows as both stores read them (SQLite and PostgreSQL share the schema's
 * column names) and their record mappers. Only `cached` differs: 0/1 in SQLite, a boolean in PostgreSQL.
 */
import type { AccountRecord, AccountState, ApiKeyRecord, OutboxMail, UsageLogEntry } from '../account-store';

export interface AccountRow {
  id: string;
  email: string;
  plan: string;
  state: AccountState;
  created_at: number;
  email_verified_at: number | null;
  state_changed_at: number | null;
  state_reason: string | null;
}
export interface KeyRow {
  id: string;
  account_id: string;
  name: string | null;
  salt: string;
  hash: string;
  scopes: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}
export interface OutboxRow { id: string; to_address: string; subject: string; body: string; kind: string; created_at: number }
export interface IdemRow { fingerprint: string; state: 'running' | 'done'; status: number | null; response: string | null; updated_at: number }
export interface LogRow { principal: string; at: number; kind: string; command: string; units: number; receipt: string | null; job_id: string | null; cached: number | boolean }
export interface AlertRow { level: string; used_pct: number; at: number }

export const toAccount = (r: AccountRow): AccountRecord => ({
  id: r.id,
  email: r.email,
  plan: r.plan,
  state: r.state,
  createdAt: r.created_at,
  emailVerifiedAt: r.email_verified_at,
  stateChangedAt: r.state_changed_at,
  stateReason: r.state_reason,
});

export const toKey = (r: KeyRow): ApiKeyRecord => ({
  id: r.id,
  accountId: r.account_id,
  name: r.name,
  salt: r.salt,
  hash: r.hash,
  scopes: r.scopes === '' ? [] : r.scopes.split(' '),
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
  revokedAt: r.revoked_at,
});

export const toMail = (r: OutboxRow): OutboxMail => ({ id: r.id, to: r.to_address, subject: r.subject, body: r.body, kind: r.kind, createdAt: r.created_at });

export const toLog = (r: LogRow): UsageLogEntry => ({
  principal: r.principal, at: r.at, kind: r.kind, command: r.command, units: r.units, receipt: r.receipt, jobId: r.job_id, cached: r.cached === 1 || r.cached === true,
});
