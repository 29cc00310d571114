import { SvcError } from '@svc/errors';

/** Canonical effort names (interface §9); responses and schemas use only these. */
export const EFFORTS = ['flash', 'medium', 'high'] as const;
export type Effort = (typeof EFFORTS)[number];

export const DEFAULT_EFFORT: Effort = 'medium';

/** Historical input-only aliases (interface §9). */
export const EFFORT_ALIASES: Readonly<Record<string, Effort>> = { low: 'medium', med: 'medium', max: 'high' };

/**
 * Maps an effort name or alias to its canonical name (`low`/`med` → `medium`, `max` → `high`).
 * Anything else is `SVC_INVALID_INPUT`. Matching is exact (lower case).
 */
export function normalizeEffort(s: string): Effort {
  if ((EFFORTS as readonly string[]).includes(s)) return s as Effort;
  if (typeof s === 'string' && Object.hasOwn(EFFORT_ALIASES, s)) return EFFORT_ALIASES[s]!;
  throw new SvcError(
    'SVC_INVALID_INPUT',
    `effort: ${JSON.stringify(s)?.slice(0, 40) ?? String(s)} is not one of flash, medium, high (aliases: low, med → medium; max → high)`,
    { extensions: { field: 'effort' } },
  );
}
