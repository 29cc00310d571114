import os from 'node:os';
import { CERTAINTY } from '@svc/contracts';
import { COMMANDS, type Command } from '@svc/engine-ts';
import { createEngine, nativeLoadFailureLine, type NativeLoadResult } from '@svc/engine-native';
import { defaultDataDir, openStore, type Recovery, type Store } from '@svc/store';
import { resolveLimits, type SandboxLimits, type ServiceLimits } from './config';
import { resolveAccessLimits } from './limits/access-limits';
import { COMPUTE_UNITS_FORMULA, EFFORT_FACTORS, UNITS_BLOCK } from './compute-units';
import { MODEL_VERSION, MODEL_VERSIONS, VERSION_ALIASES, type ModelVersion } from './versions';
import { type Principal } from './principal';
import { createAccess, type Access } from './access';
import type { AccessLimits } from './limits/access-limits';
import { createSolvePool, RssSampler, type StagingPool } from './solve/pool';
import { DirectLane } from './solve/direct-lane';
import { createSolvePath, type SolvePath } from './solve/path';
import { SOLVABLE_COMMANDS } from './solve/plan';
import { createPreflight, type PreflightApi } from './preflight';
import { createCompute, type ComputeApi } from './compute';
import { createVerify, type VerifyApi } from './check-answer';
import { createCatalogue, type CatalogueApi } from './catalogue';
import { createOperations, type OperationsApi } from './operations';
import type { ServiceMetrics } from './metrics';
import { createJobService, type JobService } from './jobs/job-service';
import { createJobQueue, type JobQueue } from './distributed/job-queue';
import { jobsPricing, resolveJobLimits, type JobLimits } from './jobs/job-config';
import { createMetrics } from './metrics';
import { measureStore } from './measured-store';
import { usageAlert } from './limits/usage-alert';
import { redisLimitsFromEnv } from './distributed/redis-limits';
import { redisUrlFromEnv } from './distributed/redis-client';
import type { SharedLimits } from './limits/shared-limits';
import type { SolveContext, SolveEnvelope, SolveOutcome } from './solve/types';
import { bodyBudgetFromEnv, type BodyBudget } from './door/body-budget';
import { createBodyChecker, type BodyChecker } from './door/body-check-pool';

/** Defined in solve/types.ts (shared by the solve path, jobs and every front door). */
export type { SolveContext, SolveEnvelope, Observability } from './solve/types';

/** Certainty texts of commands.md (exact). */
export const CERTIFIED: string = CERTAINTY.certified;
export const HEURISTIC: string = CERTAINTY.heuristic;

/** Defined in solve/plan.ts (the plan step shared by solves, jobs, analyze and the binary lane). */
export { SOLVABLE_COMMANDS, assertSolvable, assertKnownQuery } from './solve/plan';

/** The free plan of interface §8, published by `pricing()`. */
const FREE_PLAN = Object.freeze({ dailyUnits: 50_000, bodyBytes: 100 * 1024 * 1024, maxN: 100_000 });

