import { SvcError, type ErrorCode } from '@svc/errors';
import { CERTAINTY, LATENCY_BUDGET_COMMANDS, TAG, type UsageAlert } from '@svc/contracts';
import { DEADLINE_FLAG, newCancelSignal, type Command, type EngineProgress, type EngineResult } from '@svc/engine-ts';
import { prepareReceipt, receipt, type PreparedReceipt } from '../receipt';
import { engineStopAt } from './deadline';
import type { CachedSolve } from '../result-cache';
import type { SolvePlan } from './plan';
import type { SolveEnvelope } from './types';
import type { SolvePool } from './pool';
import type { RecheckOutcome } from './task';
import { progressReadingOf, type FinishedSolve } from '../commands';
import { certificateFields } from './certificate-fields';
import type { ServiceMetrics } from '../metrics';
import { stageMark, stageMarksOn } from './stage-marks';
import { directEligible, type DirectLane } from './direct-lane';

/** What running a plan needs from the service instance. */
export interface PlanRunner {
  readonly pool: SolvePool;
  /** The direct lane of tiny native solves (solve/direct-lane.ts); absent: every solve goes to the pool. */
  readonly direct?: DirectLane;
  /** The engine kind that answers `command` (the service's own selection). */
  engineKindFor(command: Command): 'native' | 'ts';
  readonly metrics?: ServiceMetrics;
}

export interface RunPlanOptions {
  /** `performance.now()` when the latency budget starts counting (the request's acceptance, or a job's: solve/deadline.ts). */
  readonly t0: number;
  /** Shared cancel flag (a job's); a fresh one otherwise. Non-zero stops the engine with its best so far. */
  readonly cancel?: Int32Array;
  /** `sync` (answered in the request) or `job` (queued); a metrics label. */
  readonly lane: 'sync' | 'job';
  /** Billing figures for the envelope, computed once the engine has answered. */
  readonly billing: () => Promise<{ left: number; alert?: UsageAlert }> | { left: number; alert?: UsageAlert };
  /** Extra milliseconds spent before `t0` (a job's time in the queue) for `observability`. */
  readonly queuedMs?: number;
  /** Aborted: terminate the worker thread now (a job whose cancel the engine ignored). */
  readonly stop?: AbortSignal;
  /** The engine's reports while it solves (at most one per ~100 ms; none after the answer). */
  readonly onProgress?: (p: PlanProgress) => void;
}

/**
 * A running solve's state in the answer's own terms. `best` and `bound` are given only for the
 * commands whose engine objective is the answer's objective field unchanged (their command
 * module's `progress.sense`); others report work and time only.
 */
export interface PlanProgress {
  readonly best: number | null;
  readonly bound: number | null;
  /** The objective's sense, null when best and bound are not given. */
  readonly minimise: boolean | null;
  /** The engine's own unit (moves, nodes, kicks) so far. */
  readonly work: number;
  readonly elapsedMs: number;
}

function planProgress(command: Command, p: EngineProgress): PlanProgress {
  const sense = progressReadingOf(command)?.sense;
  const num = (v: unknown) => (sense !== undefined && typeof v === 'number' && Number.isFinite(v) ? v : null);
  return {
    best: num(p.best),
    bound: num(p.bound),
    minimise: sense === undefined ? null : sense === 'min',
    work: typeof p.work === 'number' && Number.isFinite(p.work) ? p.work : 0,
    elapsedMs: typeof p.elapsedMs === 'number' && Number.isFinite(p.elapsedMs) ? p.elapsedMs : 0,
  };
}

/**
 * The checked answer: the worker's re-check when it ran one under the same deadline verdict (its
 * fault rethrown as the SvcError it was), else `finish` here.
 */
export function finishedOf(recheck: RecheckOutcome | undefined, finishHere: () => FinishedSolve, deadlineFired: boolean): FinishedSolve {
  if (recheck === undefined || recheck.deadlineFired !== deadlineFired) return finishHere();
  if ('done' in recheck) return recheck.done;
  const { code, message, extensions } = recheck.fault;
  if (code !== undefined) throw new SvcError(code as ErrorCode, message, { extensions });
  throw new Error(message);
}

