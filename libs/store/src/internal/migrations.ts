import { ACCOUNT_MIGRATIONS } from './account-migrations';
import { JOB_MIGRATIONS } from './job-migrations';
import type { Migration } from './migration';

export type { Migration };

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'usage and sandbox tokens',
    sql: {
      sqlite: `
        CREATE TABLE usage_daily (
          principal TEXT NOT NULL,
          day TEXT NOT NULL,
          units INTEGER NOT NULL DEFAULT 0,
          requests INTEGER NOT NULL DEFAULT 0,
          PRIMARY KEY (principal, day)
        ) WITHOUT ROWID;
        CREATE TABLE sandbox_tokens (
          token TEXT PRIMARY KEY,
          created_at INTEGER NOT NULL,
          retired_at INTEGER
        );
        CREATE INDEX sandbox_tokens_active ON sandbox_tokens (retired_at, created_at);
      `,
      postgres: `
        CREATE TABLE usage_daily (
          principal TEXT NOT NULL,
          day DATE NOT NULL,
          units BIGINT NOT NULL DEFAULT 0,
          requests BIGINT NOT NULL DEFAULT 0,
          PRIMARY KEY (principal, day)
        );
        CREATE TABLE sandbox_tokens (
          token TEXT PRIMARY KEY,
          created_at BIGINT NOT NULL,
          retired_at BIGINT
        );
        CREATE INDEX sandbox_tokens_active ON sandbox_tokens (retired_at, created_at);
      `,
    },
  },
  ...ACCOUNT_MIGRATIONS,
  ...JOB_MIGRATIONS,
  {
    version: 20,
    name: 'charge holds',
    sql: {
      sqlite: `
        CREATE TABLE charge_holds (
          hold_id TEXT PRIMARY KEY,
          principal TEXT NOT NULL,
          day TEXT NOT NULL,
          units INTEGER NOT NULL,
          created_at INTEGER NOT NULL
        );
      `,
      postgres: `
        CREATE TABLE charge_holds (
          hold_id TEXT PRIMARY KEY,
          principal TEXT NOT NULL,
          day DATE NOT NULL,
          units BIGINT NOT NULL,
          created_at BIGINT NOT NULL
        );
      `,
    },
  },
];
