import { intSetting } from '../config';

/** Job settings (interface §2.4, §7; commands.md "Limits are settings"); every one is an environment setting. */
export interface JobLimits {
  /**
   * A solve whose estimated engine work reaches this is queued as a job (202) instead of
   * answered in the request (`SVC_QUEUE_THRESHOLD_WORK`, default 200,000,000 work units:
   * about 2–3 s on the TypeScript engine). See `estimateWork` for the unit.
   */
  readonly queueThresholdWork: number;
  /**
   * How long a solve queued by the threshold waits for its job to end before it answers the 202
   * (`SVC_SYNC_WAIT_MS`, default 1,000 ms, counted from the request's acceptance; 0 answers the
   * 202 at once): a job that ends within it answers 200 with its result, as a solve in the request
   * would. A request with an Idempotency-Key keeps its 202 (docs/commands.md "Jobs").
   */
  readonly syncWaitMs: number;
  /** Queued + running jobs one caller may have (`SVC_MAX_INFLIGHT_JOBS`, default 4) → 429 SVC_TOO_MANY_INFLIGHT. */
  readonly maxInflight: number;
  /** Queued jobs the whole service holds (`SVC_QUEUE_CAPACITY`, default 256) → 503 SVC_QUEUE_FULL. */
  readonly queueCapacity: number;
  /** Jobs solved at once, each on its own worker thread apart from synchronous solves (`SVC_JOB_WORKERS`, default 1). */
  readonly concurrency: number;
  /** Longest long-poll of `GET /api/v1/jobs/{id}?wait=N`, seconds (`SVC_JOB_MAX_WAIT_SECONDS`, default 30); larger N is clamped. */
  readonly maxWaitSeconds: number;
}

export const DEFAULT_JOB_LIMITS: JobLimits = Object.freeze({
  queueThresholdWork: 200_000_000,
  syncWaitMs: 1_000,
  maxInflight: 4,
  queueCapacity: 256,
  concurrency: 1,
  maxWaitSeconds: 30,
});

/** Resolves job settings from explicit overrides, then the environment, then the defaults. */
export function resolveJobLimits(overrides: Partial<JobLimits> = {}, env: NodeJS.ProcessEnv = process.env): JobLimits {
  const d = DEFAULT_JOB_LIMITS;
  return {
    queueThresholdWork: overrides.queueThresholdWork ?? intSetting(env, 'SVC_QUEUE_THRESHOLD_WORK', d.queueThresholdWork),
    syncWaitMs: overrides.syncWaitMs ?? intSetting(env, 'SVC_SYNC_WAIT_MS', d.syncWaitMs, 0),
    maxInflight: overrides.maxInflight ?? intSetting(env, 'SVC_MAX_INFLIGHT_JOBS', d.maxInflight),
    queueCapacity: overrides.queueCapacity ?? intSetting(env, 'SVC_QUEUE_CAPACITY', d.queueCapacity),
    concurrency: overrides.concurrency ?? intSetting(env, 'SVC_JOB_WORKERS', d.concurrency),
    maxWaitSeconds: overrides.maxWaitSeconds ?? intSetting(env, 'SVC_JOB_MAX_WAIT_SECONDS', d.maxWaitSeconds),
  };
}

/** The `jobs` section of `GET /api/v1/pricing`: when a solve is queued and how a job is billed. */
export function jobsPricing(l: JobLimits): Record<string, unknown> {
  return {
    queued_when: 'the estimated engine work (analyze reports it as estimated_work) reaches queue_threshold_work; a latency budget bounds the estimate. A queued job that ends within answered_in_request_within_ms of the request answers 200 with its result; a request with an Idempotency-Key always answers the 202',
    queue_threshold_work: l.queueThresholdWork,
    answered_in_request_within_ms: l.syncWaitMs,
    max_inflight_per_caller: l.maxInflight,
    queue_capacity: l.queueCapacity,
    billing: {
      accepted: 'the compute units are charged once, when the job is accepted (202)',
      done: 'kept in full',
      failed: 'refunded in full',
      cancelled_while_queued: 'refunded in full',
      cancelled_while_running: "billed for the engine's share of work done, rounded up; the rest refunded",
      restart: 'a job interrupted by a restart runs again and is not charged again',
    },
  };
}
