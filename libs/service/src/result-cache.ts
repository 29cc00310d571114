import { TAG, type CertificateMode, type UsageAlert } from '@svc/contracts';
import type { Effort, Proof } from '@svc/engine-ts';
import type { Store } from '@svc/store';
import type { AccessLimits } from './limits/access-limits';
import { structuralHash } from './internal/structural-hash';
import type { SolveEnvelope } from './solve/types';
import { certificateFields } from './solve/certificate-fields';
import type { CertificateOutcome } from './commands';

/** What a cached solve keeps: the engine-derived part of the envelope, nothing about the caller. */
export interface CachedSolve {
  readonly fields: Record<string, unknown> & { answer: unknown };
  readonly certainty: string;
  readonly proof: Proof;
  readonly bound?: number;
  readonly gap?: number;
  readonly receipt: string;
  /** The certificate as produced (the call's `?certificate=` applies when it is served). */
  readonly certificate?: CertificateOutcome;
}

/** Everything an answer is a function of (commands.md "Receipt"): equal inputs give equal answers. */
export interface CacheKeyInput {
  readonly command: string;
  /** The receipt form of the problem. */
  readonly problem: unknown;
  readonly seed: number;
  readonly effort: string;
  readonly version: string;
  readonly engine: string;
  /** `none` for a solve that made no certificate (`?certificate=none`); absent otherwise (the cap applies when an answer is served). */
  readonly certificate?: 'none';
}

/** The key of a cached answer (also made in the solve worker for a body it plans itself, solve/raw-json.ts). */
export function resultCacheKey(input: CacheKeyInput): string {
  const parts = [input.command, input.problem, input.seed, input.effort, input.version, input.engine];
  return `rc1_${structuralHash(input.certificate === undefined ? parts : [...parts, input.certificate])}`;
}

export interface ResultCache {
  /** False when `SVC_RESULT_CACHE_BYTES` is 0. */
  readonly enabled: boolean;
  keyOf(input: CacheKeyInput): string;
  get(key: string): Promise<CachedSolve | null>;
  /** Stores a finished answer; callers never pass one stopped at a deadline. */
  put(key: string, value: CachedSolve): Promise<void>;
}

/**
 * The result cache: repeated identical requests (canonical input, seed, effort, model version,
 * engine) are answered from the store without a solve. Shared by all callers (answers are
 * deterministic and carry nothing caller-specific); oldest entries are evicted past the byte budget.
 */
export function createResultCache(deps: { store: Store; clock: () => number; limits: AccessLimits }): ResultCache {
  const { store, clock, limits } = deps;
  const enabled = limits.resultCacheBytes > 0;
  return {
    enabled,
    keyOf: resultCacheKey,
    async get(key) {
      if (!enabled) return null;
      const raw = await store.getCachedResult(key);
      return raw === null ? null : (JSON.parse(raw) as CachedSolve);
    },
    async put(key, value) {
      if (!enabled || jsonLengthExceeds(value, RESULT_CACHE_MAX_ENTRY_CHARS)) return;
      const json = JSON.stringify(value);
      if (json.length > RESULT_CACHE_MAX_ENTRY_CHARS) return;
      await store.putCachedResult(key, json, clock(), limits.resultCacheBytes);
    },
  };
}

/**
 * Largest answer the result cache keeps (characters of its stored JSON). A larger one (a 16 MiB
 * protect's shards, 200,000 neighbours) costs more to write, read and parse than to solve again
 * (docs/benchmarks.md "service path"), and its write held the answer's request: it is not cached.
 */
export const RESULT_CACHE_MAX_ENTRY_CHARS = 1024 * 1024;

/**
 * True when `JSON.stringify(value)` is certainly longer than `limit`: a count that never
 * overstates it (strings without their escapes, keys as written, a fraction as 3 characters, one
 * separator per item), stopped as soon as it passes `limit`, so a large answer of long strings is
 * refused without being serialised; the JSON's own length is checked after it.
 */
export function jsonLengthExceeds(value: unknown, limit: number): boolean {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') count += v.length + 2;
    else if (typeof v === 'number') count += numberLength(v);
    else if (typeof v === 'boolean') count += v ? 4 : 5;
    else if (v === null) count += 4;
    else if (Array.isArray(v)) {
      count += 1 + v.length;
      for (let i = v.length - 1; i >= 0; i--) stack.push(v[i] === undefined || typeof v[i] === 'function' ? null : v[i]);
    } else if (typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON !== 'function') {
      count += 1;
      const o = v as Record<string, unknown>;
      for (const k of Object.keys(o)) {
        const x = o[k];
        if (x === undefined || typeof x === 'function' || typeof x === 'symbol') continue;
        count += k.length + 4;
        stack.push(x);
      }
    }
    if (count > limit) return true;
  }
  return false;
}

/**
 * At most the length of a number's JSON, without writing it: a whole number's digits (and sign)
 * below 1e21, else 3 ("0.5", "1e+21"), "null" (4) for a non-finite one.
 */
function numberLength(v: number): number {
  if (!Number.isFinite(v)) return 4;
  const sign = v < 0 ? 1 : 0;
  const a = Math.abs(v);
  if (!Number.isInteger(a) || a >= 1e21) return sign + 3;
  let digits = 1;
  for (let p = 10; p <= a; p *= 10) digits++;
  return sign + digits;
}

/** The success envelope of a cache hit: the stored answer with this call's billing; no engine ran. */
export function envelopeFromCache(
  c: CachedSolve,
  x: {
    units: number;
    left: number;
    alert?: UsageAlert;
    version: string;
    engine: 'native' | 'ts';
    effort: Effort;
    seed: number;
    maxLatencyMs: number;
    totalMs: number;
    certificate?: CertificateMode;
  },
): SolveEnvelope {
  const env: SolveEnvelope = {
    ...c.fields,
    certainty: c.certainty,
    proof: c.proof,
    ...(c.bound !== undefined ? { bound: c.bound, gap: c.gap } : {}),
    ...certificateFields(c.certificate, x.certificate, c.certainty, c.bound),
    receipt: c.receipt,
    compute_units: x.units,
    compute_units_left: x.left,
    elapsed_ms: 0,
    // No solve ran: the serving process's resident set now.
    peak_rss_kb: Math.ceil(process.memoryUsage.rss() / 1024),
    observability: { queue_ms: 0, compute_ms: 0, total_ms: Math.max(0, Math.round(x.totalMs * 1000) / 1000) },
    tag: TAG,
    version: x.version,
    engine: x.engine,
    effort: x.effort,
    seed: x.seed,
    cached: true,
  };
  if (x.maxLatencyMs > 0) {
    env.latency_budget_ms = x.maxLatencyMs;
    env.stopped_at_deadline = false;
  }
  if (x.alert) env.usage_alert = x.alert;
  return env;
}
