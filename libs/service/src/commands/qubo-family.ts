import { SvcError } from '@svc/errors';
import { EFFORTS, budgetFor, type Effort } from '@svc/engine-ts';

/** Exhaustive-search caps of the QUBO family, straight from the engines' work budgets. */
export function quboExactCaps(command: 'optimize' | 'maxcut'): Record<Effort, number> {
  return Object.fromEntries(EFFORTS.map((e) => [e, budgetFor(command, e, 1, 0).exactMaxN])) as Record<Effort, number>;
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
