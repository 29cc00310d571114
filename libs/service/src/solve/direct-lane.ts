import { SvcError } from '@svc/errors';
import type { RoutedEngine } from '@svc/engine-native';
import type { Command, EngineProgress } from '@svc/engine-ts';
import { ADAPTERS } from '../commands';
import type { PoolRun } from './pool';
import type { SolvePlan } from './plan';
import type { SolveTask } from './task';
import { solveTask } from './worker';
import { estimateWork, MS_PER_WORK } from './work-model';

/**
 * The direct lane (issue 36): a tiny solve answered by the native engine this thread already holds,
 * without the round trip to a solve worker. The native addon solves on a libuv thread (its `solve`
 * is a promise), so the event loop is not held; what a worker adds for a tiny solve is two thread
 * hops and a structured clone each way, which cost 0.6 ms on an idle 2-core machine and several ms
 * once it is loaded (docs/benchmarks.md "service path"), against an engine time of 0.1–0.3 ms.
 * Nothing else changes: the same engine, the same task (deadline, cancel flag), the same re-check
 * (`prep.finish`, here), the same receipt. engine-ts solves synchronously: never on this lane.
 */

/** Largest estimated engine time (ms, native) of a plan with a work model that takes the direct lane. */
export const DIRECT_MAX_MS = 2;

/**
 * Largest plan (compute units) that takes the direct lane: every plan first (the estimate is
 * computed only below it), and the whole rule for a command without a work model whose engine time
 * is set by the input's size (its adapter's `sizeBoundWork`).
 */
export const DIRECT_MAX_UNITS = 4;

/**
 * Whether `plan`, answered by `engine`, is small enough for the direct lane: at most
 * DIRECT_MAX_UNITS, and an estimated engine time of at most DIRECT_MAX_MS by the family's work
 * model (a command without one only when its adapter declares `sizeBoundWork`).
 */
export function directEligible(plan: Pick<SolvePlan, 'command' | 'prep' | 'effort' | 'units' | 'maxLatencyMs' | 'version' | 'estimate'>, engine: 'native' | 'ts'): boolean {
  if (engine !== 'native' || plan.units > DIRECT_MAX_UNITS) return false;
  const e = plan.estimate ?? estimateWork({ command: plan.command, problem: plan.prep.problem, effort: plan.effort, units: plan.units, maxLatencyMs: plan.maxLatencyMs, engine, version: plan.version });
  if (e.basis === 'compute_units') return ADAPTERS[plan.command]?.sizeBoundWork === true;
  return e.work * MS_PER_WORK.native <= DIRECT_MAX_MS;
}

/**
 * The lane itself: at most `slots` solves at once on `engine` (a solve that ignored its cancel
 * holds its slot; the next tiny solves then go to the pool, which can end a stuck thread).
 */
export class DirectLane {
  private inFlight = 0;

  constructor(
    private readonly engine: RoutedEngine,
    private readonly slots: number,
    private readonly rss: { start(): { peak: number }; stop(t: { peak: number }): number },
  ) {}

  /**
   * Solves `task` here, or null when the lane is full or the command's engine is not the native
   * addon. `stop` aborted (a solver that ignored its cancel flag: runPlan's grace after the
   * deadline) answers SVC_ENGINE_FAILURE as the pool does; no thread can be ended here, so the
   * engine keeps its slot until it returns, and the next tiny solves go to the pool meanwhile.
   */
  run(task: SolveTask, onProgress?: (p: EngineProgress) => void, stop?: AbortSignal): Promise<PoolRun> | null {
    const e = this.engine.engineFor(task.command as Command);
    if (e.kind !== 'native' || this.inFlight >= this.slots) return null;
    this.inFlight++;
    const tracker = this.rss.start();
    const submittedAt = performance.timeOrigin + performance.now();
    // The re-check runs here, from the plan (runPlan's `finish`): the task carries none.
    const { recheck: _recheck, progress: _port, ...plain } = task;
    const solving = solveTask(plain, { ...e, solve: (req, signal) => e.solve(req, signal, onProgress) }).then(
      (out) => ({ out, submittedAt, peakRssKb: this.rss.stop(tracker) }),
      (err: unknown) => {
        this.rss.stop(tracker);
        // As the pool reports a worker's failure (pool.ts).
        throw err instanceof SvcError ? err : new SvcError('SVC_ENGINE_FAILURE', 'The solver engine failed on this request.', { cause: err });
      },
    ).finally(() => {
      this.inFlight--;
    });
    if (stop === undefined) return solving;
    let onStop: () => void = () => undefined;
    const stopped = new Promise<never>((_, reject) => {
      onStop = () => reject(new SvcError('SVC_ENGINE_FAILURE', 'The solver did not stop when asked (its deadline or a cancel); its answer was abandoned.'));
      if (stop.aborted) onStop();
      else stop.addEventListener('abort', onStop, { once: true });
    });
    solving.catch(() => undefined);
    return Promise.race([solving, stopped]).finally(() => stop.removeEventListener('abort', onStop));
  }
}
