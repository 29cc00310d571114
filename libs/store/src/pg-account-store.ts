import { LOCKS, completeIdempotencyPg, type PgContext, type Sql } from './internal/pg-context';
import type {
  AccountRecord, AccountStore, IdempotencyClaim, NewApiKey, OutboxMail,
  UsageAlertRecord, UsageLogEntry,
} from './account-store';
import { USAGE_LOG_RETENTION_MS } from './sqlite-account-store';
import { toAccount, toKey, toLog, toMail, type AccountRow, type AlertRow, type IdemRow, type KeyRow, type LogRow, type OutboxRow } from './internal/account-rows';

const ACCOUNT_COLUMNS = 'id, email, plan, state, created_at, email_verified_at, state_changed_at, state_reason';
const KEY_COLUMNS = 'id, account_id, name, salt, hash, scopes, created_at, last_used_at, revoked_at';
const PRUNE_EVERY = 256;

/** The PostgreSQL half of `AccountStore` (the same semantics as sqlite-account-store.ts). */
export function pgAccountStore(ctx: PgContext): AccountStore {
  const { query, tx } = ctx;
  const accountWhere = async (where: string, value: string): Promise<AccountRecord | null> => {
    const r = (await query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE ${where} = $1`, [value])).rows[0];
    return r ? toAccount(r) : null;
  };
  const insertKey = (c: Sql, k: NewApiKey) =>
    c.query(`INSERT INTO api_keys (id, account_id, name, salt, hash, scopes, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [k.id, k.accountId, k.name, k.salt, k.hash, k.scopes.join(' '), k.createdAt]);
  // Housekeeping every PRUNE_EVERY writes (per process) keeps expired records and old log rows from piling up.
  let claims = 0;
  let appends = 0;

  return {
    async createAccount(a, firstKey) {
      return tx(async (c) => {
        const r = (await c.query<AccountRow>(
          `INSERT INTO accounts (id, email, plan, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (email) DO NOTHING RETURNING ${ACCOUNT_COLUMNS}`,
          [a.id, a.email, a.plan, a.createdAt],
        )).rows[0];
        if (!r) return null;
        await insertKey(c, firstKey);
        return toAccount(r);
      });
    },
    findAccountById: (id) => accountWhere('id', id),
    findAccountByEmail: (email) => accountWhere('email', email),
    async markEmailVerified(id, at) {
      const r = (await query<AccountRow>(`UPDATE accounts SET email_verified_at = COALESCE(email_verified_at, $1) WHERE id = $2 RETURNING ${ACCOUNT_COLUMNS}`, [at, id])).rows[0];
      return r ? toAccount(r) : null;
    },
    async setAccountState(id, state, at, reason = null) {
      const r = (await query<AccountRow>(
        `UPDATE accounts SET state = $1, state_changed_at = $2, state_reason = $3 WHERE id = $4 RETURNING ${ACCOUNT_COLUMNS}`, [state, at, reason, id],
      )).rows[0];
      return r ? toAccount(r) : null;
    },
    async createApiKey(key) {
      await insertKey({ query }, key);
      return toKey((await query<KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE id = $1`, [key.id])).rows[0]);
    },
    async findApiKey(id) {
      const r = (await query<KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE id = $1`, [id])).rows[0];
      return r ? toKey(r) : null;
    },
    async listApiKeys(accountId) {
      return (await query<KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE account_id = $1 ORDER BY created_at, seq`, [accountId])).rows.map(toKey);
    },
    async revokeApiKey(accountId, id, at) {
      const r = (await query<KeyRow>(
        `UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $1) WHERE id = $2 AND account_id = $3 RETURNING ${KEY_COLUMNS}`, [at, id, accountId],
      )).rows[0];
      return r ? toKey(r) : null;
    },
    async touchApiKey(id, at) {
      await query('UPDATE api_keys SET last_used_at = $1 WHERE id = $2', [at, id]);
    },
    async addOutboxMail(m: OutboxMail) {
      await query('INSERT INTO outbox (id, to_address, subject, body, kind, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
        [m.id, m.to, m.subject, m.body, m.kind, m.createdAt]);
    },
    async listOutbox(opts = {}) {
      const limit = opts.limit ?? 100;
      const cols = 'id, to_address, subject, body, kind, created_at';
      const r = opts.to === undefined
        ? await query<OutboxRow>(`SELECT ${cols} FROM outbox ORDER BY created_at DESC, seq DESC LIMIT $1`, [limit])
        : await query<OutboxRow>(`SELECT ${cols} FROM outbox WHERE to_address = $1 ORDER BY created_at DESC, seq DESC LIMIT $2`, [opts.to, limit]);
      return r.rows.map(toMail);
    },
    async settingOrInit(name, init) {
      await query('INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, init]);
      return (await query<{ value: string }>('SELECT value FROM settings WHERE name = $1', [name])).rows[0].value;
    },
    async rotateSandboxToken(token, now, periodMs, retireAt) {
      return tx(async (c) => {
        // One rotator at a time decides; the next sees the fresh token and does nothing.
        await c.query('SELECT pg_advisory_xact_lock($1)', [LOCKS.sandboxRotation]);
        const newest = (await c.query<{ created_at: number }>(
          'SELECT created_at FROM sandbox_tokens WHERE retired_at IS NULL ORDER BY created_at DESC LIMIT 1',
        )).rows[0];
        if (newest && newest.created_at > now - periodMs) return false;
        await c.query('INSERT INTO sandbox_tokens (token, created_at) VALUES ($1, $2) ON CONFLICT (token) DO NOTHING', [token, now]);
        await c.query('UPDATE sandbox_tokens SET retired_at = $1 WHERE retired_at IS NULL AND token <> $2', [retireAt, token]);
        return true;
      });
    },
    async claimIdempotencyKey(scope, key, fingerprint, now, leaseMs, ttlMs): Promise<IdempotencyClaim> {
      if (++claims % PRUNE_EVERY === 0) {
        await query("DELETE FROM idempotency_keys WHERE (state = 'done' AND updated_at < $1) OR (state = 'running' AND updated_at < $2)", [now - ttlMs, now - leaseMs]);
      }
      return tx(async (c) => {
        await ctx.own(c);
        // A concurrent claimer of the same key waits on the first one's uncommitted row here and
        // then finds it: of 50 parallel claims exactly one is `claimed`.
        for (let tries = 0; tries < 5; tries++) {
          const ins = await c.query(
            `INSERT INTO idempotency_keys (scope, key, fingerprint, state, created_at, updated_at, node_id)
             VALUES ($1, $2, $3, 'running', $4, $4, $5) ON CONFLICT (scope, key) DO NOTHING`,
            [scope, key, fingerprint, now, ctx.nodeId],
          );
          if (ins.rowCount === 1) return { state: 'claimed' };
          const row = (await c.query<IdemRow>(
            'SELECT fingerprint, state, status, response, updated_at FROM idempotency_keys WHERE scope = $1 AND key = $2 FOR UPDATE', [scope, key],
          )).rows[0];
          if (!row) continue; // released or pruned in between: insert again
          if (row.state === 'running' && now - row.updated_at < leaseMs) return { state: 'running', fingerprint: row.fingerprint };
          if (row.state === 'done' && now - row.updated_at < ttlMs) {
            return { state: 'done', fingerprint: row.fingerprint, status: row.status ?? 200, response: row.response ?? 'null' };
          }
          // Expired: the new claim replaces it.
          await c.query(
            `UPDATE idempotency_keys SET fingerprint = $3, state = 'running', status = NULL, response = NULL, created_at = $4, updated_at = $4, node_id = $5
             WHERE scope = $1 AND key = $2`,
            [scope, key, fingerprint, now, ctx.nodeId],
          );
          return { state: 'claimed' };
        }
        throw new Error(`idempotency key ${scope}/${key} kept vanishing while being claimed`);
      });
    },
    async completeIdempotencyKey(scope, key, fingerprint, status, response, now) {
      await completeIdempotencyPg({ query }, { scope, key, fingerprint, status, response, at: now });
    },
    async releaseIdempotencyKey(scope, key, fingerprint) {
      await query("DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND fingerprint = $3 AND state = 'running'", [scope, key, fingerprint]);
    },
    async getCachedResult(key) {
      return (await query<{ value: string }>('UPDATE result_cache SET hits = hits + 1 WHERE key = $1 RETURNING value', [key])).rows[0]?.value ?? null;
    },
    async putCachedResult(key, value, now, maxBytes) {
      const bytes = Buffer.byteLength(value, 'utf8');
      if (bytes > maxBytes) return;
      await tx(async (c) => {
        if ((await c.query('INSERT INTO result_cache (key, value, bytes, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (key) DO NOTHING',
          [key, value, bytes, now])).rowCount === 0) return;
        // The total's row lock orders the puts: each evicts against the total the previous one left.
        let total = (await c.query<{ bytes: number }>('UPDATE result_cache_total SET bytes = bytes + $1 WHERE id = 1 RETURNING bytes', [bytes])).rows[0].bytes;
        while (total > maxBytes) {
          const oldest = (await c.query<{ key: string; bytes: number }>('SELECT key, bytes FROM result_cache ORDER BY created_at, seq LIMIT 64')).rows;
          if (oldest.length === 0) break;
          const drop: string[] = [];
          let freed = 0;
          for (const o of oldest) {
            if (total - freed <= maxBytes) break;
            drop.push(o.key);
            freed += o.bytes;
          }
          await c.query('DELETE FROM result_cache WHERE key = ANY($1)', [drop]);
          total = (await c.query<{ bytes: number }>('UPDATE result_cache_total SET bytes = bytes - $1 WHERE id = 1 RETURNING bytes', [freed])).rows[0].bytes;
        }
      });
    },
    async appendUsageLog(e: UsageLogEntry) {
      if (++appends % PRUNE_EVERY === 0) {
        await query('DELETE FROM usage_log WHERE at < $1', [e.at - USAGE_LOG_RETENTION_MS]);
        await query('DELETE FROM usage_alerts WHERE at < $1', [e.at - USAGE_LOG_RETENTION_MS]);
      }
      await query('INSERT INTO usage_log (principal, at, kind, command, units, receipt, job_id, cached) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
        [e.principal, e.at, e.kind, e.command, e.units, e.receipt, e.jobId, e.cached]);
    },
    async recentUsageLog(principal, limit) {
      return (await query<LogRow>(
        'SELECT principal, at, kind, command, units, receipt, job_id, cached FROM usage_log WHERE principal = $1 ORDER BY id DESC LIMIT $2', [principal, limit],
      )).rows.map(toLog);
    },
    async recordUsageAlert(principal, day, a: UsageAlertRecord) {
      const r = await query('INSERT INTO usage_alerts (principal, day, level, used_pct, at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING',
        [principal, day, a.level, a.usedPct, a.at]);
      return (r.rowCount ?? 0) > 0;
    },
    async usageAlerts(principal, day) {
      return (await query<AlertRow>('SELECT level, used_pct, at FROM usage_alerts WHERE principal = $1 AND day = $2 ORDER BY at, used_pct', [principal, day]))
        .rows.map((r) => ({ level: r.level, usedPct: r.used_pct, at: r.at }));
    },
  };
}
