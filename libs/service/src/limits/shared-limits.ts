import { WindowCounter, type TakeResult } from './window-counter';

/** Per-key budgets in fixed windows (WindowCounter's semantics), kept in memory or in Redis. */
export interface WindowCounts {
  /** Takes `amount` from `key`'s budget of `limit` in the current window, all or nothing. */
  take(key: string, amount: number, limit: number): Promise<TakeResult>;
  /** Gives back `amount` taken in the current window (a refused or failed call); never below 0. */
  give(key: string, amount: number): Promise<void>;
}

/**
 * The counters behind request rates, the per-minute compute budget and safe mode. Embedded: this
 * node's memory. Distributed (`SVC_REDIS_URL`): shared by every node through Redis
 * (distributed/redis-limits.ts), per node again while Redis is unreachable.
 */
export interface SharedLimits {
  /** Requests per minute, per API key (`key:<id>`) and per sandbox IP (`ip:<address>`). */
  readonly requests: WindowCounts;
  /** Compute units per minute, per principal. */
  readonly compute: WindowCounts;
  /** Solves waiting for a worker: `local` (this node's) alone, or the sum over every live node. */
  waiting(local: number): Promise<number>;
  /** `node` (memory) or `redis`. */
  readonly kind: 'node' | 'redis';
  close(): Promise<void>;
}

/** A WindowCounter behind the async interface. */
export function memoryWindows(clock: () => number, windowMs = 60_000): WindowCounts & { readonly counter: WindowCounter } {
  const counter = new WindowCounter(clock, windowMs);
  return {
    counter,
    take: async (key, amount, limit) => counter.take(key, amount, limit),
    give: async (key, amount) => counter.give(key, amount),
  };
}

/** The embedded deployment's counters: this node's memory. */
export function nodeLimits(clock: () => number): SharedLimits {
  return {
    kind: 'node',
    requests: memoryWindows(clock),
    compute: memoryWindows(clock),
    waiting: async (local) => local,
    close: async () => {},
  };
}
