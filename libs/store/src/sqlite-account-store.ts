/// <reference path="./internal/better-sqlite3.d.ts" />
import type Database from 'better-sqlite3';
import { completeIdempotency } from './internal/idempotency-sql';
import type {
  AccountRecord, AccountStore, IdempotencyClaim, NewApiKey, OutboxMail,
  UsageAlertRecord, UsageLogEntry,
} from './account-store';
import { toAccount, toKey, toLog, toMail, type AccountRow, type AlertRow, type IdemRow, type KeyRow, type LogRow, type OutboxRow } from './internal/account-rows';

const PRUNE_EVERY = 256;
/** Usage log rows and alert records are kept 31 days (the usage route shows today and recent calls). */
export const USAGE_LOG_RETENTION_MS = 31 * 86_400_000;

/** The SQLite half of `AccountStore` over an open, migrated database; `live` throws once closed. */
export function sqliteAccountStore(db: Database.Database, live: () => void): AccountStore {
  const completeIdem = completeIdempotency(db);
  const q = {
    accountById: db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE id = ?'),
    accountByEmail: db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE email = ?'),
    insertAccount: db.prepare<[string, string, string, number]>('INSERT INTO accounts (id, email, plan, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (email) DO NOTHING'),
    verify: db.prepare<[number, string]>('UPDATE accounts SET email_verified_at = COALESCE(email_verified_at, ?) WHERE id = ?'),
    setState: db.prepare<[string, number, string | null, string]>('UPDATE accounts SET state = ?, state_changed_at = ?, state_reason = ? WHERE id = ?'),
    insertKey: db.prepare<[string, string, string | null, string, string, string, number]>(
      'INSERT INTO api_keys (id, account_id, name, salt, hash, scopes, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)'),
    keyById: db.prepare<[string], KeyRow>('SELECT * FROM api_keys WHERE id = ?'),
    keysOf: db.prepare<[string], KeyRow>('SELECT * FROM api_keys WHERE account_id = ? ORDER BY created_at, rowid'),
    revoke: db.prepare<[number, string, string]>('UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ? AND account_id = ?'),
    touch: db.prepare<[number, string]>('UPDATE api_keys SET last_used_at = ? WHERE id = ?'),
    addMail: db.prepare<[string, string, string, string, string, number]>(
      'INSERT INTO outbox (id, to_address, subject, body, kind, created_at) VALUES (?, ?, ?, ?, ?, ?)'),
    mails: db.prepare<[number], OutboxRow>('SELECT * FROM outbox ORDER BY created_at DESC, rowid DESC LIMIT ?'),
    mailsTo: db.prepare<[string, number], OutboxRow>('SELECT * FROM outbox WHERE to_address = ? ORDER BY created_at DESC, rowid DESC LIMIT ?'),
    settingInit: db.prepare<[string, string]>('INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING'),
    setting: db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE name = ?'),
    newestToken: db.prepare<[], { created_at: number }>('SELECT created_at FROM sandbox_tokens WHERE retired_at IS NULL ORDER BY created_at DESC LIMIT 1'),
    addToken: db.prepare<[string, number]>('INSERT INTO sandbox_tokens (token, created_at) VALUES (?, ?) ON CONFLICT (token) DO NOTHING'),
    retireOthers: db.prepare<[number, string]>('UPDATE sandbox_tokens SET retired_at = ? WHERE retired_at IS NULL AND token <> ?'),
    idem: db.prepare<[string, string], IdemRow>('SELECT fingerprint, state, status, response, updated_at FROM idempotency_keys WHERE scope = ? AND key = ?'),
    idemClaim: db.prepare<[string, string, string, number, number]>(`INSERT INTO idempotency_keys (scope, key, fingerprint, state, created_at, updated_at)
      VALUES (?, ?, ?, 'running', ?, ?)
      ON CONFLICT (scope, key) DO UPDATE SET fingerprint = excluded.fingerprint, state = 'running', status = NULL, response = NULL,
        created_at = excluded.created_at, updated_at = excluded.updated_at`),
    idemPrune: db.prepare<[number, number]>(
      "DELETE FROM idempotency_keys WHERE (state = 'done' AND updated_at < ?) OR (state = 'running' AND updated_at < ?)"),
    logPrune: db.prepare<[number]>('DELETE FROM usage_log WHERE at < ?'),
    alertPrune: db.prepare<[number]>('DELETE FROM usage_alerts WHERE at < ?'),
    idemRelease: db.prepare<[string, string, string]>("DELETE FROM idempotency_keys WHERE scope = ? AND key = ? AND fingerprint = ? AND state = 'running'"),
    cacheGet: db.prepare<[string], { value: string }>('SELECT value FROM result_cache WHERE key = ?'),
    cacheHit: db.prepare<[string]>('UPDATE result_cache SET hits = hits + 1 WHERE key = ?'),
    cachePut: db.prepare<[string, string, number, number]>(
      'INSERT INTO result_cache (key, value, bytes, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (key) DO NOTHING'),
    cacheBytes: db.prepare<[], { total: number | null }>('SELECT bytes AS total FROM result_cache_total WHERE id = 1'),
    cacheTotalAdd: db.prepare<[number]>('UPDATE result_cache_total SET bytes = bytes + ? WHERE id = 1'),
    cacheOldest: db.prepare<[], { key: string; bytes: number }>('SELECT key, bytes FROM result_cache ORDER BY created_at, rowid LIMIT 64'),
    cacheDelete: db.prepare<[string]>('DELETE FROM result_cache WHERE key = ?'),
    logAdd: db.prepare<[string, number, string, string, number, string | null, string | null, number]>(
      'INSERT INTO usage_log (principal, at, kind, command, units, receipt, job_id, cached) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'),
    logRecent: db.prepare<[string, number], LogRow>('SELECT * FROM usage_log WHERE principal = ? ORDER BY id DESC LIMIT ?'),
    alertAdd: db.prepare<[string, string, string, number, number]>(
      'INSERT INTO usage_alerts (principal, day, level, used_pct, at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING'),
    alerts: db.prepare<[string, string], AlertRow>('SELECT level, used_pct, at FROM usage_alerts WHERE principal = ? AND day = ? ORDER BY at, used_pct'),
  };

  const insertKey = (k: NewApiKey) => {
    q.insertKey.run(k.id, k.accountId, k.name, k.salt, k.hash, k.scopes.join(' '), k.createdAt);
  };
  const createAccount = db.transaction((a: { id: string; email: string; plan: string; createdAt: number }, key: NewApiKey): AccountRecord | null => {
    if (q.insertAccount.run(a.id, a.email, a.plan, a.createdAt).changes === 0) return null;
    insertKey(key);
    return toAccount(q.accountById.get(a.id)!);
  });
  const rotate = db.transaction((token: string, now: number, periodMs: number, retireAt: number): boolean => {
    const newest = q.newestToken.get();
    if (newest && newest.created_at > now - periodMs) return false;
    q.addToken.run(token, now);
    q.retireOthers.run(retireAt, token);
    return true;
  });
  // Housekeeping every PRUNE_EVERY writes keeps expired idempotency records and old log rows from piling up.
  let claims = 0;
  let appends = 0;
  const claim = db.transaction((scope: string, key: string, fingerprint: string, now: number, leaseMs: number, ttlMs: number): IdempotencyClaim => {
    if (++claims % PRUNE_EVERY === 0) q.idemPrune.run(now - ttlMs, now - leaseMs);
    const row = q.idem.get(scope, key);
    if (row) {
      if (row.state === 'running' && now - row.updated_at < leaseMs) return { state: 'running', fingerprint: row.fingerprint };
      if (row.state === 'done' && now - row.updated_at < ttlMs) {
        return { state: 'done', fingerprint: row.fingerprint, status: row.status ?? 200, response: row.response ?? 'null' };
      }
    }
    q.idemClaim.run(scope, key, fingerprint, now, now);
    return { state: 'claimed' };
  });
  const putCache = db.transaction((key: string, value: string, now: number, maxBytes: number) => {
    const bytes = Buffer.byteLength(value, 'utf8');
    if (bytes > maxBytes) return;
    if (q.cachePut.run(key, value, bytes, now).changes === 0) return;
    q.cacheTotalAdd.run(bytes);
    let total = q.cacheBytes.get()?.total ?? 0;
    while (total > maxBytes) {
      const oldest = q.cacheOldest.all();
      if (oldest.length === 0) break;
      for (const o of oldest) {
        if (total <= maxBytes) break;
        q.cacheDelete.run(o.key);
        q.cacheTotalAdd.run(-o.bytes);
        total -= o.bytes;
      }
    }
  });

  return {
    async createAccount(account, firstKey) {
      live();
      return createAccount.immediate(account, firstKey);
    },
    async findAccountById(id) {
      live();
      const r = q.accountById.get(id);
      return r ? toAccount(r) : null;
    },
    async findAccountByEmail(email) {
      live();
      const r = q.accountByEmail.get(email);
      return r ? toAccount(r) : null;
    },
    async markEmailVerified(id, at) {
      live();
      q.verify.run(at, id);
      const r = q.accountById.get(id);
      return r ? toAccount(r) : null;
    },
    async setAccountState(id, state, at, reason = null) {
      live();
      q.setState.run(state, at, reason, id);
      const r = q.accountById.get(id);
      return r ? toAccount(r) : null;
    },
    async createApiKey(key) {
      live();
      insertKey(key);
      return toKey(q.keyById.get(key.id)!);
    },
    async findApiKey(id) {
      live();
      const r = q.keyById.get(id);
      return r ? toKey(r) : null;
    },
    async listApiKeys(accountId) {
      live();
      return q.keysOf.all(accountId).map(toKey);
    },
    async revokeApiKey(accountId, id, at) {
      live();
      if (q.revoke.run(at, id, accountId).changes === 0) return null;
      return toKey(q.keyById.get(id)!);
    },
    async touchApiKey(id, at) {
      live();
      q.touch.run(at, id);
    },
    async addOutboxMail(m: OutboxMail) {
      live();
      q.addMail.run(m.id, m.to, m.subject, m.body, m.kind, m.createdAt);
    },
    async listOutbox(opts = {}) {
      live();
      const limit = opts.limit ?? 100;
      return (opts.to === undefined ? q.mails.all(limit) : q.mailsTo.all(opts.to, limit)).map(toMail);
    },
    async settingOrInit(name, init) {
      live();
      q.settingInit.run(name, init);
      return q.setting.get(name)!.value;
    },
    async rotateSandboxToken(token, now, periodMs, retireAt) {
      live();
      return rotate.immediate(token, now, periodMs, retireAt);
    },
    async claimIdempotencyKey(scope, key, fingerprint, now, leaseMs, ttlMs) {
      live();
      return claim.immediate(scope, key, fingerprint, now, leaseMs, ttlMs);
    },
    async completeIdempotencyKey(scope, key, fingerprint, status, response, now) {
      live();
      completeIdem({ scope, key, fingerprint, status, response, at: now });
    },
    async releaseIdempotencyKey(scope, key, fingerprint) {
      live();
      q.idemRelease.run(scope, key, fingerprint);
    },
    async getCachedResult(key) {
      live();
      const r = q.cacheGet.get(key);
      if (!r) return null;
      q.cacheHit.run(key);
      return r.value;
    },
    async putCachedResult(key, value, now, maxBytes) {
      live();
      putCache.immediate(key, value, now, maxBytes);
    },
    async appendUsageLog(e: UsageLogEntry) {
      live();
      if (++appends % PRUNE_EVERY === 0) {
        q.logPrune.run(e.at - USAGE_LOG_RETENTION_MS);
        q.alertPrune.run(e.at - USAGE_LOG_RETENTION_MS);
      }
      q.logAdd.run(e.principal, e.at, e.kind, e.command, e.units, e.receipt, e.jobId, e.cached ? 1 : 0);
    },
    async recentUsageLog(principal, limit) {
      live();
      return q.logRecent.all(principal, limit).map(toLog);
    },
    async recordUsageAlert(principal, day, a: UsageAlertRecord) {
      live();
      return q.alertAdd.run(principal, day, a.level, a.usedPct, a.at).changes > 0;
    },
    async usageAlerts(principal, day) {
      live();
      return q.alerts.all(principal, day).map((r) => ({ level: r.level, usedPct: r.used_pct, at: r.at }));
    },
  };
}
