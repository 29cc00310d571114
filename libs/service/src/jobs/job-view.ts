/** What a caller sees of a job (`GET /api/v1/jobs/{id}`, commands.md "Jobs"): the view and its progress. */
import type { JobStatus } from '@svc/store';
import type { Principal } from '../principal';

/** Progress of a job: what the engines can tell, and how the share of work is known. */
export interface JobProgress {
  /** The share of the work done, 0..1. */
  share: number;
  /**
   * `engine_work`: the engine's own count of work done against its budget (at the end);
   * `engine_progress`: while running, the engine has reported its state (best, bound, work) and
   * the share is elapsed time against the work estimate; `estimated_from_elapsed_time`: while
   * running, no report yet (or a family without one), the same estimate; `not_started`.
   */
  share_basis: 'engine_work' | 'engine_progress' | 'estimated_from_elapsed_time' | 'not_started';
  /**
   * Best objective known in the answer's terms: the engine's incumbent while running (the warm
   * start's before its first report; the answer is never worse), the answer's at the end.
   */
  best: number | null;
  /** Relative gap |best − bound| / max(1, |best|) when both are known, else null. */
  gap?: number | null;
  /** The engine's own count of work so far (moves, nodes, kicks) when it reported one, else null. */
  work?: number | null;
  /** A proven bound on the optimum, when one is known (null once an exact method proved the answer). */
  bound: number | null;
  /** Estimated engine work of the whole solve (see `estimateWork`). */
  estimated_work: number;
  elapsed_ms: number;
}

/** A job as `GET /api/v1/jobs/{id}` shows it (commands.md "Jobs"). */
export interface JobView {
  job_id: string;
  status: JobStatus;
  command: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** Units charged when the job was accepted. */
  compute_units: number;
  /** Units finally billed: all of them when done, none when failed or cancelled while queued, the share of work done when cancelled while running; null until then. */
  billed_units: number | null;
  poll: string;
  /** How many times a runner started the job (more than 1 after a restart). */
  attempts: number;
  cancel_requested: boolean;
  progress: JobProgress | null;
  /** The success envelope (done). */
  result?: Record<string, unknown>;
  /** The problem document (failed). */
  error?: Record<string, unknown>;
  tag: string;
}

/** Who reads or cancels a job: a principal, or nobody (no credentials). */
export type JobReader = Principal | null;

/** Seconds of the long-poll a job's `poll` URL carries. */
const POLL_WAIT = 30;

/** The root-relative poll URL of a job. */
export const pollOf = (jobId: string) => `/api/v1/jobs/${jobId}?wait=${POLL_WAIT}`;

/** The service's relative gap (internal/rescore.ts): |best − bound| / max(1, |best|), null unless both are known. */
export function gapOf(best: number | null, bound: number | null): number | null {
  return best === null || bound === null ? null : Math.abs(best - bound) / Math.max(1, Math.abs(best));
}

/** The progress of a job no runner has started. */
export function notStarted(estimatedWork: number): JobProgress {
  return { share: 0, share_basis: 'not_started', best: null, bound: null, estimated_work: estimatedWork, elapsed_ms: 0, gap: null, work: null };
}

/**
 * A stored progress as this version shows it: rows written before one name was kept for each field
 * carry `share_done` and `best_objective` as well (the same numbers); they are read as `share` and `best`.
 */
export function progressFromStore(text: string): JobProgress {
  const { share_done, best_objective, ...p } = JSON.parse(text) as JobProgress & { share_done?: number; best_objective?: number | null };
  return { ...p, share: p.share ?? share_done ?? 0, best: p.best !== undefined ? p.best : (best_objective ?? null) };
}