export interface ServiceOptions {
  /**
   * Data directory of the embedded store (default `SVC_DATA_DIR` or `./.svc-data`). Ignored with
   * `store`, and for the store when `SVC_DATABASE_URL` names a PostgreSQL database.
   */
  dataDir?: string;
  /** Engine kind; default `SVC_ENGINE`, else native when the addon loads, else ts (said on `/healthz` and by `nativeLoadFailure`). */
  engine?: 'ts' | 'native';
  /** The native addon loader of the start-up probe (default the package's `loadNativeAddon`; tests pass a failing one). */
  loadNative?: () => NativeLoadResult;
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
  /** Plan, rate, token and cache limits overriding the environment (see limits/access-limits.ts). */
  access?: Partial<AccessLimits>;
  /** Job settings overriding the environment (queue threshold, in-flight cap, queue capacity; jobs/job-config.ts). */
  jobs?: Partial<JobLimits>;
  /**
   * This process's part when `SVC_REDIS_URL` names the distributed queue: `producer` (an HTTP
   * node, the default: stores and dispatches jobs, runs none) or `worker` (apps/worker: runs them).
   * Ignored without Redis: the process then runs the store's jobs itself.
   */
  jobRole?: 'producer' | 'worker';
  /** The `process` label of this process's metrics (default `SVC_PROCESS_NAME`, else `http-<host>:<pid>`). */
  processName?: string;
  /** Bytes of request bodies read and held at once, every door together (default `SVC_BODY_BYTES_IN_FLIGHT`, else 256 MiB). */
  bodyBytesInFlight?: number;
  /** Bodies at least this large are parsed and validated off the event loop (default `SVC_OFFLOOP_BODY_BYTES`, else 1 MiB). */
  offloopBodyBytes?: number;
  /** Verify bodies whose JSON is at least this large are checked on a worker thread (default `SVC_OFFLOOP_VERIFY_BYTES`, else 16 KiB). */
  offloopVerifyBytes?: number;
  /**
   * Tiny native solves answered by this thread's engine without a worker's round trip
   * (solve/direct-lane.ts); default on unless `SVC_DIRECT_SOLVES=0`, and off with `workerFile`
   * (whose worker must then run every solve).
   */
  directSolves?: boolean;
}

export interface HealthStatus {
  status: 'ok';
  /** `native`, `ts`, or `ts (native failed to load: <cause>)` when native was preferred but the addon did not load. */
  engine: 'native' | 'ts' | `ts (native failed to load: ${string})`;
  engine_id: string;
  version: string;
  /** On the native engine: the commands it answers, those engine-ts answers (an optional library missing at build), and the libraries built in. */
  native_commands?: Command[];
  ts_commands?: Command[];
  native_libraries?: string[];
}

export interface SandboxInfo {
  token: string;
  auth: string;
  limits: {
    max_n: number;
    max_body_bytes: number;
    daily_compute_units: number;
    daily_reset: string;
    /** Requests per minute per client IP. */
    rate_per_minute: number;
    /** Rotation period of the token and how long a rotated-out token is still accepted (absent when pinned). */
    rotation_seconds?: number;
    rotation_grace_seconds?: number;
  };
  commands: readonly Command[];
  notes: string;
}

/**
 * The members of `Service` beyond solve and the service's own metadata, one factory per job
 * (preflight.ts, compute.ts, check-answer.ts, catalogue.ts, operations.ts).
 */
export interface ServiceExtras extends PreflightApi, ComputeApi, VerifyApi, Omit<CatalogueApi, 'capabilities'>, OperationsApi {
  readonly jobs: JobService;
  readonly metrics: ServiceMetrics;
  /** Solves a SVCB body (binary lane; optimize and maxcut) with the JSON lane's contracts; heavy → queued. */
  solveBinary(bytes: Uint8Array, ctx: SolveContext): Promise<SolveOutcome>;
}

