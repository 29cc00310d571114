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
  {
    // A job's request bytes (a large JSON body stored as read, an SVCB body) in a table of their own:
    // SQLite rewrites a whole row (its blob's overflow pages too) on every UPDATE, and the job row is
    // updated every second while it runs (progress) and read by every poll; only a claim reads these.
    // Only adds: rows written before keep their bytes in `jobs.request_blob`, which a claim still reads.
    version: 11,
    name: 'job_request_blobs',
    sql: {
      sqlite: 'CREATE TABLE job_request_blobs (job_id TEXT PRIMARY KEY, bytes BLOB NOT NULL);',
      postgres: 'CREATE TABLE job_request_blobs (job_id TEXT PRIMARY KEY, bytes BYTEA NOT NULL);',
    },
  },
];
