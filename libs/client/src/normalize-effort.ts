/** Canonical effort names (interface §9). */
export const EFFORTS = ['flash', 'medium', 'high'] as const;
export type Effort = (typeof EFFORTS)[number];

// Historical input-only aliases of interface §9: low and med map to medium, max to high.
const ALIASES: Record<string, Effort> = { low: 'medium', med: 'medium', max: 'high' };

/** Maps an effort name or historical alias to its canonical name; undefined when unknown. */
export function normalizeEffort(name: string): Effort | undefined {
  const n = name.trim().toLowerCase();
  if ((EFFORTS as readonly string[]).includes(n)) return n as Effort;
  return ALIASES[n];
}
