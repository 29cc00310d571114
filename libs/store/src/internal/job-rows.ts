/**
 * The jobs table's row as both stores read it (the same column names) and its record mapper; only
 * `cancel_requested` differs: 0/1 in SQLite, a boolean in PostgreSQL.
 */
import type { JobRecord, JobStatus } from '../job-store';

export interface JobRow {
  job_id: string;
  principal: string;
  owner: string | null;
  command: string;
  lane: 'json' | 'svcb';
  status: JobStatus;
  request: string;
  request_blob: Uint8Array | null;
  compute_units: number;
  charge_day: string;
  allowance: number;
  billed_units: number | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  result: string | null;
  error: string | null;
  progress: string | null;
  attempts: number;
  cancel_requested: number | boolean;
}

export const toJob = (r: JobRow): JobRecord => ({
  jobId: r.job_id,
  principal: r.principal,
  owner: r.owner,
  command: r.command,
  lane: r.lane,
  status: r.status,
  request: r.request,
  requestBlob: r.request_blob === null ? null : view(r.request_blob),
  computeUnits: r.compute_units,
  chargeDay: r.charge_day,
  allowance: r.allowance,
  billedUnits: r.billed_units,
  createdAt: r.created_at,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
  result: r.result,
  error: r.error,
  progress: r.progress,
  attempts: r.attempts,
  cancelRequested: r.cancel_requested === 1 || r.cancel_requested === true,
});

/** The bytes as they were read (a view, not a copy: they may be a large body). */
const view = (b: Uint8Array): Uint8Array => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

/**
 * A claimed job with its request bytes from `job_request_blobs` (job-migrations.ts 11); a row
 * written before that table keeps them in its own column.
 */
export const withBlob = (job: JobRecord, bytes: Uint8Array | undefined): JobRecord => (bytes === undefined ? job : { ...job, requestBlob: view(bytes) });

/** A unit count a job carries: a non-negative integer. */
export const checkUnits = (units: number, what: string): void => {
  if (!Number.isInteger(units) || units < 0) throw new RangeError(`${what} must be a non-negative integer, got ${units}`);
};
