import type { SvcError } from './svc-error';

/**
 * Codes that refuse a call for capacity or a full store: the caller retries later. Under load
 * they come by the thousand per second, so they are counted, never written one line each.
 */
const REFUSALS: ReadonlySet<string> = new Set([
  'SVC_HIGH_DEMAND', 'SVC_BUSY', 'SVC_QUEUE_FULL', 'SVC_WORKERS_SATURATED', 'SVC_TOO_MANY_INFLIGHT',
  'SVC_RATE_LIMITED', 'SVC_SANDBOX_RATE', 'SVC_COMPUTE_RATE_LIMIT',
]);

/** Faults (SVC_INTERNAL, SVC_ENGINE_FAILURE…) written with their cause per interval before the rest is counted. */
const FAULT_LINES_PER_INTERVAL = 20;

export interface FaultLog {
  /** Notes one refused or failed call; `where` names it (`POST /api/v1/solve/maxcut`, `gRPC Solve`). */
  report(err: SvcError, where: string): void;
  /** Writes the counts held so far (also done every interval). */
  flush(): void;
}

/**
 * A bounded log of server-side refusals and faults, so logging never becomes the bottleneck or
 * fills the disk under load: the first refusal of a code in an interval is written (with the
 * cause for a storage fault), later ones are counted and summed up in one line per interval;
 * faults are written with their cause up to 20 per interval, then counted the same way.
 */
export function createFaultLog(opts: { write: (line: string) => void; label: string; intervalMs?: number }): FaultLog {
  const { write, label } = opts;
  const counted = new Map<string, number>();
  const written = new Map<string, number>();
  const causeOf = (err: SvcError) => {
    const c = err.cause;
    return c instanceof Error ? (c.stack ?? c.message) : c === undefined ? '' : String(c);
  };
  const flush = () => {
    if (counted.size > 0) {
      const parts = [...counted].map(([code, n]) => `${n} ${code}`).join(', ');
      write(`[${label}] not written one by one in the last ${Math.round((opts.intervalMs ?? 10_000) / 1000)} s: ${parts}\n`);
    }
    counted.clear();
    written.clear();
  };
  const timer = setInterval(flush, opts.intervalMs ?? 10_000);
  timer.unref();
  return {
    report(err, where) {
      const refusal = REFUSALS.has(err.code);
      const seen = written.get(err.code) ?? 0;
      if (seen < (refusal ? 1 : FAULT_LINES_PER_INTERVAL)) {
        written.set(err.code, seen + 1);
        const cause = causeOf(err);
        const tail = refusal ? ' (more of these are counted, not written)' : '';
        write(`[${label}] ${where} -> ${err.code}: ${err.message}${tail}${cause ? `\n${cause}` : ''}\n`);
        return;
      }
      counted.set(err.code, (counted.get(err.code) ?? 0) + 1);
    },
    flush,
  };
}
