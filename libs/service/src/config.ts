/** Sandbox admission limits (interface §5.3, §8); every value is an environment setting. */
export interface SandboxLimits {
  /** Largest `n` the anonymous sandbox admits (`SVC_SANDBOX_MAX_N`, default 50000). */
  readonly maxN: number;
  /** JSON body cap in bytes (`SVC_SANDBOX_BODY_BYTES`, default 8 MiB). */
  readonly bodyBytes: number;
  /** Daily compute units per IP (`SVC_SANDBOX_DAILY_UNITS`, default 10000). */
  readonly dailyUnits: number;
}

export interface ServiceLimits {
  readonly sandbox: SandboxLimits;
  /** Absolute body cap of the server (`SVC_MAX_BODY_BYTES`, default 128 MiB). */
  readonly maxBodyBytes: number;
  /** Worker threads of the solve pool (`SVC_WORKERS`, default: cores − 1, at least 1, at most 8). */
  readonly workers: number;
  /** Solves that may wait for a worker before SVC_WORKERS_SATURATED (`SVC_WORKER_QUEUE`, default 64). */
  readonly workerQueue: number;
}

export const MIB = 1024 * 1024;

export const DEFAULT_LIMITS = Object.freeze({
  sandboxMaxN: 50_000,
  sandboxBodyBytes: 8 * MIB,
  sandboxDailyUnits: 10_000,
  maxBodyBytes: 128 * MIB,
  workerQueue: 64,
});

/** Reads an integer setting of at least `min` (1: positive; 0 where zero means off); a malformed value fails at startup, never silently. */
export function intSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, min: 0 | 1 = 1): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const v = Number(raw);
  if (!Number.isSafeInteger(v) || v < min) throw new Error(`${name} must be a ${min === 0 ? 'non-negative' : 'positive'} integer, got '${raw}'`);
  return v;
}

/** Resolves every limit from explicit overrides, then the environment, then the defaults. */
export function resolveLimits(
  overrides: { sandbox?: Partial<SandboxLimits>; maxBodyBytes?: number; workers?: number; workerQueue?: number } = {},
  env: NodeJS.ProcessEnv = process.env,
  cores: number,
): ServiceLimits {
  return {
    sandbox: {
      maxN: overrides.sandbox?.maxN ?? intSetting(env, 'SVC_SANDBOX_MAX_N', DEFAULT_LIMITS.sandboxMaxN),
      bodyBytes: overrides.sandbox?.bodyBytes ?? intSetting(env, 'SVC_SANDBOX_BODY_BYTES', DEFAULT_LIMITS.sandboxBodyBytes),
      dailyUnits: overrides.sandbox?.dailyUnits ?? intSetting(env, 'SVC_SANDBOX_DAILY_UNITS', DEFAULT_LIMITS.sandboxDailyUnits),
    },
    maxBodyBytes: overrides.maxBodyBytes ?? intSetting(env, 'SVC_MAX_BODY_BYTES', DEFAULT_LIMITS.maxBodyBytes),
    workers: overrides.workers ?? intSetting(env, 'SVC_WORKERS', Math.min(8, Math.max(1, cores - 1))),
    workerQueue: overrides.workerQueue ?? intSetting(env, 'SVC_WORKER_QUEUE', DEFAULT_LIMITS.workerQueue),
  };
}
