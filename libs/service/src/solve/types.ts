/** Types shared by the solve path, the job queue, the result cache and every front door. */
import type { UsageAlert } from '@svc/contracts';
import type { Effort, EngineResult } from '@svc/engine-ts';
import type { Principal } from '../principal';

/** Options and identity of one solve call. */
export interface SolveContext {
  readonly principal: Principal;
  /** Query parameters: `effort`, `seed`, `max_latency_ms`, `version` (strings or numbers). */
  readonly query?: Readonly<Record<string, unknown>>;
  /** The `Idempotency-Key` header: an identical retry replays the stored answer. */
  readonly idempotencyKey?: string;
  /** A heavy solve may be answered with a queued job (202) instead of the envelope; front doors set it. */
  readonly allowQueue?: boolean;
  /**
   * The caller prefers the 202 of a queued solve at once (HTTP `Prefer: respond-async`, RFC 7240):
   * no sync window (jobs/job-config.ts `syncWaitMs`).
   */
  readonly respondAsync?: boolean;
  /**
   * `performance.now()` when the request arrived at its front door (HTTP: Fastify's start of the
   * request, before its body is read): the latency budget counts from here (solve/deadline.ts).
   * Absent: when the service is called.
   */
  readonly acceptedAt?: number;
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
  /** The proof of the answer or its bound (docs/certificates.md), or null with `certificate_omitted`. */
  certificate: Readonly<Record<string, unknown>> | null;
  certificate_omitted?: string;
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
  /** Present (true) when the answer came from the result cache without a solve. */
  cached?: boolean;
}

/** The 202 acknowledgement of interface §2.4. */
export interface QueuedAck {
  status: 'queued';
  job_id: string;
  /** Root-relative poll URL, already carrying `?wait=30`. */
  poll: string;
  compute_units: number;
  tag: string;
}

/** What a solve answers: the envelope (200) or, for a heavy solve, the queued acknowledgement (202). */
export type SolveOutcome = SolveEnvelope | QueuedAck;

/** True for the 202 acknowledgement of a queued job. */
export function isQueued(o: unknown): o is QueuedAck {
  return typeof o === 'object' && o !== null && (o as { status?: unknown }).status === 'queued' && typeof (o as { job_id?: unknown }).job_id === 'string';
}
