import type { Json, McpBackend, Outcome, SolveArgs } from '../src/backend';

/** A scripted McpBackend for the server and stdio tests: records every call, answers what it is told. */
export const TAG = 'svc-cortex-v1';

export const envelope = (n: number, extra: Json = {}): Json => ({
  answer: Array.from({ length: n }, (_, i) => i % 2), cut_value: n, certainty: 'heuristic (hypothesis - verify)', proof: null,
  receipt: `svcr_${'ab'.repeat(32)}`, compute_units: 2, compute_units_left: 10, elapsed_ms: 1, peak_rss_kb: 1,
  observability: { queue_ms: 0, compute_ms: 1, total_ms: 1 }, tag: TAG, version: '2026-11-21', engine: 'ts', effort: 'medium', seed: 0, ...extra,
});

export const JOB_ID = 'job_0123456789abcdef0123456789abcdef';

export const job = (status: string, extra: Json = {}): Json => ({
  job_id: JOB_ID, status, command: 'maxcut', created_at: '2026-11-24T00:00:00.000Z', started_at: null, finished_at: null,
  compute_units: 2, billed_units: null, poll: `/api/v1/jobs/${JOB_ID}?wait=30`, attempts: 0, cancel_requested: false, progress: null, tag: TAG, ...extra,
});

export class Script implements McpBackend {
  calls: [string, unknown[]][] = [];
  compute_: (args: SolveArgs) => Outcome = () => ({ ok: true, value: envelope(5) });
  jobs: Outcome[] = [];
  /** The caller's owner id (undefined: the method is absent, as in `svc mcp`). */
  /** The backend wakes job waits on progress (the in-process service does). */
  progressWaits?: boolean;
  owner?: () => Promise<string | null>;
  async analyze(args: SolveArgs): Promise<Outcome> {
    this.calls.push(['analyze', [args]]);
    return { ok: true, value: { valid: true, command: args.command, compute_units: 2, would_certify: true, would_queue: false, charged: 0 } };
  }
  async compute(args: SolveArgs, key?: string): Promise<Outcome> {
    this.calls.push(['compute', [args, key]]);
    return this.compute_(args);
  }
  async verify(args: Json): Promise<Outcome> {
    this.calls.push(['verify', [args]]);
    return { ok: true, value: { ok: true, command: args.command, checks: [], objective: 3, objective_field: 'cut_value', verification: 'service_recheck' } };
  }
  async getJob(id: string, wait: number, _opts?: { readonly orProgress?: boolean }): Promise<Outcome> {
    this.calls.push(['getJob', [id, wait]]);
    return this.jobs.shift() ?? { ok: true, value: job('running') };
  }
  async cancelJob(id: string): Promise<Outcome> {
    this.calls.push(['cancelJob', [id]]);
    return { ok: true, value: job('cancelled', { cancel_requested: true }) };
  }
}
