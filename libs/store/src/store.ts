import type { AccountStore } from './account-store';
import type { IdempotencyCompletion } from './idempotency-completion';
import type { JobStore } from './job-store';

export type { IdempotencyCompletion };

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

/**
 * Units held for a call in flight: written in the transaction that charges them, removed in the
 * transaction that settles the call (its answer, its job row or its refund). A hold left by a
 * dead process (embedded) or a dead node (distributed: its lease expired) is refunded by
 * `recoverInterrupted`, so a crash never bills a call that was not answered.
 */
export interface ChargeHold {
  readonly holdId: string;
  /** Epoch ms. */
  readonly createdAt: number;
}

/** What `recoverInterrupted` settled. */
export interface Recovery {
  /** Holds refunded (calls a dead process had charged but not answered) and their units. */
  readonly refundedHolds: number;
  readonly refundedUnits: number;
  /** Idempotency keys left running by a dead process, free again. */
  readonly releasedKeys: number;
  /** Jobs a dead process had claimed (running), queued again: they run again, charged once. */
  readonly requeuedJobs: number;
}

/**
 * Who owns what this store writes. In distributed mode (PostgreSQL) every hold, running
 * idempotency key and claimed job is written under the node's id, and the node keeps a lease on
 * it by heartbeat (a row with an expiry, in database time). Only a node whose lease has expired is
 * dead: its leftovers are settled by whichever node recovers next, never while it still lives.
 * The embedded store (SQLite) is one node: no lease, and every leftover found at start is a dead
 * process's.
 */
export interface NodeLease {
  /** This store's node id (unique per open store; `embedded` for SQLite). */
  readonly nodeId: string;
  /** How long the lease outlives the last heartbeat, or null (embedded: one node, no lease). */
  readonly leaseMs: number | null;
}

/** What `storageCheck` found. */
export interface StorageCheck {
  readonly writable: boolean;
  /** Bytes free for the store on its volume, or null. */
  readonly freeBytes: number | null;
  /** 'ok', or why writes fail (the error's code and message). */
  readonly detail: string;
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
   * Counts one request when granted; with `hold`, records the charge as held in the same transaction.
   */
  consumeUnits(principal: string, day: string, units: number, limit: number, hold?: ChargeHold): Promise<ConsumeResult>;
  /**
   * Settles a held charge in one transaction: removes the hold, refunds its units when `refund`,
   * and completes `idempotency` when given. False (and nothing changes) when the hold is gone
   * (settled already, or refunded by recovery), so a charge is never refunded twice.
   */
  settleHold(holdId: string, outcome: { readonly refund: boolean; readonly idempotency?: IdempotencyCompletion }): Promise<boolean>;
  /** The node this store writes as, and its lease (null for the embedded store). */
  readonly lease: NodeLease;
  /**
   * Renews this node's lease (the PostgreSQL store does it on its own every third of the lease).
   * False when the lease had been lost — another node found it expired and settled this node's
   * leftovers — and was taken anew. The embedded store has no lease: always true.
   */
  heartbeat(): Promise<boolean>;
  /**
   * Settles what dead owners left, in one transaction: refunds their held charges, frees their
   * running idempotency keys and requeues their claimed jobs.
   * - Embedded (SQLite, one node): every leftover is a dead process's, so everything is settled.
   *   Call once at start, before the first request (no call is in flight then).
   * - Distributed (PostgreSQL): only the leftovers of nodes whose lease has expired (never this
   *   node's, never a live node's); safe at any time, from any node, concurrently (each dead node
   *   is settled once). The service calls it at start and then periodically. A node judges
   *   expiry only once it has itself heartbeated without a failure for a whole lease (after a
   *   database outage every lease has run out); a closed node's lease is over at once.
   */
  recoverInterrupted(): Promise<Recovery>;
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

  /**
   * Whether the store takes writes now: a one-row write probe, and the free space of its volume
   * (null when not measurable). Bounds the write-ahead log on the way (readiness calls this).
   * Throws StoreUnavailableError when the database cannot be reached.
   */
  storageCheck(): Promise<StorageCheck>;

  /** Releases the connection; the store is unusable afterwards. */
  close(): Promise<void>;
}

/** The UTC calendar day (YYYY-MM-DD) of an epoch-ms instant; quotas reset at 00:00 UTC. */
export function utcDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}
