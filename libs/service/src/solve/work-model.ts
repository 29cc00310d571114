import { workModelOf, type CanonicalProblem, type Command, type Effort } from '@svc/engine-ts';

/** Work units charged per compute unit for commands without an engine work model. */
export const WORK_PER_UNIT_FALLBACK = 10_000_000;

/**
 * Engine milliseconds per work unit assumed when a latency budget bounds a solve (measured on the
 * machine of docs/benchmarks.md: about 12 ns per unit on the ts engine, 3 ns native). Fixed, so the
 * queueing decision is deterministic and analyze reports the same one.
 */
export const MS_PER_WORK: Readonly<Record<'native' | 'ts', number>> = Object.freeze({ ts: 12e-6, native: 3e-6 });

/** What the engine is expected to do for one solve. */
export interface WorkEstimate {
  /**
   * Estimated engine work in "edge visits" (the unit of the engines' own work caps), by the
   * family's work model (engine-ts `Family.workModel`: e.g. for local search, moves × modelled
   * cost of one move; for exact enumeration, 2^free × (deg/2 + 6)). Commands without a model
   * count `WORK_PER_UNIT_FALLBACK` per compute unit.
   */
  readonly work: number;
  /**
   * The engine's `work.iterations` when it runs to completion (Gray-code steps, tabu moves, or
   * the cap on sweeps × n, which quantum-scale may stop short of at the planted floor),
   * or null when the command has no model: the share of work done is then `iterations / steps`.
   */
  readonly steps: number | null;
  /** Where the figure comes from. */
  readonly basis: 'engine_budget' | 'compute_units';
}

/** Deterministic work estimate of a plan (the same figure analyze reports and the queue threshold uses). */
export function estimateWork(plan: { command: Command; problem: CanonicalProblem; effort: Effort; units: number; maxLatencyMs?: number; engine?: 'native' | 'ts'; version?: string }): WorkEstimate {
  const e = estimateUnbounded(plan);
  if (!plan.maxLatencyMs) return e;
  // A latency budget stops the engine: no more work than fits in it.
  const fits = plan.maxLatencyMs / MS_PER_WORK[plan.engine ?? 'ts'];
  return fits < e.work ? { ...e, work: Math.ceil(fits) } : e;
}

function estimateUnbounded(plan: { command: Command; problem: CanonicalProblem; effort: Effort; units: number; version?: string }): WorkEstimate {
  // The family's own model (libs/engine-ts/src/families/<family>/family.ts `workModel`).
  const w = workModelOf(plan.problem, { command: plan.command, effort: plan.effort, model: plan.version });
  return w === null ? { work: plan.units * WORK_PER_UNIT_FALLBACK, steps: null, basis: 'compute_units' } : { ...w, basis: 'engine_budget' };
}
