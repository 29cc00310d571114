import type { z } from 'zod';

/** A problem whose top-level shape zod has already checked; hot fields are still `unknown`. */
export type Loose = Record<string, unknown>;

/** The checks after the zod shape check, one stage each, in commands.md precedence order. */
export interface CommandChecks {
  /** Schema stage for hot fields and cross-field rules; returns the resolved size n. Throws `InputIssue`. */
  check(v: Loose): number;
  /** Size caps; throws `SvcError` `SVC_DIMENSION_LIMIT`. */
  sizes(v: Loose, n: number): void;
  /** Static contradictions; throws `SvcError` `SVC_CONTRADICTORY_CONSTRAINTS`. */
  contradictions(v: Loose, n: number): void;
}

/**
 * All the contract says about one schema command (`src/commands/<command>.ts`); its purpose,
 * status, stability, latency budget and docs page are its `CATALOGUE` line (zod-free), and its
 * valid example is `src/commands/<command>.valid.json`.
 */
export interface CommandContract {
  /** The descriptive input schema (hot fields fully typed, `.describe`d); JSON Schema comes from it. */
  readonly structure: z.ZodObject;
  /** The fast top-level shape: hot fields `unknown`, checked by `checks`. */
  readonly fast: z.ZodObject;
  /** The hand-written stages after the fast shape. */
  readonly checks: CommandChecks;
  /** Answer fields (the envelope's fields ride alongside). */
  readonly output: z.ZodRawShape;
  /** Capabilities `limits`: caps and size ranges. */
  readonly limits: Readonly<Record<string, number>>;
  /** Typical exact (certified) size of interface §8, the same for every effort unless the engine says otherwise. */
  readonly exactCap?: number;
  /** What `n` counts for this command, as `SVC_SANDBOX_NEEDS_N` says it ("the number of cities …"). */
  readonly nMeans: string;
  /** A valid problem (`<command>.valid.json`): the OpenAPI example and the tests' fixture. */
  readonly example: Readonly<Record<string, unknown>>;
}

/** The contradictions stage of a command without static contradictions. */
export const noContradictions = (): void => {};
