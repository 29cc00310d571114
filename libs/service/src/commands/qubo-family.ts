import { SvcError } from '@svc/errors';
import { certifiedCaps, type Effort } from '@svc/engine-ts';

/**
 * Typical certified sizes of the QUBO family per effort (enumeration, then branch and bound with
 * proven bounds), as measured for random instances by the engines' deterministic work budgets.
 * Typical, not a rule: certification depends on the method finishing (commands.md "Certified").
 */
export function quboExactCaps(command: 'optimize' | 'maxcut'): Record<Effort, number> {
  return certifiedCaps(command);
}

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
