import { SvcError } from '@svc/errors';
import { intSetting, MIB } from '../config';

/** Bytes of request bodies a process reads and holds at once by default (`SVC_BODY_BYTES_IN_FLIGHT`). */
export const DEFAULT_BODY_BYTES_IN_FLIGHT = 256 * MIB;

/** One request's share of the budget: grown while a chunked body streams in, released once when the request ends. */
export interface BodyHold {
  /** Bytes this request holds now. */
  readonly bytes: number;
  /** Counts `more` bytes of a body whose length was not declared; SVC_BUSY past the budget. */
  grow(more: number): void;
  /** Gives the bytes back (once; later calls do nothing). */
  release(): void;
}

/**
 * Admission of request bodies by bytes in flight, per process and across every door (HTTP, tRPC,
 * MCP, gRPC): a body is admitted on its declared length before a byte of it is read, and a body
 * of undeclared length is counted as it streams. Past the budget the request is refused with the
 * retryable 503 SVC_BUSY (Retry-After) instead of being read; a lone body larger than the whole
 * budget is still admitted when nothing else is held, so every plan's largest problem can run.
 */
export class BodyBudget {
  private held = 0;
  private peak = 0;

  constructor(readonly maxBytes: number) {
    if (!Number.isSafeInteger(maxBytes) || maxBytes < 1) throw new Error(`body budget must be a positive integer, got ${maxBytes}`);
  }

  /** Bytes held now. */
  get inFlight(): number {
    return this.held;
  }

  /** The most bytes held at once since start (the load script reads it). */
  get peakInFlight(): number {
    return this.peak;
  }

  /** Holds `bytes` (the declared length, or 0 for a body that streams in) until the request ends. */
  take(bytes: number): BodyHold {
    this.check(bytes);
    this.add(bytes);
    let mine = bytes;
    let released = false;
    return {
      get bytes() {
        return mine;
      },
      grow: (more: number) => {
        if (released || more <= 0) return;
        // Only what was held before this body counts against it: a lone body may pass the budget.
        this.check(more, mine);
        this.add(more);
        mine += more;
      },
      release: () => {
        if (released) return;
        released = true;
        this.held -= mine;
      },
    };
  }

  private add(bytes: number): void {
    this.held += bytes;
    if (this.held > this.peak) this.peak = this.held;
  }

  private check(bytes: number, own = 0): void {
    const others = this.held - own;
    if (others > 0 && this.held + bytes > this.maxBytes) {
      throw new SvcError('SVC_BUSY', `The server is reading ${others} bytes of other requests' bodies and this one needs ${own + bytes}, past its ${this.maxBytes}-byte bound on bodies in flight; retry in a moment.`, {
        extensions: { reason: 'bytes_in_flight', in_flight_bytes: others, request_bytes: own + bytes, limit_bytes: this.maxBytes },
      });
    }
  }
}

/** The budget of `SVC_BODY_BYTES_IN_FLIGHT` (bytes; default 256 MiB); a malformed value stops the start. */
export function bodyBudgetFromEnv(env: NodeJS.ProcessEnv, override?: number): BodyBudget {
  return new BodyBudget(override ?? intSetting(env, 'SVC_BODY_BYTES_IN_FLIGHT', DEFAULT_BODY_BYTES_IN_FLIGHT));
}
