import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { SvcError } from '@svc/errors';
import type { IdempotencyCompletion, Store } from '@svc/store';
import { createAccountService, type AccountService } from './accounts/account-service';
import { API_KEY_PREFIX } from './accounts/api-key';
import { createOutboxMailer, type Mailer } from './accounts/outbox';
import { createSandboxTokens, SANDBOX_TOKEN_PREFIX, type SandboxTokens } from './accounts/sandbox-tokens';
import { createIdempotency, type Idempotency } from './idempotency';
import { createRetryLater, type RetryLater } from './internal/retry-later';
import type { AccessLimits } from './limits/access-limits';
import { createMeter, type Meter } from './limits/meter';
import { nodeLimits, type SharedLimits } from './limits/shared-limits';
import { usageAlert } from './limits/usage-alert';
import { bearerToken, type Action, type Principal, type Scope } from './principal';
import { createResultCache, type CachedSolve, type CacheKeyInput, type ResultCache } from './result-cache';
import type { Charge } from './limits/meter';
import type { UsageAlert } from '@svc/contracts';
import { stageMark } from './solve/stage-marks';

/**
 * One admitted solve: charged under a hold, and either served from the cache or cleared to run.
 * Exactly one of `settle` (answered), `handOver` (the job row took the hold) or `abort` (failed,
 * refunded) must follow; a process that dies first leaves the hold to the next start's refund.
 */
export interface SolveAdmission {
  readonly charge: Charge;
  /** Units left today after this charge (the envelope's `compute_units_left`). */
  readonly left: number;
  /** The envelope's `usage_alert` (absent below 50 %). */
  readonly usageAlert: UsageAlert | undefined;
  /** The stored answer of this exact request (no solve needed; `settle` it like a solve), else null. */
  readonly cached: CachedSolve | null;
  /**
   * Settles the hold with the answer in one commit (the keyed request's stored answer included),
   * then records the call in the usage log with its receipt and caches the answer unless it was
   * stopped at a deadline (`cacheable` null) or came from the cache.
   */
  settle(done: { receipt: string; cacheable: CachedSolve | null; answer?: IdempotencyCompletion }): Promise<void>;
  /** The job row took over the hold (jobs bill themselves); nothing is written here. */
  handOver(): void;
  /** Refunds the units and the compute budget of a call that failed or never ran. */
  abort(): Promise<void>;
}

/**
 * Who may do what, how much, how often: authentication (sandbox token with rotation, API keys),
 * scopes and email verification, request rates, the per-minute compute budget, safe mode, daily
 * metering, idempotency and the result cache. One instance per service.
 */
