import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { SvcError, toSvcError } from '@svc/errors';
import {
  TAG, CERTAINTY, SOLVE_QUERY_KEYS, validateProblem, parseSolveOptions, capabilitiesManifest,
  type UsageAlert,
} from '@svc/contracts';
import { COMMANDS, newCancelSignal, type Command, type Effort, type EngineResult } from '@svc/engine-ts';
import { createEngine } from '@svc/engine-native';
import { defaultDataDir, openSqliteStore, utcDay, type Store } from '@svc/store';
import { resolveLimits, type SandboxLimits, type ServiceLimits } from './config';
import { computeUnits, COMPUTE_UNITS_FORMULA, EFFORT_FACTORS, UNITS_BLOCK } from './compute-units';
import { receipt } from './receipt';
import { MODEL_VERSION, MODEL_VERSIONS, VERSION_ALIASES, resolveVersion, type ModelVersion } from './versions';
import { bearerToken, type Principal } from './principal';
import { createSolvePool, type SolvePool } from './internal/solve-pool';
import { ADAPTERS } from './commands';

/** Certainty texts of commands.md (exact). */
export const CERTIFIED: string = CERTAINTY.certified;
export const HEURISTIC: string = CERTAINTY.heuristic;

/** Commands this build can solve (one adapter each); the other known commands answer SVC_UNSUPPORTED. */
export const SOLVABLE_COMMANDS: readonly Command[] = Object.freeze(COMMANDS.filter((c) => ADAPTERS[c] !== undefined));

/** The free plan of interface §8, published by `pricing()`. */
const FREE_PLAN = Object.freeze({ dailyUnits: 50_000, bodyBytes: 100 * 1024 * 1024, maxN: 100_000 });

export interface ServiceOptions {
  /** Data directory of the embedded store (default `SVC_DATA_DIR` or `./.svc-data`). Ignored with `store`. */
  dataDir?: string;
  /** Engine kind; default `SVC_ENGINE`, else native when the addon loads, else ts. */
  engine?: 'ts' | 'native';
  /** Epoch-ms clock for quota days (tests inject one); default `Date.now`. */
  clock?: () => number;
  /** Solver worker threads (default `SVC_WORKERS`, else cores − 1, 1..8). */
  workers?: number;
  /** Solves that may wait for a worker before SVC_WORKERS_SATURATED (default `SVC_WORKER_QUEUE`, else 64). */
  workerQueue?: number;
  /** Sandbox limits overriding the environment. */
  sandbox?: Partial<SandboxLimits>;
  /** Absolute body cap overriding `SVC_MAX_BODY_BYTES`. */
  maxBodyBytes?: number;
  /** The public sandbox token to publish (default `SVC_SANDBOX_TOKEN`, else the stored or a new random one). */
  sandboxToken?: string;
  /** A ready store (e.g. PostgreSQL); the service then does not close it. */
  store?: Store;
  /** Environment to read settings from (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  /** Path of the bundled worker (default `<@svc/service>/dist/solve-worker.mjs`). */
  workerFile?: string;
}

/** Options and identity of one solve call. */
export interface SolveContext {
  readonly principal: Principal;
  /** Query parameters: `effort`, `seed`, `max_latency_ms`, `version` (strings or numbers). */
  readonly query?: Readonly<Record<string, unknown>>;
}

/** `{queue_ms, compute_ms, total_ms}` of one solve. */
export interface Observability {
  queue_ms: number;
  compute_ms: number;
  total_ms: number;
}

/** The flat success envelope of interface §2.3: the command's answer fields, then the common ones. */
export interface SolveEnvelope {
  answer: unknown;
  /** Command-specific answer fields (energy, cut_value, n, …). */
  [field: string]: unknown;
  certainty: string;
  proof: EngineResult['proof'];
  bound?: number;
  gap?: number;
  receipt: string;
  compute_units: number;
  compute_units_left: number;
  elapsed_ms: number;
  peak_rss_kb: number;
  observability: Observability;
  tag: string;
  version: string;
  engine: 'native' | 'ts';
  effort: Effort;
  seed: number;
  latency_budget_ms?: number;
  stopped_at_deadline?: boolean;
  usage_alert?: UsageAlert;
}

export interface HealthStatus {
  status: 'ok';
  engine: 'native' | 'ts';
  engine_id: string;
  version: string;
}

export interface SandboxInfo {
  token: string;
  auth: string;
  limits: {
    max_n: number;
    max_body_bytes: number;
    daily_compute_units: number;
    daily_reset: string;
  };
  commands: readonly Command[];
  notes: string;
}