/**
 * A solver still running this long after a cancel, or after its deadline once it has reported a
 * complete answer, is stuck: its worker thread is terminated.
 */
export const STOP_GRACE_MS = 10_000;

const round3 = (ms: number) => Math.max(0, Math.round(ms * 1000) / 1000);

/**
 * Runs a plan in the solver pool and builds the success envelope: re-scored answer fields,
 * certainty, receipt, billing, timings. Any disagreement of the engine with the independent
 * re-score is SVC_ENGINE_FAILURE, never a wrong answer. The one run step of every front door
 * (JSON solve, compute, binary lane) and of the job runner.
 */
export async function runPlan(plan: SolvePlan, runner: PlanRunner, opts: RunPlanOptions): Promise<{
  envelope: SolveEnvelope;
  result: EngineResult;
  /** The checked answer (fields, proof, bound) the envelope was built from. */
  done: FinishedSolve;
  /** The service's deadline timer fired during the solve. */
  deadlineFired: boolean;
  /** What the result cache may keep; null when the answer stopped at a deadline (never cached). */
  cacheable: CachedSolve | null;
}> {
  const { command, prep, effort, seed, version } = plan;
  const t0 = opts.t0;
  const cancel = opts.cancel ?? newCancelSignal().flag;
  const budget = plan.maxLatencyMs;
  const answering = runner.engineKindFor(command);
  // The engine stops at acceptance + budget − the post-solve reserve (solve/deadline.ts); the time
  // already spent (parsing, planning, admission, a job's POST) is not given to it again, and the
  // worker takes its remaining time when it starts, so queueing for a worker is not either.
  // One rule for every command (docs/contract.md "Latency budget"): a command whose capabilities say
  // `latency_budget: false` computes its answer in one piece and ignores the budget (echoed, with
  // `stopped_at_deadline: false`): neither the engine's deadline nor the cancel flag is set for it.
  const honoured = (LATENCY_BUDGET_COMMANDS as readonly string[]).includes(command);
  const stopAt = honoured ? engineStopAt(t0, budget, prep.terms) : undefined;
  let deadlineTimer: NodeJS.Timeout | undefined;
  let deadlineFired = false;
  // An engine past its deadline is stuck only once it has a complete answer to return: before that
  // it is still building its first answer, which the budget never cuts (a spectrum of 24 qubits
  // takes over a minute). Its progress says so (`best` set); an engine that reports none is not cut.
  let hasAnswer = false;
  const armStuck = () => {
    if (deadlineFired && hasAnswer && deadlineTimer === undefined) deadlineTimer = setTimeout(() => stopper.abort(), STOP_GRACE_MS);
  };
  if (stopAt !== undefined) {
    // The cancel flag at the same moment: the engine's own deadline is the first line, this the second.
    deadlineTimer = setTimeout(() => {
      deadlineFired = true;
      deadlineTimer = undefined;
      // DEADLINE_FLAG, not a cancel: an engine stops as at its own deadline (its first complete
      // answer still comes: docs/contract.md "Latency budget"); a caller's cancel already set stays.
      Atomics.compareExchange(cancel, 0, 0, DEADLINE_FLAG);
      // An engine that ignores its cancel flag would hold the request (and a worker) for ever.
      armStuck();
    }, Math.max(1, stopAt - performance.now()));
  }
  const toCaller = opts.onProgress;
  const onProgress = stopAt === undefined
    ? (toCaller ? (p: EngineProgress) => toCaller(planProgress(command, p)) : undefined)
    : (p: EngineProgress) => {
      if (p.best !== null && !hasAnswer) {
        hasAnswer = true;
        armStuck();
      }
      toCaller?.(planProgress(command, p));
    };
  const stopper = new AbortController();
  const onStop = () => stopper.abort();
  opts.stop?.addEventListener('abort', onStop, { once: true });
  if (opts.stop?.aborted) stopper.abort();
  let run;
  try {
    const task = {
      command,
      problem: prep.problem,
      effort,
      seed,
      model: version,
      stopAtEpochMs: stopAt === undefined ? undefined : performance.timeOrigin + stopAt,
      warmStart: prep.warmStart,
      cancel,
      ...(prep.recheck !== undefined ? { recheck: prep.recheck, ...(plan.certificate !== undefined ? { certificate: plan.certificate } : {}) } : {}),
    };
    // A tiny native solve in a request is answered here, without a worker's round trip; a job's
    // (a caller's cancel may have to end its thread) always goes to the pool.
    const direct = runner.direct && opts.lane === 'sync' && directEligible(plan, answering) ? runner.direct.run(task, onProgress, stopper.signal) : null;
    const running = direct ?? runner.pool.run(task, stopper.signal, onProgress);
    stageMark('submitted');
    // While the engine runs on its worker, this thread writes the problem's part of the receipt.
    let receiptOf: PreparedReceipt | null = null;
    try {
      // A plan made on its worker (solve/raw-json.ts) has no problem here: the worker writes the receipt.
      if (prep.receiptProblem !== undefined) receiptOf = prepareReceipt({ command, problem: prep.receiptProblem, seed, effort, version, engine: answering });
    } catch {
      // Written (and its fault raised) after the solve, as without the preparation.
    }
    stageMark('receipt-prepared');
    run = { ...(await running), receiptOf };
  } finally {
    if (deadlineTimer) clearTimeout(deadlineTimer);
    opts.stop?.removeEventListener('abort', onStop);
  }
  const { out } = run;
  if (stageMarksOn()) {
    stageMark('returned');
    stageMark('worker-start', out.startedAt - performance.timeOrigin);
    stageMark('worker-end', out.finishedAt - performance.timeOrigin);
  }
  if (out.engine !== answering) {
    throw new SvcError('SVC_ENGINE_FAILURE', `worker solved with engine '${out.engine}', expected '${answering}'`);
  }
  const r = out.result;
  const done = finishedOf(out.recheck, () => prep.finish(r, { deadlineFired, certificate: plan.certificate }), deadlineFired);
  const { proof, stoppedAtDeadline: stopped, bound, gap } = done;
  stageMark('rescored');
  const billing = await opts.billing();
  const certainty = done.certainty ?? (proof === null ? CERTAINTY.heuristic : CERTAINTY.certified);
  const envelope: SolveEnvelope = {
    ...done.fields,
    certainty,
    proof,
    ...(bound !== undefined ? { bound, gap } : {}),
    ...certificateFields(done.certificate, plan.certificate, certainty, bound),
    receipt: out.receipt ?? (run.receiptOf ? run.receiptOf.of(done.fields.answer) : receipt({ command, problem: prep.receiptProblem, seed, effort, version, engine: answering, answer: done.fields.answer })),
    compute_units: plan.units,
    compute_units_left: billing.left,
    elapsed_ms: round3(r.engineMs),
    peak_rss_kb: run.peakRssKb,
    observability: {
      queue_ms: round3((opts.queuedMs ?? 0) + out.startedAt - run.submittedAt),
      compute_ms: round3(out.finishedAt - out.startedAt),
      total_ms: 0,
    },
    tag: TAG,
    version,
    engine: answering,
    effort,
    seed,
  };
  if (budget > 0) {
    envelope.latency_budget_ms = budget;
    envelope.stopped_at_deadline = stopped;
  }
  if (billing.alert) envelope.usage_alert = billing.alert;
  envelope.observability.total_ms = round3((opts.queuedMs ?? 0) + performance.now() - t0);
  stageMark('enveloped');
  runner.metrics?.observeSolve(command, answering, opts.lane, envelope.observability.total_ms / 1000);
  // Answers stopped at a deadline are never cached (commands.md "Receipt").
  const cacheable = stopped || deadlineFired ? null
    : { fields: done.fields, certainty: envelope.certainty, proof, bound, gap, receipt: envelope.receipt, ...(done.certificate ? { certificate: done.certificate } : {}) };
  return { envelope, result: r, done, deadlineFired, cacheable };
}
