/**
 * Stage marks of the solve path (body read, parse, plan, admission, worker, re-score, settle, …)
 * for the service-path bench (tools/src/bench/service-path.ts), which runs the server in this
 * process and sends one request at a time. Off unless a recorder is set: a mark is then one
 * null check. Marks are points on this thread's `performance.now()` clock; the bench takes the
 * differences between consecutive ones. Never in an answer (the contract's `observability` is
 * `{queue_ms, compute_ms, total_ms}`).
 */
export type StageRecorder = (stage: string, at: number) => void;

let recorder: StageRecorder | null = null;

/** Sets (or with null, clears) the process's stage recorder. */
export function setStageRecorder(r: StageRecorder | null): void {
  recorder = r;
}

/** Marks that `stage` ended at `at` (default now); nothing when no recorder is set. */
export function stageMark(stage: string, at?: number): void {
  if (recorder !== null) recorder(stage, at ?? performance.now());
}

/** True when a recorder is set (for marks whose time must be computed first). */
export function stageMarksOn(): boolean {
  return recorder !== null;
}
