import { SvcError } from '@svc/errors';

/** One pinnable model version (the algorithms); a frozen version is byte-stable per engine. */
export interface ModelVersion {
  readonly id: string;
  readonly status: 'stable';
  readonly frozen: boolean;
  readonly released: string;
  readonly notes: string;
}

/** The newest frozen model version; `latest` resolves to it. */
export const MODEL_VERSION = '2026-11-21';

/**
 * Every pinnable model, oldest first. Each id is also a budget table of the engines (engine-ts
 * effort.ts BUDGET_MODELS), which the service passes with every solve, so a pinned version keeps
 * its answers while `latest` moves on.
 */
export const MODEL_VERSIONS: readonly ModelVersion[] = Object.freeze([
  Object.freeze({
    id: '2026-11-01',
    status: 'stable' as const,
    frozen: true,
    released: '2026-11-01',
    notes: 'first frozen model: exhaustive search up to the exact caps, seeded local search above',
  }),
  Object.freeze({
    id: MODEL_VERSION,
    status: 'stable' as const,
    frozen: true,
    released: '2026-11-21',
    notes: 'optimize/maxcut family: more, shorter tabu rounds at high and a lighter medium; rules: the whole tabu search before branch and bound',
  }),
]);

/** Moving aliases; each always resolves to the newest stable model. */
export const VERSION_ALIASES: Readonly<Record<string, string>> = Object.freeze({ latest: MODEL_VERSION });

/**
 * Resolves a pinned version or alias to a frozen version id; omitted means `latest`.
 * Unknown values are `SVC_UNKNOWN_VERSION`, never a silent fallback.
 */
export function resolveVersion(requested?: string): string {
  const v = requested ?? 'latest';
  if (Object.prototype.hasOwnProperty.call(VERSION_ALIASES, v)) return VERSION_ALIASES[v];
  if (MODEL_VERSIONS.some((m) => m.id === v)) return v;
  throw new SvcError('SVC_UNKNOWN_VERSION', `Unknown model version '${v}'; known: ${[...MODEL_VERSIONS.map((m) => m.id), ...Object.keys(VERSION_ALIASES)].join(', ')}.`, {
    extensions: { field: 'version' },
  });
}
