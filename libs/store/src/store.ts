import type { AccountStore } from './account-store';
import type { JobStore } from './job-store';

/**
 * The persistence boundary of the service. Every method is async so that the embedded
 * SQLite implementation and a PostgreSQL one (distributed mode) satisfy the same interface.
 */

/** A public sandbox token; several may be valid at once around a rotation. */
export interface SandboxToken {
  readonly token: string;
  /** Epoch ms. */
  readonly createdAt: number;
  /** Epoch ms when it stopped being accepted, or null while active. */
  readonly retiredAt: number | null;
}

/** Usage of one principal on one UTC day. */
export interface DailyUsage {
  /** Compute units charged. */
  readonly units: number;
  /** Charged solves. */
  readonly requests: number;
}

/** Outcome of an atomic check-and-charge against a daily allowance. */
export interface ConsumeResult {
  /** False when the charge would exceed the limit; nothing was charged then. */
  readonly granted: boolean;
  /** Units used today after this call. */
  readonly used: number;
}

export interface Store extends AccountStore, JobStore {
  /** "sqlite" (embedded) or "postgres" (distributed). */
  readonly kind: 'sqlite' | 'postgres';
  /** Highest applied migration version. */
  schemaVersion(): Promise<number>;

  /** Today's usage of `principal` on `day` (YYYY-MM-DD, UTC); zeros when none. */
  usage(principal: string, day: string): Promise<DailyUsage>;
  /**
   * Atomically charges `units` to (`principal`, `day`) unless that would exceed `limit`.
   * Counts one request when granted.
   */
  consumeUnits(principal: string, day: string, units: number, limit: number): Promise<ConsumeResult>;
  /** Gives back units charged earlier (a failed solve is never billed); never below zero. */
  refundUnits(principal: string, day: string, units: number): Promise<DailyUsage>;

  /** Active sandbox tokens, newest first. */
  activeSandboxTokens(): Promise<SandboxToken[]>;
  /** The token row (active or retired), or null when unknown. */
  findSandboxToken(token: string): Promise<SandboxToken | null>;
  /** Stores a new active token; adding an existing token is a no-op returning the stored row. */
  addSandboxToken(token: string, createdAt: number): Promise<SandboxToken>;
  /** Marks a token retired at `at` (epoch ms); unknown tokens are ignored. */
  retireSandboxToken(token: string, at: number): Promise<void>;

  /** Releases the connection; the store is unusable afterwards. */
  close(): Promise<void>;
}

/** The UTC calendar day (YYYY-MM-DD) of an epoch-ms instant; quotas reset at 00:00 UTC. */
export function utcDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}
