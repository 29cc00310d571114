import { DEFAULT_LEASE_MS, openPostgresStore } from './postgres-store';
import { defaultDataDir, openSqliteStore } from './sqlite-store';
import type { Store } from './store';

/** Reads a positive integer setting; a malformed value fails at startup, never silently. */
function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const v = Number(raw);
  if (!Number.isSafeInteger(v) || v < min) throw new Error(`${name} must be an integer of at least ${min}, got '${raw}'`);
  return v;
}

/**
 * The store the environment asks for, opened and migrated: PostgreSQL when `SVC_DATABASE_URL`
 * is set (the distributed deployment: `SVC_NODE_LEASE_SECONDS`, default 30, and
 * `SVC_DATABASE_POOL_SIZE`, default 10), else the embedded SQLite file in `dataDir` (default
 * `SVC_DATA_DIR` or `./.svc-data`). The service and the operator command both open it here.
 */
export async function openStore(env: NodeJS.ProcessEnv = process.env, opts: { dataDir?: string } = {}): Promise<Store> {
  const url = env.SVC_DATABASE_URL?.trim();
  if (!url) return openSqliteStore({ dataDir: opts.dataDir ?? defaultDataDir(env) });
  const leaseMs = positiveInt(env, 'SVC_NODE_LEASE_SECONDS', DEFAULT_LEASE_MS / 1000, 2) * 1000;
  const poolSize = positiveInt(env, 'SVC_DATABASE_POOL_SIZE', 10);
  return openPostgresStore({ url, leaseMs, poolSize });
}
