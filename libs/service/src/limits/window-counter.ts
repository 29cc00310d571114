/** Outcome of taking from a per-minute budget. */
export interface TakeResult {
  readonly ok: boolean;
  /** Amount already taken in the current window (after this take when ok). */
  readonly used: number;
  /** Whole seconds until the current window ends (at least 1). */
  readonly retryAfterSeconds: number;
}

/**
 * Fixed windows of `windowMs` aligned to the epoch, counted per key in memory (the embedded
 * deployment; the distributed one keeps the same counters in Redis, distributed/redis-limits.ts,
 * and falls back to this one while Redis is unreachable). The clock is injected, so tests move
 * time instead of waiting.
 */
export class WindowCounter {
  private readonly counts = new Map<string, { window: number; used: number }>();

  constructor(private readonly clock: () => number, private readonly windowMs = 60_000) {}

  /** Takes `amount` from `key`'s budget of `limit` per window unless that would exceed it. */
  take(key: string, amount: number, limit: number): TakeResult {
    const now = this.clock();
    const window = Math.floor(now / this.windowMs);
    const retryAfterSeconds = Math.max(1, Math.ceil(((window + 1) * this.windowMs - now) / 1000));
    let entry = this.counts.get(key);
    if (!entry || entry.window !== window) {
      this.sweep(window);
      entry = { window, used: 0 };
      this.counts.set(key, entry);
    }
    if (entry.used + amount > limit) return { ok: false, used: entry.used, retryAfterSeconds };
    entry.used += amount;
    return { ok: true, used: entry.used, retryAfterSeconds };
  }

  /** Gives back `amount` taken in the current window (a refused or failed call). */
  give(key: string, amount: number): void {
    const entry = this.counts.get(key);
    if (entry && entry.window === Math.floor(this.clock() / this.windowMs)) entry.used = Math.max(0, entry.used - amount);
  }

  // Old windows are dropped lazily so the map holds only keys active this window.
  private sweep(window: number): void {
    if (this.counts.size < 1024) return;
    for (const [k, e] of this.counts) if (e.window !== window) this.counts.delete(k);
  }
}
