/**
 * Persistence of accounts, API keys, the mail outbox, idempotency records, the result cache and
 * the usage log (issue 4a). Every method is async so a PostgreSQL implementation can satisfy the
 * same interface; `Store` extends it.
 */

/** Lifecycle state of an account; only `active` may call the service. */
export type AccountState = 'active' | 'suspended' | 'blocked' | 'closed';

export const ACCOUNT_STATES: readonly AccountState[] = Object.freeze(['active', 'suspended', 'blocked', 'closed']);

export interface AccountRecord {
  readonly id: string;
  /** Lower-cased address. */
  readonly email: string;
  readonly plan: string;
  readonly state: AccountState;
  /** Epoch ms. */
  readonly createdAt: number;
  /** Epoch ms when the signed link was confirmed, or null. */
  readonly emailVerifiedAt: number | null;
  readonly stateChangedAt: number | null;
  readonly stateReason: string | null;
}

/** An API key as stored: never the secret itself, only a per-key salt and the salted hash. */
export interface ApiKeyRecord {
  /** Public key id, the lookup prefix of the token. */
  readonly id: string;
  readonly accountId: string;
  readonly name: string | null;
  /** Hex salt (16 random bytes). */
  readonly salt: string;
  /** Hex SHA-256 of salt ‖ secret. */
  readonly hash: string;
  readonly scopes: readonly string[];
  readonly createdAt: number;
  readonly lastUsedAt: number | null;
  readonly revokedAt: number | null;
}

export interface NewAccount {
  readonly id: string;
  readonly email: string;
  readonly plan: string;
  readonly createdAt: number;
}

export type NewApiKey = Omit<ApiKeyRecord, 'lastUsedAt' | 'revokedAt'>;

/** One message of the embedded outbox. */
export interface OutboxMail {
  readonly id: string;
  readonly to: string;
  readonly subject: string;
  readonly body: string;
  /** e.g. `email_verification`. */
  readonly kind: string;
  readonly createdAt: number;
}

/** Outcome of claiming an idempotency key. */
export type IdempotencyClaim =
  | { readonly state: 'claimed' }
  | { readonly state: 'running'; readonly fingerprint: string }
  | { readonly state: 'done'; readonly fingerprint: string; readonly status: number; readonly response: string };

/** One charged call in the usage log (`GET /api/v1/usage`). */
export interface UsageLogEntry {
  readonly principal: string;
  readonly at: number;
  /** `solve` (synchronous) or `job`. */
  readonly kind: string;
  readonly command: string;
  readonly units: number;
  readonly receipt: string | null;
  readonly jobId: string | null;
  readonly cached: boolean;
}

/** A usage threshold crossed on one UTC day. */
export interface UsageAlertRecord {
  readonly level: string;
  readonly usedPct: number;
  readonly at: number;
}

export interface AccountStore {
  /**
   * Creates an account together with its first key, atomically. Returns null (and creates
   * nothing) when the email is already registered.
   */
  createAccount(account: NewAccount, firstKey: NewApiKey): Promise<AccountRecord | null>;
  findAccountById(id: string): Promise<AccountRecord | null>;
  findAccountByEmail(email: string): Promise<AccountRecord | null>;
  /** Sets `emailVerifiedAt` (first confirmation wins); null for an unknown account. */
  markEmailVerified(id: string, at: number): Promise<AccountRecord | null>;
  /** Sets the state; null for an unknown account. */
  setAccountState(id: string, state: AccountState, at: number, reason?: string | null): Promise<AccountRecord | null>;

  createApiKey(key: NewApiKey): Promise<ApiKeyRecord>;
  findApiKey(id: string): Promise<ApiKeyRecord | null>;
  /** The account's keys in creation order (revoked ones included). */
  listApiKeys(accountId: string): Promise<ApiKeyRecord[]>;
  /** Marks the account's key revoked at `at` (first revocation wins); null when not the account's key. */
  revokeApiKey(accountId: string, id: string, at: number): Promise<ApiKeyRecord | null>;
  /** Records a use of the key (callers throttle this). */
  touchApiKey(id: string, at: number): Promise<void>;

  addOutboxMail(mail: OutboxMail): Promise<void>;
  /** Mails, newest first, optionally only those to `to`. */
  listOutbox(opts?: { to?: string; limit?: number }): Promise<OutboxMail[]>;

  /** The stored value of a named setting, storing `init` first when absent (first writer wins). */
  settingOrInit(name: string, init: string): Promise<string>;

  /**
   * Rotates the public sandbox token atomically: when the newest active token was created at or
   * before `now - periodMs`, stores `token` and retires every other active token at `retireAt`
   * (a future instant gives a grace period). Returns whether it rotated.
   */
  rotateSandboxToken(token: string, now: number, periodMs: number, retireAt: number): Promise<boolean>;

  /**
   * Claims (scope, key) for a request with `fingerprint`: a fresh claim, an existing record still
   * running (younger than `leaseMs`), or the completed record (younger than `ttlMs`). Expired
   * records are replaced by the new claim.
   */
  claimIdempotencyKey(scope: string, key: string, fingerprint: string, now: number, leaseMs: number, ttlMs: number): Promise<IdempotencyClaim>;
  /** Stores the answer of a claimed key. */
  completeIdempotencyKey(scope: string, key: string, fingerprint: string, status: number, response: string, now: number): Promise<void>;
  /** Drops a running claim (the request failed; a retry runs afresh). */
  releaseIdempotencyKey(scope: string, key: string, fingerprint: string): Promise<void>;

  /** A cached result by key, or null; counts the hit. */
  getCachedResult(key: string): Promise<string | null>;
  /** Stores a result, then evicts the oldest entries until the cache holds at most `maxBytes`. */
  putCachedResult(key: string, value: string, now: number, maxBytes: number): Promise<void>;

  appendUsageLog(entry: UsageLogEntry): Promise<void>;
  /** The principal's newest usage entries, newest first. */
  recentUsageLog(principal: string, limit: number): Promise<UsageLogEntry[]>;
  /** Records that `level` was crossed today; false when it had been recorded already. */
  recordUsageAlert(principal: string, day: string, alert: UsageAlertRecord): Promise<boolean>;
  /** The thresholds crossed on `day`, in the order they were crossed. */
  usageAlerts(principal: string, day: string): Promise<UsageAlertRecord[]>;
}
