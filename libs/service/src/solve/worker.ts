// Piscina worker entry, bundled by esbuild into dist/solve-worker.mjs (Node 20 cannot run .ts).
import { workerData } from 'node:worker_threads';
import { createEngine, type RoutedEngine } from '@svc/engine-native';
import { isSvcError } from '@svc/errors';
import { DEADLINE_FLAG, type Engine, type EngineProgress, type EngineResult } from '@svc/engine-ts';
import { ADAPTERS } from '../commands';
import type { RecheckOutcome, SolveTask, SolveTaskResult, SolveWorkerData } from './task';
import { remainingDeadlineMs } from './deadline';
import { solveRaw, type RawSolveResult, type RawSolveTask } from './raw-json';

const epochNow = () => performance.timeOrigin + performance.now();

let engine: RoutedEngine | undefined;

/**
 * Solves one task with `e`: the engine's `deadlineMs` is what is left of the task's stop time at
 * the moment it starts (`now`), never the budget as it stood when the task was queued.
 */
export async function solveTask(task: SolveTask, e: Engine, now: () => number = epochNow): Promise<SolveTaskResult> {
  const startedAt = now();
  const port = task.progress;
  const onProgress = port === undefined ? undefined : (p: EngineProgress) => port.postMessage(p);
  const solving = e.solve(
    {
      command: task.command,
      problem: task.problem,
      effort: task.effort,
      seed: task.seed,
      model: task.model,
      deadlineMs: remainingDeadlineMs(task.stopAtEpochMs, startedAt),
      warmStart: task.warmStart,
    },
    { flag: task.cancel },
    onProgress,
  );
  let result;
  try {
    result = await solving;
  } finally {
    port?.close();
  }
  return { result, engine: e.kind, engineId: e.id, startedAt, finishedAt: now() };
}

/**
 * The adapter's re-check of `result` against the task's validated input, here in the solve worker
 * (PreparedSolve.recheck): the deadline counts as fired when the service raised DEADLINE_FLAG.
 */
export function recheckTask(task: SolveTask, result: EngineResult): RecheckOutcome | undefined {
  if (task.recheck === undefined) return undefined;
  const deadlineFired = Atomics.load(task.cancel, 0) === DEADLINE_FLAG;
  try {
    const adapter = ADAPTERS[task.command];
    if (adapter === undefined) return undefined;
    return { done: adapter.prepare(task.recheck).finish(result, { deadlineFired, certificate: task.certificate }), deadlineFired };
  } catch (e) {
    if (isSvcError(e)) return { fault: { code: e.code, message: e.message, extensions: { ...e.extensions } }, deadlineFired };
    return { fault: { message: e instanceof Error ? e.message : String(e) }, deadlineFired };
  }
}

/**
 * Solves one task with this thread's engine (created once per thread, selected like the service's),
 * then re-checks it here when asked; a raw task (a large JSON body's bytes) is parsed and planned here first.
 */
export default async function solve(task: SolveTask | RawSolveTask): Promise<SolveTaskResult | RawSolveResult> {
  engine ??= createEngine((workerData as SolveWorkerData).engine);
  if ('raw' in task) {
    const e = engine;
    return solveRaw(task, (t) => solveTask(t, e.engineFor(t.command)));
  }
  // The engine that really answers this command (native may route some commands to engine-ts).
  const out = await solveTask(task, engine.engineFor(task.command));
  const recheck = recheckTask(task, out.result);
  return recheck === undefined ? out : { ...out, recheck };
}