export interface Access {
  readonly limits: AccessLimits;
  readonly accounts: AccountService;
  readonly meter: Meter;
  readonly idempotency: Idempotency;
  readonly cache: ResultCache;
  readonly sandbox: SandboxTokens;
  readonly mailer: Mailer;
  /** Refunds and key releases the store refused (a full disk), retried until they succeed. */
  readonly retry: RetryLater;
  /**
   * Bearer header → principal. API keys (`svck_…`): unknown/wrong → 401 SVC_UNAUTHENTICATED,
   * revoked → 403 SVC_TOKEN_BLOCKED, account not active → 403 SVC_ACCOUNT_*. Sandbox token:
   * current or within the rotation grace → sandbox principal for `ip`; rotated out → 401
   * SVC_SANDBOX_CAPABILITY_REJECTED, as is any other `sbx_…` token it never issued; anything else →
   * 401 SVC_UNAUTHENTICATED.
   */
  authenticate(authorization: string | undefined | null, meta?: { ip?: string }): Promise<Principal>;
  /**
   * Scope and verification (403 SVC_FORBIDDEN): `solve` needs a verified email (next action
   * `verify_email`) and the `solve` scope; `analyze` and `keys` their scope; the sandbox may solve
   * and analyze, and read its usage, but has no keys.
   */
  authorize(principal: Principal, action: Action): void;
  /** `authorize`, then counts one request against the per-minute rate (429 SVC_SANDBOX_RATE / SVC_RATE_LIMITED). */
  admit(principal: Principal, action: Action): Promise<void>;
  /**
   * Counts `count` requests of `principal` against its per-minute rate at once, all or none (the
   * 429 of `admit`), with no scope check: a transport that admits several calls whole before it
   * reads them (a tRPC batch) authorizes each call afterwards.
   */
  countRequests(principal: Principal, count: number): Promise<void>;
  /**
   * The per-IP limiter of the sandbox, for callers known only by their address: counts one request
   * of `ip` against the sandbox's per-minute request rate (the same window as sandbox solves from
   * that IP), or 429 SVC_SANDBOX_RATE with Retry-After. Every door uses it for what it serves without
   * credentials at some cost: registration, the email link, a job read by id, the OpenAPI document,
   * the capabilities manifest. `count` (default 1) requests are counted at once, all or none.
   */
  admitIp(ip: string, count?: number): Promise<void>;
  /**
   * The per-IP rate of email verification (the mailed link and its POST): a budget of its own, the
   * sandbox's size, so a caller that just used the sandbox can still confirm its account at once;
   * over it 429 SVC_RATE_LIMITED with Retry-After.
   */
  admitVerification(ip: string): Promise<void>;
  /** `SVC_PUBLIC_URL` when it is set (the origin of mailed links and of the OpenAPI server), else null. */
  readonly publicUrl: string | null;
  /** Takes `units` from the per-minute compute budget, or 429 SVC_COMPUTE_RATE_LIMIT (Retry-After 60). */
  takeCompute(principal: Principal, units: number): Promise<void>;
  /** Gives back compute budget of a call that did not run. */
  giveCompute(principal: Principal, units: number): Promise<void>;
  /**
   * Safe mode: 503 SVC_HIGH_DEMAND for sandbox solves while at least `highDemandQueue` solves wait
   * for a worker — `waiting` on this node, or on every node when the counters are shared.
   */
  assertCapacity(principal: Principal, waiting: number): Promise<void>;
  /**
   * The billing half of a solve, after validation, in commands.md precedence: quota (402) →
   * result cache (a hit returns here, billed, using no compute budget) → per-minute compute
   * budget (429) → safe mode (503). Whatever it refuses is refunded. `cacheKey` is the key's
   * input, or the key itself when it was made where the problem was planned (a solve worker).
   */
  admitSolve(principal: Principal, req: { command: string; units: number; cacheKey: CacheKeyInput | string; waiting: number }): Promise<SolveAdmission>;
}

const SCOPE_OF: Readonly<Record<Exclude<Action, 'account'>, Scope>> = { solve: 'solve', analyze: 'analyze', keys: 'keys' };

