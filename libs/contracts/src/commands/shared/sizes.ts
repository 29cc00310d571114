import { SvcError } from '@svc/errors';
import { LIMITS } from '../../limits';

/** SVC_DIMENSION_LIMIT with the reduce_problem_size next action. */
export function dimension(detail: string, cap: number, limit: string, extra: Record<string, unknown> = {}): never {
  throw new SvcError('SVC_DIMENSION_LIMIT', detail, {
    facts: { reduce_problem_size: { max_n: cap, limit, ...extra } },
    extensions: { field: limit },
  });
}

/** n within 1..LIMITS.maxN. */
export function capN(n: number): void {
  if (n > LIMITS.maxN) dimension(`n = ${n} is over the cap of ${LIMITS.maxN}`, LIMITS.maxN, 'n');
}

/** An array field of pairs within LIMITS.maxPairs entries. */
export function capPairs(v: unknown, field: string): void {
  if (Array.isArray(v) && v.length > LIMITS.maxPairs) {
    dimension(`${field} has ${v.length} entries, over the cap of ${LIMITS.maxPairs}`, LIMITS.maxPairs, field);
  }
}

/** n and the number of `quadratic` entries within the caps of commands.md "Sizes". */
export function capQuboSizes(v: Record<string, unknown>, n: number): void {
  capN(n);
  capPairs(v.quadratic, 'quadratic');
}
