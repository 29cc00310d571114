/** Helpers the QUBO-family adapters share (optimize, maxcut, feel, want, sample, and the input-fault wrapper of every adapter). */
import { SvcError } from '@svc/errors';

/** Runs a canonical builder; it only rejects what contracts should have caught, so still an input fault. */
export function canonicalOrInvalid<T>(build: () => T): T {
  try {
    return build();
  } catch (e) {
    throw new SvcError('SVC_INVALID_INPUT', e instanceof Error ? e.message : String(e), { cause: e });
  }
}

export function warmStartOf(input: { warm_start?: readonly number[] }): Uint8Array | undefined {
  return Array.isArray(input.warm_start) ? Uint8Array.from(input.warm_start) : undefined;
}
