import type { Migration } from './migration';

/** Accounts, keys, outbox, idempotency, result cache and usage log (versions 2..9 are issue 4a's). */
export const ACCOUNT_MIGRATIONS: readonly Migration[] = [
  {
    version: 2,
    name: 'accounts and api keys',
    sql: {
      sqlite: `
        CREATE TABLE accounts (
          id TEXT PRIMARY KEY,
          email TEXT NOT NULL UNIQUE,
          plan TEXT NOT NULL,
          state TEXT NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'suspended', 'blocked', 'closed')),
          created_at INTEGER NOT NULL,
          email_verified_at INTEGER,
          state_changed_at INTEGER,
          state_reason TEXT
        );
        CREATE TABLE api_keys (
          id TEXT PRIMARY KEY,
          account_id TEXT NOT NULL REFERENCES accounts (id),
          name TEXT,
          salt TEXT NOT NULL,
          hash TEXT NOT NULL,
          scopes TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          last_used_at INTEGER,
          revoked_at INTEGER
        );
        CREATE INDEX api_keys_account ON api_keys (account_id, created_at);
      `,
      postgres: `
        CREATE TABLE accounts (
          id TEXT PRIMARY KEY,
          email TEXT NOT NULL UNIQUE,
          plan TEXT NOT NULL,
          state TEXT NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'suspended', 'blocked', 'closed')),
          created_at BIGINT NOT NULL,
          email_verified_at BIGINT,
          state_changed_at BIGINT,
          state_reason TEXT
        );
        CREATE TABLE api_keys (
          id TEXT PRIMARY KEY,
          account_id TEXT NOT NULL REFERENCES accounts (id),
          name TEXT,
          salt TEXT NOT NULL,
          hash TEXT NOT NULL,
          scopes TEXT NOT NULL,
          created_at BIGINT NOT NULL,
          last_used_at BIGINT,
          revoked_at BIGINT
        );
        CREATE INDEX api_keys_account ON api_keys (account_id, created_at);
      `,
    },
  },
  {
    version: 3,
    name: 'outbox and settings',
    sql: {
      sqlite: `
        CREATE TABLE outbox (
          id TEXT PRIMARY KEY,
          to_address TEXT NOT NULL,
          subject TEXT NOT NULL,
          body TEXT NOT NULL,
          kind TEXT NOT NULL,
          created_at INTEGER NOT NULL
        );
        CREATE INDEX outbox_to ON outbox (to_address, created_at);
        CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
      `,
      postgres: `
        CREATE TABLE outbox (
          id TEXT PRIMARY KEY,
          to_address TEXT NOT NULL,
          subject TEXT NOT NULL,
          body TEXT NOT NULL,
          kind TEXT NOT NULL,
          created_at BIGINT NOT NULL
        );
        CREATE INDEX outbox_to ON outbox (to_address, created_at);
        CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
      `,
    },
  },
  {
    version: 4,
    name: 'idempotency keys',
    sql: {
      sqlite: `
        CREATE TABLE idempotency_keys (
          scope TEXT NOT NULL,
          key TEXT NOT NULL,
          fingerprint TEXT NOT NULL,
          state TEXT NOT NULL CHECK (state IN ('running', 'done')),
          status INTEGER,
          response TEXT,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL,
          PRIMARY KEY (scope, key)
        ) WITHOUT ROWID;
      `,
      postgres: `
        CREATE TABLE idempotency_keys (
          scope TEXT NOT NULL,
          key TEXT NOT NULL,
          fingerprint TEXT NOT NULL,
          state TEXT NOT NULL CHECK (state IN ('running', 'done')),
          status INTEGER,
          response TEXT,
          created_at BIGINT NOT NULL,
          updated_at BIGINT NOT NULL,
          PRIMARY KEY (scope, key)
        );
      `,
    },
  },
  {
    version: 5,
    name: 'result cache',
    sql: {
      sqlite: `
        CREATE TABLE result_cache (
          key TEXT PRIMARY KEY,
          value TEXT NOT NULL,
          bytes INTEGER NOT NULL,
          created_at INTEGER NOT NULL,
          hits INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX result_cache_age ON result_cache (created_at);
      `,
      postgres: `
        CREATE TABLE result_cache (
          key TEXT PRIMARY KEY,
          value TEXT NOT NULL,
          bytes BIGINT NOT NULL,
          created_at BIGINT NOT NULL,
          hits BIGINT NOT NULL DEFAULT 0
        );
        CREATE INDEX result_cache_age ON result_cache (created_at);
      `,
    },
  },
  {
    version: 6,
    name: 'usage log and alerts',
    sql: {
      sqlite: `
        CREATE TABLE usage_log (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          principal TEXT NOT NULL,
          at INTEGER NOT NULL,
          kind TEXT NOT NULL,
          command TEXT NOT NULL,
          units INTEGER NOT NULL,
          receipt TEXT,
          job_id TEXT,
          cached INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX usage_log_principal ON usage_log (principal, id);
        CREATE TABLE usage_alerts (
          principal TEXT NOT NULL,
          day TEXT NOT NULL,
          level TEXT NOT NULL,
          used_pct REAL NOT NULL,
          at INTEGER NOT NULL,
          PRIMARY KEY (principal, day, level)
        ) WITHOUT ROWID;
      `,
      postgres: `
        CREATE TABLE usage_log (
          id BIGSERIAL PRIMARY KEY,
          principal TEXT NOT NULL,
          at BIGINT NOT NULL,
          kind TEXT NOT NULL,
          command TEXT NOT NULL,
          units BIGINT NOT NULL,
          receipt TEXT,
          job_id TEXT,
          cached BOOLEAN NOT NULL DEFAULT FALSE
        );
        CREATE INDEX usage_log_principal ON usage_log (principal, id);
        CREATE TABLE usage_alerts (
          principal TEXT NOT NULL,
          day DATE NOT NULL,
          level TEXT NOT NULL,
          used_pct DOUBLE PRECISION NOT NULL,
          at BIGINT NOT NULL,
          PRIMARY KEY (principal, day, level)
        );
      `,
    },
  },
  {
    version: 7,
    name: 'result cache size counter',
    sql: {
      // The cache's byte total, kept in the transaction of every put and eviction: summing the
      // table on each put made a put O(entries) (the load test's throughput fell 4x in minutes).
      sqlite: `
        CREATE TABLE result_cache_total (id INTEGER PRIMARY KEY CHECK (id = 1), bytes INTEGER NOT NULL);
        INSERT INTO result_cache_total (id, bytes) SELECT 1, COALESCE(SUM(bytes), 0) FROM result_cache;
      `,
      postgres: `
        CREATE TABLE result_cache_total (id INTEGER PRIMARY KEY CHECK (id = 1), bytes BIGINT NOT NULL);
        INSERT INTO result_cache_total (id, bytes) SELECT 1, COALESCE(SUM(bytes), 0) FROM result_cache;
      `,
    },
  },
];
