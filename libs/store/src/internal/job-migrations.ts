import type { Migration } from './migration';

/** Job tables: versions 10..19 are reserved for them. */
export const JOB_MIGRATIONS: readonly Migration[] = [
  {
    version: 10,
    name: 'jobs',
    sql: {
      sqlite: `
        CREATE TABLE jobs (
          job_id TEXT PRIMARY KEY,
          principal TEXT NOT NULL,
          owner TEXT,
          command TEXT NOT NULL,
          lane TEXT NOT NULL,
          status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed', 'cancelled')),
          request TEXT NOT NULL,
          request_blob BLOB,
          compute_units INTEGER NOT NULL,
          charge_day TEXT NOT NULL,
          allowance INTEGER NOT NULL,
          billed_units INTEGER,
          created_at INTEGER NOT NULL,
          started_at INTEGER,
          finished_at INTEGER,
          result TEXT,
          error TEXT,
          progress TEXT,
          attempts INTEGER NOT NULL DEFAULT 0,
          cancel_requested INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX jobs_status_created ON jobs (status, created_at);
        CREATE INDEX jobs_principal_created ON jobs (principal, created_at);
      `,
      postgres: `
        CREATE TABLE jobs (
          job_id TEXT PRIMARY KEY,
          principal TEXT NOT NULL,
          owner TEXT,
          command TEXT NOT NULL,
          lane TEXT NOT NULL,
          status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed', 'cancelled')),
          request TEXT NOT NULL,
          request_blob BYTEA,
          compute_units BIGINT NOT NULL,
          charge_day DATE NOT NULL,
          allowance BIGINT NOT NULL,
          billed_units BIGINT,
          created_at BIGINT NOT NULL,
          started_at BIGINT,
          finished_at BIGINT,
          result TEXT,
          error TEXT,
          progress TEXT,
          attempts INTEGER NOT NULL DEFAULT 0,
          cancel_requested BOOLEAN NOT NULL DEFAULT FALSE
        );
        CREATE INDEX jobs_status_created ON jobs (status, created_at);
        CREATE INDEX jobs_principal_created ON jobs (principal, created_at);
      `,
    },
  },
];
