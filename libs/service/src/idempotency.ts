import { createHash } from 'node:crypto';
import { SvcError } from '@svc/errors';
import type { IdempotencyCompletion, Store } from '@svc/store';
import type { AccessLimits } from './limits/access-limits';
import type { RetryLater } from './internal/retry-later';
import type { Principal } from './principal';

const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

/** The stored outcome of one keyed request. */
export interface IdempotentOutcome<T> {
  /** HTTP status of the original answer (200, or 202 for a queued job). */
  readonly status: number;
  readonly body: T;
  /** True when this is a replay of the stored answer. */
  readonly replayed: boolean;
}

/**
 * A claimed key, handed to the work it guards: the work stores its answer in the same commit as
 * its own final write (the charge settled, the job inserted), so a crash can never leave a call
 * billed with its key still locked or free to bill again.
 */
export interface KeyClaim {
  /** The record that stores `body` (answered with `status`) as this key's answer. */
  completion(status: number, body: unknown): IdempotencyCompletion;
}

export interface Idempotency {
  /**
   * Runs `fn` at most once per (principal scope, key): an identical request later gets the
   * stored answer (`replayed`), a different payload 409 SVC_IDEMPOTENCY_CONFLICT, and a request
   * while the first still runs 409 SVC_IDEMPOTENCY_IN_PROGRESS (Retry-After 1). Failures are not
   * stored: the claim is released so a retry runs afresh. Without a key `fn` simply runs (its
   * claim is null). The answer is stored again after `fn` (the same record, so storing it
   * inside `fn`'s commit through `claim.completion` is optional but crash-safe).
   */
  run<T>(
    principal: Principal,
    key: string | undefined,
    request: unknown,
    fn: (claim: KeyClaim | null) => Promise<T>,
    statusOf?: (body: T) => number,
  ): Promise<IdempotentOutcome<T>>;
}

/** Scope of idempotency keys: per account, per client IP for the sandbox (commands.md "Jobs"). */
export const idempotencyScope = (p: Principal): string => p.id;

/**
 * A request's fingerprint computed where its body was parsed (a large JSON body, on its solve
 * worker: solve/raw-json.ts), handed to `Idempotency.run` in place of the request.
 */
export class KnownFingerprint {
  constructor(readonly sha256: string) {}
}

/** SHA-256 of the request as sent (JSON value with its member order; whitespace is irrelevant). */
export function requestFingerprint(request: unknown): string {
  if (request instanceof KnownFingerprint) return request.sha256;
  return createHash('sha256').update(JSON.stringify(request) ?? 'undefined').digest('hex');
}

export function createIdempotency(deps: { store: Store; clock: () => number; limits: AccessLimits; retry?: RetryLater }): Idempotency {
  const { store, clock, limits } = deps;
  const release = (scope: string, key: string, fingerprint: string) => {
    const task = () => store.releaseIdempotencyKey(scope, key, fingerprint);
    return deps.retry ? deps.retry.run(task) : task().catch(() => undefined);
  };
  return {
    async run<T>(principal: Principal, key: string | undefined, request: unknown, fn: (claim: KeyClaim | null) => Promise<T>, statusOf: (body: T) => number = () => 200): Promise<IdempotentOutcome<T>> {
      if (key === undefined) {
        const body = await fn(null);
        return { status: statusOf(body), body, replayed: false };
      }
      if (!KEY_FORMAT.test(key)) {
        throw new SvcError('SVC_INVALID_INPUT', 'Idempotency-Key: expected 1 to 255 visible ASCII characters (a UUID is a good choice).', {
          extensions: { field: 'Idempotency-Key' },
        });
      }
      const scope = idempotencyScope(principal);
      const fingerprint = requestFingerprint(request);
      const claim = await store.claimIdempotencyKey(scope, key, fingerprint, clock(), limits.idempotencyLeaseSeconds * 1000, limits.idempotencyTtlSeconds * 1000);
      if (claim.state !== 'claimed' && claim.fingerprint !== fingerprint) {
        throw new SvcError('SVC_IDEMPOTENCY_CONFLICT', 'This Idempotency-Key was already used with a different request; use a new key, or resend the identical request to replay its answer.');
      }
      if (claim.state === 'running') {
        throw new SvcError('SVC_IDEMPOTENCY_IN_PROGRESS', 'A request with this Idempotency-Key is still running; retry after Retry-After to get its answer.');
      }
      if (claim.state === 'done') return { status: claim.status, body: JSON.parse(claim.response) as T, replayed: true };
      const claimed: KeyClaim = {
        completion: (status, answer) => ({ scope, key, fingerprint, status, response: JSON.stringify(answer), at: clock() }),
      };
      let body: T;
      try {
        body = await fn(claimed);
      } catch (e) {
        // Freed for a retry; a release the store refuses now (a full disk) is retried until it succeeds.
        await release(scope, key, fingerprint);
        throw e;
      }
      const status = statusOf(body);
      // Usually stored already in the work's own commit (KeyClaim); a refused write here is retried
      // (the key answers 409 in progress until it lands) rather than failing an answered call.
      const response = JSON.stringify(body);
      const at = clock();
      const complete = () => store.completeIdempotencyKey(scope, key, fingerprint, status, response, at);
      if (deps.retry) await deps.retry.run(complete);
      else await complete();
      return { status, body, replayed: false };
    },
  };
}
