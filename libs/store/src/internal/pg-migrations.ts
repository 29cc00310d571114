import { MIGRATIONS } from './migrations';

/** One PostgreSQL schema step (the same versions table idea as the SQLite store). */
export interface PgMigration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/**
 * Distributed state, PostgreSQL only (versions 30..39 are reserved for it): node leases, and the
 * owner of every hold, running idempotency key and claimed job. The embedded store has one node
 * and no such columns.
 */
const DISTRIBUTED_MIGRATIONS: readonly PgMigration[] = [
  {
    version: 30,
    name: 'node leases and owners',
    sql: `
      CREATE TABLE svc_nodes (
        node_id TEXT PRIMARY KEY,
        host TEXT NOT NULL,
        pid INTEGER NOT NULL,
        started_at BIGINT NOT NULL,
        heartbeat_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      );
      CREATE INDEX svc_nodes_expires ON svc_nodes (expires_at);
      ALTER TABLE charge_holds ADD COLUMN node_id TEXT NOT NULL DEFAULT '';
      CREATE INDEX charge_holds_node ON charge_holds (node_id);
      ALTER TABLE idempotency_keys ADD COLUMN node_id TEXT NOT NULL DEFAULT '';
      CREATE INDEX idempotency_keys_running_node ON idempotency_keys (node_id) WHERE state = 'running';
      ALTER TABLE jobs ADD COLUMN claimed_by TEXT;
      CREATE INDEX jobs_running_node ON jobs (claimed_by) WHERE status = 'running';
    `,
  },
  {
    version: 31,
    name: 'insertion order',
    // SQLite breaks ties of equal timestamps by rowid (insertion order): keys are listed, mails
    // shown and cache entries evicted in that order. PostgreSQL has no rowid; a sequence is it.
    sql: `
      ALTER TABLE api_keys ADD COLUMN seq BIGSERIAL;
      ALTER TABLE outbox ADD COLUMN seq BIGSERIAL;
      ALTER TABLE result_cache ADD COLUMN seq BIGSERIAL;
      CREATE INDEX result_cache_age_seq ON result_cache (created_at, seq);
    `,
  },
];

/**
 * Every PostgreSQL step, in version order: the shared steps' PostgreSQL text (each shared
 * migration carries one), then the distributed-only steps.
 */
export const POSTGRES_MIGRATIONS: readonly PgMigration[] = (() => {
  const shared = MIGRATIONS.map((m) => {
    if (m.sql.postgres === undefined) throw new Error(`migration ${m.version} (${m.name}) has no PostgreSQL text`);
    return { version: m.version, name: m.name, sql: m.sql.postgres };
  });
  const all = [...shared, ...DISTRIBUTED_MIGRATIONS].sort((a, b) => a.version - b.version);
  for (let i = 1; i < all.length; i++) {
    if (all[i].version === all[i - 1].version) throw new Error(`two PostgreSQL migrations share version ${all[i].version}`);
  }
  return Object.freeze(all);
})();