export interface Service extends ServiceExtras {
  /** Engine kind every solve of this instance uses. */
  readonly engine: 'native' | 'ts';
  readonly engineId: string;
  /**
   * The one loud line (no newline) to print at start when native was preferred (no engine forced)
   * but the addon did not load, so every command is solved by engine-ts: it names the cause (the
   * file and dlopen's message, e.g. "undefined symbol: …"). Null when nothing failed.
   */
  readonly nativeLoadFailure: string | null;
  readonly limits: ServiceLimits;
  /**
   * Request bodies, for the doors: the bytes in flight admitted per process (503 SVC_BUSY past the
   * budget, before reading) and the worker that parses and validates large ones off the event loop.
   */
  readonly bodies: { readonly budget: BodyBudget; readonly checker: BodyChecker };
  /**
   * Accounts and keys, scopes, request rates, metering, idempotency and the result cache.
   * Front doors call `access.admit(principal, action)` once per request after `authenticate`.
   */
  readonly access: Access;
  /** Solves one problem; every failure is an `SvcError`. With `allowQueue`, a heavy solve answers a queued job. */
  solve(command: string, body: unknown, ctx: SolveContext & { readonly allowQueue: true }): Promise<SolveOutcome>;
  solve(command: string, body: unknown, ctx: SolveContext & { readonly allowQueue?: false }): Promise<SolveEnvelope>;
  solve(command: string, body: unknown, ctx: SolveContext): Promise<SolveOutcome>;
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

/** Moved to limits/usage-alert.ts; re-exported for existing importers. */
export { usageAlert } from './limits/usage-alert';

/** Opens the store, probes the engine and starts the solver pool. */
export async function createService(opts: ServiceOptions = {}): Promise<Service> {
  const env = opts.env ?? process.env;
  const clock = opts.clock ?? Date.now;
  const limits = resolveLimits(
    { sandbox: opts.sandbox, maxBodyBytes: opts.maxBodyBytes, workers: opts.workers, workerQueue: opts.workerQueue },
    env,
    os.availableParallelism(),
  );
  // A malformed SVC_REDIS_URL stops the start before the store is opened.
  redisUrlFromEnv(env);
  const requestedEngine = opts.engine ?? (env.SVC_ENGINE === 'ts' || env.SVC_ENGINE === 'native' ? env.SVC_ENGINE : undefined);
  // Same selection as every worker makes; a worker that disagrees is caught per solve.
  const probe = createEngine(requestedEngine, opts.loadNative);
  const engineKind = probe.kind;
  const nativeLoadError = probe.nativeLoadError ?? null;
  // Once the probe fell back, every worker solves with engine-ts too (not a second guess per thread).
  const workerEngine = nativeLoadError !== null ? 'ts' : requestedEngine;
  // This process's registry; every store call is timed into it.
  const metrics = createMetrics({ processName: opts.processName ?? (env.SVC_PROCESS_NAME?.trim() || undefined) });
  // SQLite in the data dir (embedded), or PostgreSQL when SVC_DATABASE_URL is set (distributed).
  const store = measureStore(opts.store ?? (await openStore(env, { dataDir: opts.dataDir })), metrics);
  const ownsStore = !opts.store;
  let recoveryTimer: NodeJS.Timeout | null = null;
  let queue: JobQueue | null = null;

  const wanted = opts.sandboxToken ?? (env.SVC_SANDBOX_TOKEN?.trim() || undefined);
  const engineKindFor = (c: Command): 'native' | 'ts' => probe.engineFor(c).kind;
  let closed = false;
  let pool: StagingPool;
  let access: Access;
  let jobs: JobService;
  let solvePath: SolvePath;
  let extras: ServiceExtras;
  let catalogue: CatalogueApi;
  // Rate windows and safe mode's waiting count shared through Redis when SVC_REDIS_URL is set.
  let shared: SharedLimits | null = null;
  const bodies = {
    budget: bodyBudgetFromEnv(env, opts.bodyBytesInFlight),
    checker: createBodyChecker({ env, thresholdBytes: opts.offloopBodyBytes, verifyThresholdBytes: opts.offloopVerifyBytes }),
  };
  try {
    // Settle what a dead owner left half-done (held charges refunded, running idempotency keys
    // freed, claimed jobs requeued). Embedded: nothing is in flight before the first request, so
    // everything left is a dead process's. Distributed: only nodes whose lease expired, and again
    // periodically, since any node may die at any time.
    const told = (r: Recovery, what: string) => {
      if (r.refundedHolds > 0 || r.releasedKeys > 0 || r.requeuedJobs > 0) {
        process.stderr.write(`[svc] recovered ${what}: ${r.refundedHolds} unanswered calls refunded (${r.refundedUnits} units), ${r.releasedKeys} idempotency keys freed, ${r.requeuedJobs} jobs requeued\n`);
      }
    };
    told(await store.recoverInterrupted(), store.lease.leaseMs === null ? 'from an interrupted run' : 'the calls of nodes whose lease expired');
    if (store.lease.leaseMs !== null) {
      let failing = false;
      recoveryTimer = setInterval(() => {
        store.recoverInterrupted().then((r) => {
          failing = false;
          told(r, 'the calls of nodes whose lease expired');
          // Requeued jobs go to the distributed queue now (a no-op without one).
          if (r.requeuedJobs > 0) void jobs?.reconcile().catch(() => undefined);
        }, (e: unknown) => {
          if (!failing) process.stderr.write(`[svc] recovery of expired nodes failed: ${e instanceof Error ? e.message : String(e)}; retrying\n`);
          failing = true;
        });
      }, Math.max(1000, Math.floor(store.lease.leaseMs / 3)));
      recoveryTimer.unref();
    }
    // A queue worker (apps/worker) serves no requests: it has no rate windows to share.
    if (opts.jobRole !== 'worker') shared = await redisLimitsFromEnv(env, { clock, nodeId: store.lease.nodeId, localWaiting: () => pool?.waiting ?? 0 });
    access = await createAccess({
      store, clock, env, dataDir: opts.dataDir ?? defaultDataDir(env), limits: resolveAccessLimits(opts.access, env),
      sandboxDailyUnits: limits.sandbox.dailyUnits, pinnedSandboxToken: wanted, shared: shared ?? undefined,
    });
    pool = createSolvePool({ engine: workerEngine, threads: limits.workers, maxQueue: limits.workerQueue, workerFile: opts.workerFile });
    const redisUrl = env.SVC_REDIS_URL?.trim();
    const jobRole = opts.jobRole ?? 'producer';
    if (redisUrl) {
      if (store.lease.leaseMs === null) {
        throw new Error('SVC_REDIS_URL needs SVC_DATABASE_URL: the distributed queue runs jobs in other processes, which share their state through PostgreSQL, not the embedded SQLite file');
      }
      queue = createJobQueue({ url: redisUrl, prefix: env.SVC_REDIS_PREFIX?.trim() || undefined });
    }
    jobs = createJobService({
      queue: queue ? { queue, role: jobRole } : undefined,
      store,
      limits: resolveJobLimits(opts.jobs, env),
      clock,
      engine: workerEngine,
      workerFile: opts.workerFile,
      engineKindFor,
      sandboxMaxN: limits.sandbox.maxN,
      usageAlert,
      metrics,
      async onDone(done) {
        // The usage log (with the receipt) and the result cache learn of a job once it is done.
        await access.meter.settle(done.principal, done.charge, {
          kind: 'job', command: done.command, compute_units: done.units, receipt: done.receipt, job_id: done.jobId, cached: false,
        });
        if (done.cacheable) await access.cache.put(typeof done.cacheKey === 'string' ? done.cacheKey : access.cache.keyOf(done.cacheKey), done.cacheable);
      },
    });
    // Every front door (JSON solve, compute, binary lane) answers through this one path.
    const directOn = opts.directSolves ?? (opts.workerFile === undefined && env.SVC_DIRECT_SOLVES?.trim() !== '0');
    const direct = directOn ? new DirectLane(probe, 1, new RssSampler()) : undefined;
    solvePath = createSolvePath({ access, pool, jobs, metrics, engineKindFor, sandboxMaxN: limits.sandbox.maxN, direct });
    const sandboxMaxN = limits.sandbox.maxN;
    catalogue = createCatalogue({ engineId: probe.id, engineKindFor, nativeLibraries: probe.libraries });
    extras = {
      jobs,
      metrics,
      solveBinary: (bytes, ctx) => solvePath.solve({ lane: 'svcb', bytes }, { ...ctx, allowQueue: ctx.allowQueue ?? true }),
      ...createPreflight({ store, access, jobs, clock, sandboxMaxN }),
      ...createCompute(solvePath),
      ...createVerify({ sandboxMaxN, offloop: bodies.checker }),
      formulate: catalogue.formulate,
      examples: catalogue.examples,
      ...createOperations({ store, access, pool, limits, jobs, queue, metrics, engineKind, engineId: probe.id, clock, isClosed: () => closed }),
    };
  } catch (e) {
    if (recoveryTimer) clearInterval(recoveryTimer);
    await queue?.close();
    await shared?.close();
    await bodies.checker.close();
    if (ownsStore) await store.close();
    throw e;
  }
  // Rotates lazily when due (access.ts); a pinned token never rotates.
  const currentToken = (): Promise<string> => access.sandbox.current();

  function solve(command: string, body: unknown, ctx: SolveContext): Promise<SolveOutcome> {
    return solvePath.solve({ lane: 'json', command, body }, ctx);
  }

  return {
    engine: engineKind,
    engineId: probe.id,
    nativeLoadFailure: nativeLoadError === null ? null : nativeLoadFailureLine(nativeLoadError),
    limits,
    bodies,
    access,
    ...extras,
    solve: solve as Service['solve'],
    capabilities: () => catalogue.capabilities(),
    async sandboxInfo() {
      return {
        token: await currentToken(),
        auth: 'Authorization: Bearer <token>',
        limits: {
          max_n: limits.sandbox.maxN,
          max_body_bytes: limits.sandbox.bodyBytes,
          daily_compute_units: limits.sandbox.dailyUnits,
          daily_reset: '00:00 UTC',
          rate_per_minute: access.limits.sandboxRatePerMinute,
          ...(access.sandbox.rotation
            ? { rotation_seconds: access.sandbox.rotation.everySeconds, rotation_grace_seconds: access.sandbox.rotation.graceSeconds }
            : {}),
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
          free_operations: ['capabilities', 'sandbox', 'pricing', 'models', 'examples', 'formulate', 'route', 'analyze/estimate/preflight', 'verify'],
          daily_reset: '00:00 UTC',
          usage_alert_at_share: 0.5,
        },
        sandbox: { daily_compute_units: limits.sandbox.dailyUnits, max_body_bytes: limits.sandbox.bodyBytes, max_n: limits.sandbox.maxN },
        jobs: jobsPricing(jobs.limits),
      };
    },
    models() {
      return { default: MODEL_VERSION, versions: MODEL_VERSIONS, aliases: VERSION_ALIASES };
    },
    health() {
      const engine: HealthStatus['engine'] = nativeLoadError === null ? engineKind : `ts (native failed to load: ${nativeLoadError})`;
      const base: HealthStatus = { status: 'ok', engine, engine_id: probe.id, version: MODEL_VERSION };
      if (engineKind !== 'native') return base;
      return {
        ...base,
        native_commands: SOLVABLE_COMMANDS.filter((c) => engineKindFor(c) === 'native'),
        ts_commands: SOLVABLE_COMMANDS.filter((c) => engineKindFor(c) === 'ts'),
        native_libraries: probe.libraries.map((l) => `${l.name} ${l.version} (${l.family})`),
      };
    },
    authenticate(authorization, meta = {}) {
      return access.authenticate(authorization, meta);
    },
    bodyLimitFor(principal) {
      return Math.min(principal.kind === 'sandbox' ? limits.sandbox.bodyBytes : access.limits.freeBodyBytes, limits.maxBodyBytes);
    },
    isKnownCommand(command): command is Command {
      return (COMMANDS as readonly string[]).includes(command);
    },
    isSolvable(command) {
      return SOLVABLE_COMMANDS.includes(command as Command);
    },
    async close() {
      if (!closed) {
        closed = true;
        if (recoveryTimer) clearInterval(recoveryTimer);
        await jobs.close();
        await queue?.close();
        // Refunds and releases still refused are the next start's recovery to settle.
        access.retry.close();
      }
      await pool.close();
      await bodies.checker.close();
      await shared?.close();
      if (ownsStore) await store.close();
    },
  };
}