export interface Service {
  /** Engine kind every solve of this instance uses. */
  readonly engine: 'native' | 'ts';
  readonly engineId: string;
  readonly limits: ServiceLimits;
  /** Solves one problem; every failure is an `SvcError`. */
  solve(command: string, body: unknown, ctx: SolveContext): Promise<SolveEnvelope>;
  /** The capabilities manifest (every command, its input schema, what is available now). */
  capabilities(): unknown;
  /** Public sandbox token and the limits enforced on it. */
  sandboxInfo(): Promise<SandboxInfo>;
  /** Public plans and metering, with the live sandbox cap. */
  pricing(): Record<string, unknown>;
  /** Catalogue of pinnable model versions and aliases. */
  models(): { default: string; versions: readonly ModelVersion[]; aliases: Readonly<Record<string, string>> };
  health(): HealthStatus;
  /**
   * Maps an `Authorization` header to a principal: the active sandbox token → sandbox principal
   * for `meta.ip`; a retired sandbox token → SVC_SANDBOX_CAPABILITY_REJECTED; else SVC_UNAUTHENTICATED.
   */
  authenticate(authorization: string | undefined | null, meta?: { ip?: string }): Promise<Principal>;
  /** JSON body cap in bytes for this principal. */
  bodyLimitFor(principal: Principal): number;
  /** Whether `command` is one of the 25 commands of the interface. */
  isKnownCommand(command: string): command is Command;
  /** Whether this build can solve `command`. */
  isSolvable(command: string): boolean;
  close(): Promise<void>;
}

/** Throws 404 SVC_UNSUPPORTED for an unknown or not-yet-available command. */
export function assertSolvable(command: string): asserts command is Command {
  if (!(COMMANDS as readonly string[]).includes(command)) {
    throw new SvcError('SVC_UNSUPPORTED', `Unknown command '${command}'; GET /api/v1/capabilities lists the commands.`);
  }
  if (!SOLVABLE_COMMANDS.includes(command as Command)) {
    throw new SvcError('SVC_UNSUPPORTED', `The command '${command}' is not available yet on this service; available now: ${SOLVABLE_COMMANDS.join(', ')}.`);
  }
}

/** Throws 404 SVC_UNSUPPORTED naming the first query parameter a solve does not know. */
export function assertKnownQuery(query: Readonly<Record<string, unknown>> | undefined): void {
  for (const key of Object.keys(query ?? {})) {
    if (!(SOLVE_QUERY_KEYS as readonly string[]).includes(key)) {
      throw new SvcError('SVC_UNSUPPORTED', `Unknown query parameter '${key}'; a solve takes ${SOLVE_QUERY_KEYS.join(', ')}.`, {
        extensions: { field: key },
      });
    }
  }
}

const round3 = (ms: number) => Math.max(0, Math.round(ms * 1000) / 1000);

function nextUtcMidnight(epochMs: number): string {
  const d = new Date(epochMs);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1)).toISOString();
}

/**
 * The in-band budget signal past 50 % of the daily allowance (interface §8):
 * notice above 50 %, warning from 80 %, critical from 95 %.
 */
export function usageAlert(used: number, limit: number, now: number): UsageAlert | undefined {
  if (limit <= 0 || used <= limit / 2) return undefined;
  const share = used / limit;
  const level = share >= 0.95 ? 'critical' : share >= 0.8 ? 'warning' : 'notice';
  const left = Math.max(0, limit - used);
  return {
    level,
    used_pct: Math.round(share * 1000) / 10,
    compute_units_left: left,
    message: `${Math.round(share * 100)}% of today's ${limit} compute units are used; ${left} left until ${nextUtcMidnight(now)}.`,
    agent_fix_prompt: 'Tell the human operator that the daily compute allowance is running low; prefer lower effort or smaller problems, and never rotate keys or tokens to evade the limit.',
  };
}