export async function createAccess(deps: {
  store: Store;
  clock: () => number;
  env: NodeJS.ProcessEnv;
  /** The data directory; the outbox is `<dataDir>/outbox` unless `SVC_OUTBOX_DIR` says otherwise. */
  dataDir: string;
  limits: AccessLimits;
  sandboxDailyUnits: number;
  /** A pinned public sandbox token (never rotated). */
  pinnedSandboxToken?: string;
  /**
   * Request-rate and compute windows and the waiting count: shared through Redis in the distributed
   * deployment (distributed/redis-limits.ts); default this node's memory. Not closed here.
   */
  shared?: SharedLimits;
}): Promise<Access> {
  const { store, clock, env, limits } = deps;
  if (env.SVC_SMTP_URL?.trim()) {
    throw new Error('SVC_SMTP_URL is set, but SMTP delivery is not implemented in this build; unset it and read mail from the outbox (<SVC_DATA_DIR>/outbox).');
  }
  const mailer = createOutboxMailer({ store, clock, dir: path.resolve(env.SVC_OUTBOX_DIR?.trim() || path.join(deps.dataDir, 'outbox')) });
  const signingSecret = env.SVC_SIGNING_SECRET?.trim() || (await store.settingOrInit('email_link_secret', randomBytes(32).toString('hex')));
  const sandbox = await createSandboxTokens({
    store, clock, pinned: deps.pinnedSandboxToken, rotateSeconds: limits.sandboxRotateSeconds, graceSeconds: limits.sandboxGraceSeconds,
  });
  const publicUrl = env.SVC_PUBLIC_URL?.trim().replace(/\/+$/, '') || null;
  const accounts = createAccountService({ store, clock, limits, mailer, signingSecret, publicUrl: publicUrl ?? undefined });
  const meter = createMeter({ store, clock, sandboxDailyUnits: deps.sandboxDailyUnits, access: limits });
  const { requests, compute, waiting: waitingNow } = deps.shared ?? nodeLimits(clock);

  const cache = createResultCache({ store, clock, limits });
  const retry = createRetryLater();
  const usageAlertOf = (c: Charge) => usageAlert(c.used, c.allowance, clock());
  const takeCompute = async (p: Principal, units: number): Promise<void> => {
    // A lone call larger than the whole budget still runs in an otherwise idle minute.
    const limit = Math.max(limits.computeUnitsPerMinute, units);
    const r = await compute.take(p.id, units, limit);
    if (!r.ok) {
      throw new SvcError('SVC_COMPUTE_RATE_LIMIT', `This call needs ${units} compute units but ${r.used} of the ${limits.computeUnitsPerMinute} per minute are already spent.`, {
        extensions: { compute_units: units, compute_units_per_minute: limits.computeUnitsPerMinute },
      });
    }
  };
  const assertCapacity = async (p: Principal, local: number): Promise<void> => {
    if (p.kind !== 'sandbox' || limits.highDemandQueue === 0) return;
    const waiting = local >= limits.highDemandQueue ? local : await waitingNow(local);
    if (waiting < limits.highDemandQueue) return;
    throw new SvcError('SVC_HIGH_DEMAND', `Safe mode: ${waiting} solves are waiting for a worker, so sandbox solves are paused; keyed requests are still queued.`);
  };

  const admitIp = async (ip: string, count = 1): Promise<void> => {
    const r = await requests.take(`ip:${ip}`, count, limits.sandboxRatePerMinute);
    if (!r.ok) {
      throw new SvcError('SVC_SANDBOX_RATE', `The sandbox allows ${limits.sandboxRatePerMinute} requests per minute per IP; wait, or register a free key.`, {
        retryAfter: r.retryAfterSeconds,
      });
    }
  };

  const admitVerification = async (ip: string): Promise<void> => {
    const r = await requests.take(`verify-ip:${ip}`, 1, limits.sandboxRatePerMinute);
    if (!r.ok) {
      throw new SvcError('SVC_RATE_LIMITED', `Email verification allows ${limits.sandboxRatePerMinute} requests per minute per IP.`, { retryAfter: r.retryAfterSeconds });
    }
  };

  const countRequests = async (p: Principal, count: number): Promise<void> => {
    if (p.kind === 'sandbox') {
      await admitIp(p.ip, count);
      return;
    }
    const r = await requests.take(`key:${p.keyId}`, count, limits.keyRatePerMinute);
    if (!r.ok) {
      throw new SvcError('SVC_RATE_LIMITED', `This key allows ${limits.keyRatePerMinute} requests per minute.`, { retryAfter: r.retryAfterSeconds });
    }
  };

  const authorize = (p: Principal, action: Action): void => {
    if (p.kind === 'sandbox') {
      if (action === 'keys') {
        throw new SvcError('SVC_FORBIDDEN', 'The sandbox token cannot manage keys; register with POST /api/v1/accounts.', { actions: ['register_key'] });
      }
      return;
    }
    if (action === 'account') return;
    if (action === 'solve' && !p.emailVerified) {
      throw new SvcError('SVC_FORBIDDEN', `Solving is blocked until the email address ${p.email} is verified: open the signed link mailed at registration, or ask for a new one.`, {
        actions: ['verify_email'],
        facts: { verify_email: { email: p.email, resend: 'POST /api/v1/email/verification-notification', confirm: 'POST /api/v1/email/verify' } },
      });
    }
    const scope = SCOPE_OF[action];
    if (!p.scopes.includes(scope)) {
      throw new SvcError('SVC_FORBIDDEN', `This key lacks the '${scope}' scope (it has: ${p.scopes.join(', ') || 'none'}); use a key with it.`, {
        actions: ['mint_new_key'],
        extensions: { required_scope: scope },
      });
    }
  };

  return {
    limits,
    accounts,
    meter,
    idempotency: createIdempotency({ store, clock, limits, retry }),
    retry,
    cache,
    sandbox,
    mailer,
    async authenticate(authorization, meta = {}) {
      const token = bearerToken(authorization);
      if (token === null) {
        throw new SvcError('SVC_UNAUTHENTICATED', authorization ? 'The Authorization header is not of the form "Bearer <token>".' : 'No credentials: send "Authorization: Bearer <API_KEY>" or the public sandbox token from GET /api/v1/sandbox.');
      }
      const ip = meta.ip ?? 'unknown';
      if (token.startsWith(API_KEY_PREFIX)) return accounts.authenticateKey(token, ip);
      const state = await sandbox.check(token);
      if (state === 'active') return { kind: 'sandbox', id: `sandbox-ip:${ip}`, ip, plan: 'sandbox' };
      if (state === 'retired') {
        throw new SvcError('SVC_SANDBOX_CAPABILITY_REJECTED', 'This sandbox token was rotated out; fetch the current one from GET /api/v1/sandbox and retry once.');
      }
      // A token of the sandbox's shape this service never issued (another deployment's, a typo) is
      // a rejected sandbox token too: the remedy is the same re-fetch.
      if (token.startsWith(SANDBOX_TOKEN_PREFIX)) {
        throw new SvcError('SVC_SANDBOX_CAPABILITY_REJECTED', 'This sandbox token was not issued by this service (or has expired); fetch the current one from GET /api/v1/sandbox and retry once.');
      }
      throw new SvcError('SVC_UNAUTHENTICATED', 'The bearer token is not a valid API key or sandbox token.');
    },
    authorize,
    publicUrl,
    admitIp,
    admitVerification,
    async admit(p, action) {
      authorize(p, action);
      await countRequests(p, 1);
    },
    countRequests,
    takeCompute,
    async giveCompute(p, units) {
      await compute.give(p.id, units);
    },
    assertCapacity,
    async admitSolve(p, req) {
      const charge = await meter.charge(p, req.units);
      const base = { charge, left: Math.max(0, charge.allowance - charge.used), usageAlert: usageAlertOf(charge) };
      // A refund the store refuses now (a full disk) is retried until it succeeds.
      const refund = () => retry.run(() => store.settleHold(charge.holdId, { refund: true }));
      let key: string;
      let cached: CachedSolve | null;
      try {
        key = typeof req.cacheKey === 'string' ? req.cacheKey : cache.keyOf(req.cacheKey);
        cached = await cache.get(key);
      } catch (e) {
        await refund();
        throw e;
      }
      if (!cached) {
        try {
          await takeCompute(p, req.units);
        } catch (e) {
          await refund();
          throw e;
        }
        try {
          await assertCapacity(p, req.waiting);
        } catch (e) {
          await compute.give(p.id, req.units);
          await refund();
          throw e;
        }
      }
      let finished = false;
      return {
        ...base,
        cached,
        async settle(done) {
          if (finished) return;
          finished = true;
          // The commit point: the hold is gone and the keyed answer stored, together.
          await store.settleHold(charge.holdId, { refund: false, idempotency: done.answer });
          stageMark('held');
          await meter.settle(p, charge, { kind: 'solve', command: req.command, compute_units: req.units, receipt: done.receipt, job_id: null, cached: cached !== null });
          stageMark('metered');
          if (!cached && done.cacheable) await cache.put(key, done.cacheable);
        },
        handOver() {
          finished = true;
        },
        async abort() {
          if (finished) return;
          finished = true;
          if (!cached) await compute.give(p.id, req.units);
          await refund();
        },
      };
    },
  };
}
