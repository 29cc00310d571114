import type { MessagePort } from 'node:worker_threads';
import type { CertificateMode, ValidatedProblem } from '@svc/contracts';
import type { CanonicalProblem, Command, Effort, EngineResult } from '@svc/engine-ts';
import type { FinishedSolve } from '../commands/adapter';

/** What the pool sends to a worker thread (structured-cloned; `cancel` is shared memory). */
export interface SolveTask {
  readonly command: Command;
  readonly problem: CanonicalProblem;
  readonly effort: Effort;
  readonly seed: number;
  /** Resolved model version id: the engine's budget table (engine-ts BUDGET_MODELS). */
  readonly model: string;
  /**
   * When the engine must stop, as epoch ms (`performance.timeOrigin + performance.now()`, the
   * clock both threads share); the worker turns it into the engine's `deadlineMs` when the
   * solve starts, so the time the task waited for the worker is not given to the engine again.
   */
  readonly stopAtEpochMs?: number;
  readonly warmStart?: Uint8Array;
  /** Int32Array over a SharedArrayBuffer; non-zero asks the engine to stop. */
  readonly cancel: Int32Array;
  /** Transferred: the worker posts the engine's progress points (EngineProgress) here, then closes it. */
  readonly progress?: MessagePort;
  /** The validated input whose re-check (the adapter's `finish`) runs in the worker after the solve (PreparedSolve.recheck). */
  readonly recheck?: ValidatedProblem;
  /** The call's `?certificate=` for that re-check (`none`: no certificate is made). */
  readonly certificate?: CertificateMode;
}

/** The worker's re-check of a result: the checked answer, or the fault it found (an SvcError's facts, or another error's message). */
export type RecheckOutcome =
  | { readonly done: FinishedSolve; readonly deadlineFired: boolean }
  | { readonly fault: { readonly code?: string; readonly message: string; readonly extensions?: Record<string, unknown> }; readonly deadlineFired: boolean };

/** What a worker thread returns. Times are epoch ms with sub-ms precision. */
export interface SolveTaskResult {
  readonly result: EngineResult;
  /** Engine kind that actually answered (must equal the service's choice for this command). */
  readonly engine: 'native' | 'ts';
  readonly engineId: string;
  readonly startedAt: number;
  readonly finishedAt: number;
  /** The re-check run in the worker when the task asked for it. */
  readonly recheck?: RecheckOutcome;
  /** The receipt, written in the worker when it planned the problem itself (solve/raw-json.ts). */
  readonly receipt?: string;
}

/** workerData of every pool thread. */
export interface SolveWorkerData {
  /** The selection the service made (undefined = native when the addon loads, else ts). */
  readonly engine?: 'native' | 'ts';
}
