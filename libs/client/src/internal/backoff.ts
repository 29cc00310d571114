/** Retry timing: jittered exponential backoff that never retries earlier than the server asked. */

export interface BackoffPolicy {
  /** First backoff step in ms (doubled each retry) when the server gave no Retry-After. */
  baseMs: number;
  /** Longest single wait in ms; a server asking for longer ends the retries instead. */
  capMs: number;
  /** Uniform random in [0, 1). */
  random: () => number;
}

/**
 * Milliseconds to wait before retry number `retry` (0-based), or null when the server's
 * Retry-After is longer than the cap (waiting less would only be refused again).
 */
export function retryDelayMs(retry: number, retryAfterMs: number | undefined, p: BackoffPolicy): number | null {
  if (retryAfterMs !== undefined) {
    if (retryAfterMs > p.capMs) return null;
    // Jitter only ever adds time, so the server's minimum is honoured.
    const jitter = Math.min(1000, Math.max(100, retryAfterMs * 0.2)) * p.random();
    return Math.min(p.capMs, Math.round(retryAfterMs + jitter));
  }
  const ceiling = Math.min(p.capMs, p.baseMs * 2 ** retry);
  // "Equal jitter": half fixed, half random, so waits grow but never synchronise.
  return Math.round(ceiling / 2 + (ceiling / 2) * p.random());
}

/**
 * Parses a `Retry-After` header (delta-seconds or HTTP-date) into ms, or undefined.
 * `nowMs` is the current time, needed for the date form.
 */
export function parseRetryAfterHeader(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const date = Date.parse(v);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}
