import { intSetting } from '../config';

const MIB = 1024 * 1024;

/**
 * Plans, request rates, compute budgets, tokens and caches (issue 4a). Every value is an
 * environment setting whose default is the interface's value (or our documented choice where the
 * interface says "not shown"); `ServiceOptions.access` overrides them in tests.
 */
export interface AccessLimits {
  /** Daily compute units of a free account (`SVC_FREE_DAILY_UNITS`, 50000), reset 00:00 UTC. */
  readonly freeDailyUnits: number;
  /** JSON body cap of a free key (`SVC_FREE_BODY_BYTES`, 100 MiB). */
  readonly freeBodyBytes: number;
  /** Requests per minute per client IP with the sandbox token (`SVC_SANDBOX_RATE_PER_MINUTE`, 60). */
  readonly sandboxRatePerMinute: number;
  /** Requests per minute per API key (`SVC_KEY_RATE_PER_MINUTE`, 600). */
  readonly keyRatePerMinute: number;
  /** Compute units per minute per account or sandbox IP (`SVC_COMPUTE_RATE_LIMIT`, 5000). */
  readonly computeUnitsPerMinute: number;
  /** Sandbox token rotation period in seconds (`SVC_SANDBOX_ROTATE_SECONDS`, 86400). */
  readonly sandboxRotateSeconds: number;
  /** How long a rotated-out sandbox token is still accepted (`SVC_SANDBOX_GRACE_SECONDS`, 300; 0 = none). */
  readonly sandboxGraceSeconds: number;
  /** How long a completed Idempotency-Key replays its answer (`SVC_IDEMPOTENCY_TTL_SECONDS`, 86400). */
  readonly idempotencyTtlSeconds: number;
  /** After this a still-running claim counts as abandoned (`SVC_IDEMPOTENCY_LEASE_SECONDS`, 900). */
  readonly idempotencyLeaseSeconds: number;
  /** Result cache size in bytes (`SVC_RESULT_CACHE_BYTES`, 256 MiB; 0 disables the cache). */
  readonly resultCacheBytes: number;
  /**
   * Safe mode: with at least this many solves waiting for a worker (on every node together when
   * the counters are shared through Redis), sandbox solves are refused with 503 SVC_HIGH_DEMAND
   * while keyed ones still queue (`SVC_HIGH_DEMAND_QUEUE`, 32; 0 = off).
   */
  readonly highDemandQueue: number;
  /** Lifetime of a signed verification link (`SVC_EMAIL_TOKEN_TTL_SECONDS`, 86400). */
  readonly emailTokenTtlSeconds: number;
  /** Minimum gap between two verification mails to one account (`SVC_EMAIL_RESEND_SECONDS`, 60). */
  readonly emailResendSeconds: number;
  /** Active (unrevoked) keys per account (`SVC_MAX_KEYS_PER_ACCOUNT`, 20). */
  readonly maxKeysPerAccount: number;
}

export const DEFAULT_ACCESS_LIMITS: AccessLimits = Object.freeze({
  freeDailyUnits: 50_000,
  freeBodyBytes: 100 * MIB,
  sandboxRatePerMinute: 60,
  keyRatePerMinute: 600,
  computeUnitsPerMinute: 5_000,
  sandboxRotateSeconds: 86_400,
  sandboxGraceSeconds: 300,
  idempotencyTtlSeconds: 86_400,
  idempotencyLeaseSeconds: 900,
  resultCacheBytes: 256 * MIB,
  highDemandQueue: 32,
  emailTokenTtlSeconds: 86_400,
  emailResendSeconds: 60,
  maxKeysPerAccount: 20,
});

/** The environment variable of each setting (README configuration table). */
export const ACCESS_LIMIT_ENV: Readonly<Record<keyof AccessLimits, string>> = Object.freeze({
  freeDailyUnits: 'SVC_FREE_DAILY_UNITS',
  freeBodyBytes: 'SVC_FREE_BODY_BYTES',
  sandboxRatePerMinute: 'SVC_SANDBOX_RATE_PER_MINUTE',
  keyRatePerMinute: 'SVC_KEY_RATE_PER_MINUTE',
  computeUnitsPerMinute: 'SVC_COMPUTE_RATE_LIMIT',
  sandboxRotateSeconds: 'SVC_SANDBOX_ROTATE_SECONDS',
  sandboxGraceSeconds: 'SVC_SANDBOX_GRACE_SECONDS',
  idempotencyTtlSeconds: 'SVC_IDEMPOTENCY_TTL_SECONDS',
  idempotencyLeaseSeconds: 'SVC_IDEMPOTENCY_LEASE_SECONDS',
  resultCacheBytes: 'SVC_RESULT_CACHE_BYTES',
  highDemandQueue: 'SVC_HIGH_DEMAND_QUEUE',
  emailTokenTtlSeconds: 'SVC_EMAIL_TOKEN_TTL_SECONDS',
  emailResendSeconds: 'SVC_EMAIL_RESEND_SECONDS',
  maxKeysPerAccount: 'SVC_MAX_KEYS_PER_ACCOUNT',
});

/** Settings where 0 is meaningful (off / none). */
const ZERO_ALLOWED: ReadonlySet<keyof AccessLimits> = new Set(['sandboxGraceSeconds', 'resultCacheBytes', 'highDemandQueue', 'emailResendSeconds']);

/** Resolves every access limit: explicit override, then the environment, then the default. */
export function resolveAccessLimits(overrides: Partial<AccessLimits> = {}, env: NodeJS.ProcessEnv = process.env): AccessLimits {
  const out: Record<string, number> = {};
  for (const k of Object.keys(DEFAULT_ACCESS_LIMITS) as (keyof AccessLimits)[]) {
    const given = overrides[k];
    if (given !== undefined) {
      out[k] = given;
      continue;
    }
    const min = ZERO_ALLOWED.has(k) ? 0 : 1;
    out[k] = intSetting(env, ACCESS_LIMIT_ENV[k], DEFAULT_ACCESS_LIMITS[k], min);
  }
  return Object.freeze(out) as unknown as AccessLimits;
}
