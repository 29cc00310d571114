import type { SolvePlan } from './plan';
import type { SolvePool, StagedSolve } from './pool';
import type { RawPlanSummary } from './raw-json';
import { finishedOf } from './run';
import type { RecheckOutcome } from './task';

/** A plan made on a solve worker (solve/raw-json.ts), as `runPlan` takes it: the problem stays on that worker. */
export interface StagedPlan {
  readonly plan: SolvePlan;
  /** Runs the plan's one solve on the worker that holds its problem (`StagedSolve.go`). */
  readonly pool: SolvePool;
  /** Ends the worker's task unless the solve was started (a cached answer, a refusal, a failure before the solve). */
  release(): void;
}

/**
 * The plan of a worker's summary `s`: its answer is re-checked there, under the worker's deadline
 * verdict, and its receipt written there (`runPlan` takes both from the run). `base` is the pool
 * the task was staged on (its figures for safe mode and the metrics).
 */
export function stagedPlan(s: RawPlanSummary, work: StagedSolve, base: SolvePool): StagedPlan {
  let recheck: RecheckOutcome | undefined;
  let went = false;
  const plan: SolvePlan = {
    command: s.command, lane: 'json', n: s.n, effort: s.effort, seed: s.seed, version: s.version, maxLatencyMs: s.maxLatencyMs, units: s.units,
    estimate: s.estimate,
    ...(s.certificate !== undefined ? { certificate: s.certificate } : {}),
    prep: {
      problem: undefined as never,
      terms: s.terms,
      receiptProblem: undefined,
      finish: () => finishedOf(recheck, () => { throw new Error('raw solve: no re-check from its worker'); }, recheck?.deadlineFired ?? false),
    },
  };
  const pool: SolvePool = {
    threads: base.threads,
    get waiting() { return base.waiting; },
    get busy() { return base.busy; },
    close: () => base.close(),
    async run(task, stop) {
      went = true;
      const run = await work.go(task.stopAtEpochMs, stop);
      recheck = run.out.recheck;
      return run;
    },
  };
  return {
    plan,
    pool,
    release() {
      if (!went) void work.end(false).catch(() => undefined);
    },
  };
}