/** Opens the store, probes the engine and starts the solver pool. */
export async function createService(opts: ServiceOptions = {}): Promise<Service> {
  const env = opts.env ?? process.env;
  const clock = opts.clock ?? Date.now;
  const limits = resolveLimits(
    { sandbox: opts.sandbox, maxBodyBytes: opts.maxBodyBytes, workers: opts.workers, workerQueue: opts.workerQueue },
    env,
    os.availableParallelism(),
  );
  const requestedEngine = opts.engine ?? (env.SVC_ENGINE === 'ts' || env.SVC_ENGINE === 'native' ? env.SVC_ENGINE : undefined);
  // Same selection as every worker makes; a worker that disagrees is caught per solve.
  const probe = createEngine(requestedEngine);
  const engineKind = probe.kind;
  const store = opts.store ?? (await openSqliteStore({ dataDir: opts.dataDir ?? defaultDataDir(env) }));
  const ownsStore = !opts.store;

  const wanted = opts.sandboxToken ?? (env.SVC_SANDBOX_TOKEN?.trim() || undefined);
  let pool: SolvePool;
  try {
    if (wanted) {
      await store.addSandboxToken(wanted, clock());
    } else if ((await store.activeSandboxTokens()).length === 0) {
      await store.addSandboxToken(`sbx_${randomBytes(16).toString('hex')}`, clock());
    }
    pool = createSolvePool({ engine: requestedEngine, threads: limits.workers, maxQueue: limits.workerQueue, workerFile: opts.workerFile });
  } catch (e) {
    if (ownsStore) await store.close();
    throw e;
  }
  const currentToken = async (): Promise<string> => {
    if (wanted) return wanted;
    const active = await store.activeSandboxTokens();
    if (active.length === 0) throw new SvcError('SVC_INTERNAL', 'No active sandbox token.');
    return active[0].token;
  };

  // Only the sandbox exists so far; plans with their own allowance come with API keys.
  const allowanceOf = (_p: Principal) => limits.sandbox.dailyUnits;

  async function solve(command: string, body: unknown, ctx: SolveContext): Promise<SolveEnvelope> {
    const t0 = performance.now();
    try {
      assertSolvable(command);
      assertKnownQuery(ctx.query);
      const principal = ctx.principal;
      const sandbox = principal.kind === 'sandbox';
      // Contracts checks in spec precedence, including the sandbox n cap (403 SVC_SANDBOX_LIMIT).
      const v = validateProblem(command, body, sandbox ? { sandbox, sandboxMaxN: limits.sandbox.maxN } : { sandbox });
      const o = parseSolveOptions(ctx.query ?? {}, v.version);
      const version = resolveVersion(o.version ?? v.version);
      const adapter = ADAPTERS[command];
      if (!adapter) throw new SvcError('SVC_UNSUPPORTED', `The command '${command}' is not available yet on this service.`);
      const prep = adapter.prepare(v);
      const effort: Effort = o.effort;
      const seed = o.seed;
      const units = computeUnits({ n: v.n, terms: prep.terms }, effort);

      const day = utcDay(clock());
      const allowance = allowanceOf(principal);
      const charge = await store.consumeUnits(principal.id, day, units, allowance);
      if (!charge.granted) {
        throw new SvcError('SVC_QUOTA_EXCEEDED', `This solve costs ${units} compute units but only ${Math.max(0, allowance - charge.used)} of today's ${allowance} are left; the allowance resets at 00:00 UTC.`, {
          extensions: { compute_units: units, compute_units_left: Math.max(0, allowance - charge.used), resets_at: nextUtcMidnight(clock()) },
        });
      }

      try {
        const cancel = newCancelSignal().flag;
        const budget = o.maxLatencyMs > 0 ? o.maxLatencyMs : 0;
        let deadlineTimer: NodeJS.Timeout | undefined;
        let deadlineFired = false;
        if (budget > 0) {
          // The budget counts from the request's arrival, so queueing eats into it too.
          const remaining = Math.max(1, budget - (performance.now() - t0));
          deadlineTimer = setTimeout(() => {
            deadlineFired = true;
            Atomics.store(cancel, 0, 1);
          }, remaining);
        }
        let run;
        try {
          run = await pool.run({
            command,
            problem: prep.problem,
            effort,
            seed,
            deadlineMs: budget > 0 ? Math.max(1, Math.floor(budget - (performance.now() - t0))) : undefined,
            warmStart: prep.warmStart,
            cancel,
          });
        } finally {
          if (deadlineTimer) clearTimeout(deadlineTimer);
        }
        const { out } = run;
        const answering = probe.engineFor(command).kind;
        if (out.engine !== answering) {
          throw new SvcError('SVC_ENGINE_FAILURE', `worker solved with engine '${out.engine}', expected '${answering}'`);
        }
        const r = out.result;
        const done = prep.finish(r, { deadlineFired });
        const { proof, stoppedAtDeadline: stopped, bound, gap } = done;
        const envelope: SolveEnvelope = {
          ...done.fields,
          certainty: done.certainty ?? (proof === null ? HEURISTIC : CERTIFIED),
          proof,
          ...(bound !== undefined ? { bound, gap } : {}),
          receipt: receipt({
            command,
            problem: prep.receiptProblem,
            seed,
            effort,
            version,
            engine: answering,
            answer: done.fields.answer,
          }),
          compute_units: units,
          compute_units_left: Math.max(0, allowance - charge.used),
          elapsed_ms: round3(r.engineMs),
          peak_rss_kb: run.peakRssKb,
          observability: {
            queue_ms: round3(out.startedAt - run.submittedAt),
            compute_ms: round3(out.finishedAt - out.startedAt),
            total_ms: 0,
          },
          tag: TAG,
          version,
          engine: answering,
          effort,
          seed,
        };
        if (budget > 0) {
          envelope.latency_budget_ms = budget;
          envelope.stopped_at_deadline = stopped;
        }
        const alert = usageAlert(charge.used, allowance, clock());
        if (alert) envelope.usage_alert = alert;
        envelope.observability.total_ms = round3(performance.now() - t0);
        return envelope;
      } catch (e) {
        // A failed solve is never billed; the original fault is what the caller needs to see.
        await store.refundUnits(principal.id, day, units).catch(() => undefined);
        throw e;
      }
    } catch (e) {
      throw toSvcError(e);
    }
  }

  return {
    engine: engineKind,
    engineId: probe.id,
    limits,
    solve,
    capabilities() {
      // The caps come from the engines' own work budgets, so capabilities never over-promise.
      const exactCaps: Partial<Record<Command, Record<Effort, number>>> = {};
      for (const c of SOLVABLE_COMMANDS) {
        const caps = ADAPTERS[c]?.exactCaps?.();
        if (caps) exactCaps[c] = caps;
      }
      return capabilitiesManifest({ available: (c) => SOLVABLE_COMMANDS.includes(c as Command), engine: probe.id, exactCaps });
    },
    async sandboxInfo() {
      return {
        token: await currentToken(),
        auth: 'Authorization: Bearer <token>',
        limits: {
          max_n: limits.sandbox.maxN,
          max_body_bytes: limits.sandbox.bodyBytes,
          daily_compute_units: limits.sandbox.dailyUnits,
          daily_reset: '00:00 UTC',
        },
        commands: SOLVABLE_COMMANDS,
        notes: 'The token is public by design and rotated from time to time; on SVC_SANDBOX_CAPABILITY_REJECTED fetch it again once. Never substitute a production key for it. Solving always runs on the service.',
      };
    },
    pricing() {
      return {
        currency: 'USD',
        plans: [
          {
            plan: 'sandbox',
            price_per_month: 0,
            auth: 'public sandbox token from GET /api/v1/sandbox; no signup',
            daily_compute_units: limits.sandbox.dailyUnits,
            daily_compute_units_scope: 'per client IP',
            max_body_bytes: limits.sandbox.bodyBytes,
            max_n: limits.sandbox.maxN,
          },
          {
            plan: 'free',
            price_per_month: 0,
            auth: 'registered API key (email verified)',
            daily_compute_units: FREE_PLAN.dailyUnits,
            max_body_bytes: FREE_PLAN.bodyBytes,
            max_n: FREE_PLAN.maxN,
          },
        ],
        metering: {
          unit: 'compute unit',
          formula: COMPUTE_UNITS_FORMULA,
          block_size: UNITS_BLOCK,
          effort_factors: EFFORT_FACTORS,
          charged: 'successful solves only; a failed solve is refunded',
          free_operations: ['capabilities', 'sandbox', 'pricing', 'models', 'analyze/estimate/preflight', 'verify'],
          daily_reset: '00:00 UTC',
          usage_alert_at_share: 0.5,
        },
        sandbox: { daily_compute_units: limits.sandbox.dailyUnits, max_body_bytes: limits.sandbox.bodyBytes, max_n: limits.sandbox.maxN },
      };
    },
    models() {
      return { default: MODEL_VERSION, versions: MODEL_VERSIONS, aliases: VERSION_ALIASES };
    },
    health() {
      return { status: 'ok', engine: engineKind, engine_id: probe.id, version: MODEL_VERSION };
    },
    async authenticate(authorization, meta = {}) {
      const token = bearerToken(authorization);
      if (token === null) {
        throw new SvcError('SVC_UNAUTHENTICATED', authorization ? 'The Authorization header is not of the form "Bearer <token>".' : 'No credentials: send "Authorization: Bearer <API_KEY>" or the public sandbox token from GET /api/v1/sandbox.');
      }
      const row = await store.findSandboxToken(token);
      if (row && row.retiredAt === null) {
        const ip = meta.ip ?? 'unknown';
        return { kind: 'sandbox', id: `sandbox-ip:${ip}`, ip, plan: 'sandbox' };
      }
      if (row) {
        throw new SvcError('SVC_SANDBOX_CAPABILITY_REJECTED', 'This sandbox token was rotated out; fetch the current one from GET /api/v1/sandbox and retry once.');
      }
      throw new SvcError('SVC_UNAUTHENTICATED', 'The bearer token is not a valid API key or sandbox token.');
    },
    bodyLimitFor(principal) {
      return principal.kind === 'sandbox' ? Math.min(limits.sandbox.bodyBytes, limits.maxBodyBytes) : limits.maxBodyBytes;
    },
    isKnownCommand(command): command is Command {
      return (COMMANDS as readonly string[]).includes(command);
    },
    isSolvable(command) {
      return SOLVABLE_COMMANDS.includes(command as Command);
    },
    async close() {
      await pool.close();
      if (ownsStore) await store.close();
    },
  };
}
