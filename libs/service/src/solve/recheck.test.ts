/**
 * Re-checks that may cost more than reading the request run in the solve worker, not on the
 * thread that answers everyone else (PreparedSolve.recheck, solve/worker.ts `recheckTask`): the
 * worker finds the same answer fields, and the same fault, as the main thread would.
 */
import { describe, expect, it } from 'vitest';
import { createTsEngine, newCancelSignal, type EngineResult } from '@svc/engine-ts';
import { isSvcError } from '@svc/errors';
import type { Principal } from '../principal';
import { planSolve } from './plan';
import type { SolvePool } from './pool';
import { runPlan } from './run';
import type { SolveTask } from './task';
import { recheckTask, solveTask } from './worker';

const principal = { kind: 'sandbox', id: 'sandbox-ip:192.0.2.9', ip: '192.0.2.9', plan: 'sandbox' } as Principal;
const TAG = 'svc-cortex-v1';
const desc = 'Measure the entanglement of a two-qubit register.';
const entropy = { tag: TAG, description: desc, n: 2, state: [[0.70710699, 0], [0, 0], [0, 0], [0.70710699, 0]], subsystem: [0] };
const maxcut = { tag: TAG, description: 'Split five offices into two teams.', n: 5, edges: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 4, 1], [4, 0, 1]] };

function taskOf(plan: ReturnType<typeof planSolve>): SolveTask {
  return {
    command: plan.command, problem: plan.prep.problem, effort: plan.effort, seed: plan.seed, model: plan.version,
    cancel: newCancelSignal().flag, ...(plan.prep.recheck ? { recheck: plan.prep.recheck } : {}),
  };
}

/** A pool of one in-thread worker doing what the worker thread does (solve, then the re-check it was asked for); `tamper` alters the engine's result first. */
function inThreadPool(seen: SolveTask[], tamper: (r: EngineResult) => EngineResult = (r) => r): SolvePool {
  const engine = createTsEngine();
  return {
    threads: 1, waiting: 0, busy: 0,
    async run(task) {
      seen.push(task);
      const out = await solveTask(task, engine);
      const result = tamper(out.result);
      const recheck = recheckTask(task, result);
      return { out: { ...out, result, ...(recheck ? { recheck } : {}) }, submittedAt: out.startedAt, peakRssKb: 0 };
    },
    async close() {},
  };
}

describe('the re-check in the solve worker', () => {
  it('is asked for by the numeric commands whose adapter says so, never by the searches', () => {
    expect(planSolve({ lane: 'json', command: 'entropy', body: entropy }, principal, {}, { sandboxMaxN: 50_000 }).prep.recheck).toBeDefined();
    expect(planSolve({ lane: 'json', command: 'maxcut', body: maxcut }, principal, {}, { sandboxMaxN: 50_000 }).prep.recheck).toBeUndefined();
  });

  it('gives the answer fields the main thread gives, and runPlan takes them without finishing again', async () => {
    const plan = planSolve({ lane: 'json', command: 'entropy', body: entropy }, principal, {}, { sandboxMaxN: 50_000 });
    const task = taskOf(plan);
    const out = await solveTask(task, createTsEngine());
    const inWorker = recheckTask(task, out.result);
    expect(inWorker).toBeDefined();
    expect('done' in inWorker! ? inWorker.done.fields : null).toEqual(plan.prep.finish(out.result, { deadlineFired: false }).fields);
    let finishedHere = 0;
    const counted = { ...plan, prep: { ...plan.prep, finish: (...a: Parameters<typeof plan.prep.finish>) => (finishedHere++, plan.prep.finish(...a)) } };
    const seen: SolveTask[] = [];
    const run = await runPlan(counted, { pool: inThreadPool(seen), engineKindFor: () => 'ts' }, { t0: performance.now(), lane: 'sync', billing: () => ({ left: 0 }) });
    expect(seen[0]!.recheck).toBeDefined();
    expect(finishedHere).toBe(0);
    expect(run.envelope.entropy).toBe(1);
  });

  it('turns a wrong engine result into the same SVC_ENGINE_FAILURE as on the main thread', async () => {
    const plan = planSolve({ lane: 'json', command: 'entropy', body: entropy }, principal, {}, { sandboxMaxN: 50_000 });
    const lie = (r: EngineResult): EngineResult => ({ ...r, objective: 0.25, answer: Float64Array.from((r as { answer: Float64Array }).answer, (x, i) => (i === 0 ? 0.25 : x)) } as EngineResult);
    const err = await runPlan(plan, { pool: inThreadPool([], lie), engineKindFor: () => 'ts' }, { t0: performance.now(), lane: 'sync', billing: () => ({ left: 0 }) }).catch((e: unknown) => e);
    expect(isSvcError(err) ? err.code : String(err)).toBe('SVC_ENGINE_FAILURE');
  });
});
