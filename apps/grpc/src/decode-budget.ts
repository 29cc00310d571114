import { SvcError } from '@svc/errors';

/**
 * The JSON bytes of request documents decoded and not yet answered, per gRPC server (one per
 * process). A call whose document would take the total past `maxBytes` is refused with the
 * retryable SVC_BUSY (UNAVAILABLE) before it is decoded; a lone document larger than the whole
 * budget is still admitted when nothing else is held, so every plan's largest problem can run.
 */
export class DecodeBudget {
  private held = 0;

  constructor(readonly maxBytes: number) {}

  /** Bytes held now. */
  get inFlight(): number {
    return this.held;
  }

  /** Holds `bytes` until the returned release is called (once; later calls do nothing). */
  take(bytes: number): () => void {
    if (this.held > 0 && this.held + bytes > this.maxBytes) {
      throw new SvcError('SVC_BUSY', `The gRPC door is decoding ${this.held} bytes of other requests' documents and this one has ${bytes}, past its ${this.maxBytes}-byte bound; retry in a moment.`, {
        extensions: { in_flight_bytes: this.held, request_bytes: bytes, limit_bytes: this.maxBytes },
      });
    }
    this.held += bytes;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held -= bytes;
    };
  }
}
