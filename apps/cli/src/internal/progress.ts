import type { JobRecord } from '@svc/client';
import type { CliIo } from './cli-io';
import { gapText } from './render';

/** A one-line job progress display on stderr, redrawn in place; only when stderr is a terminal. */
export interface Progress {
  onProgress: (job: JobRecord) => void;
  /** Clears the line (call once the wait is over). */
  done: () => void;
}

const num = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);

const BAR_CELLS = 20;

/** `[#####---------------]` for a share in 0..1. */
export function progressBar(share: number): string {
  const full = Math.max(0, Math.min(BAR_CELLS, Math.floor(share * BAR_CELLS)));
  return `[${'#'.repeat(full)}${'-'.repeat(BAR_CELLS - full)}]`;
}

/**
 * The progress line of one job record, e.g.
 * `svc: job job_1 running [########------------] 42% · best 118 · bound 130 · gap 9.23% · 7 s`:
 * the share, best and gap of the engine's reports (`share`, `best`, `gap`), else the older fields.
 */
export function progressLine(job: JobRecord, elapsedMs: number): string {
  const p = job.progress ?? {};
  const parts = [`svc: job ${job.job_id} ${job.status}`];
  const share = num(p.share) ?? num(p.share_done);
  if (share !== undefined && job.status === 'running') parts[0] += ` ${progressBar(share)} ${Math.floor(share * 100)}%`;
  const best = num(p.best) ?? num(p.best_objective);
  if (best !== undefined) parts.push(`best ${best}`);
  const bound = num(p.bound);
  if (bound !== undefined) parts.push(`bound ${bound}`);
  const gap = num(p.gap);
  if (gap !== undefined) parts.push(`gap ${gapText(gap)}`);
  parts.push(`${Math.round(elapsedMs / 1000)} s`);
  return parts.join(' · ');
}

/** Undefined when stderr is not a terminal: piped stderr stays free of progress noise. */
export function progressReporter(io: CliIo): Progress | undefined {
  if (!io.stderrIsTty) return undefined;
  const now = io.now ?? Date.now;
  const started = now();
  let drawn = false;
  return {
    onProgress: (job) => {
      io.stderr(`\r\x1b[K${progressLine(job, now() - started)} (Ctrl-C leaves it running: svc jobs ${job.job_id})`);
      drawn = true;
    },
    done: () => {
      if (drawn) io.stderr('\r\x1b[K');
      drawn = false;
    },
  };
}
