/**
 * A leaf of the store's types, imported by both store.ts and job-store.ts (which store.ts
 * extends), so that neither imports the other back.
 */

/** An idempotency record completed in the same transaction as the write whose answer it stores. */
export interface IdempotencyCompletion {
  readonly scope: string;
  readonly key: string;
  readonly fingerprint: string;
  readonly status: number;
  /** JSON text of the answer. */
  readonly response: string;
  /** Epoch ms. */
  readonly at: number;
}
