import type { CommandContext, CommandSpec } from '../command-spec';
import { intValue } from '../args';
import { WAIT_FLAGS } from '../flags';
import { progressLine, progressReporter } from '../progress';
import { emitError, emitSuccess, humanSummary, table } from '../render';
import { openSession } from '../session';

/** What the job costs: what was billed once it ended (`billed_units`), else what is held for it. */
function unitsOf(d: Record<string, unknown>): string {
  if (typeof d.billed_units === 'number') {
    const held = typeof d.compute_units === 'number' && d.compute_units !== d.billed_units ? ` of the ${d.compute_units} held; the rest refunded` : '';
    return `${d.billed_units} billed${held}`;
  }
  return d.compute_units === undefined ? '?' : `${String(d.compute_units)} held (billed when the job ends)`;
}

function recordHuman(d: Record<string, unknown>): string {
  const p = (d.progress ?? {}) as Record<string, unknown>;
  const rows: [string, string][] = [
    ['status', String(d.status)], ['command', String(d.command ?? '?')], ['compute units', unitsOf(d)],
    ['created', String(d.created_at ?? '-')], ['started', String(d.started_at ?? '-')], ['finished', String(d.finished_at ?? '-')],
  ];
  if (d.progress) rows.push(['progress', progressLine({ job_id: String(d.job_id), status: String(d.status), progress: p }, Number(p.elapsed_ms ?? 0)).replace(/^svc: job \S+ /, '')]);
  let text = `job ${d.job_id}\n${table(rows)}`;
  if (d.status === 'done' && typeof d.result === 'object' && d.result !== null) text += humanSummary(String(d.command ?? 'result'), d.result as Record<string, unknown>);
  if (d.status === 'queued' || d.status === 'running') text += `Follow it: svc jobs ${d.job_id}; cancel it: svc jobs ${d.job_id} --cancel\n`;
  return text;
}

async function cancelJob(ctx: CommandContext, jobId: string): Promise<number> {
  const { client } = await openSession(ctx.io);
  const out = await client.cancel(jobId);
  if (!out.ok) return emitError(ctx.io, ctx.output, null, out.error, out.exitCode);
  return emitSuccess(ctx.io, ctx.output, out.result, { human: recordHuman });
}

/** `svc jobs <id>`: follow a job to its end (default), show it now (`--no-wait`), or cancel it. */
export const JOBS_COMMAND: CommandSpec = {
  name: 'jobs', group: 'helper', summary: 'follow a queued job to its result (resume a wait), show it (--no-wait) or --cancel it',
  operands: ['<job_id>'],
  flags: [...WAIT_FLAGS, { name: 'cancel', description: 'cancel the job (a queued job is refunded; a running one bills the work done)' }],
  details: [
    'Following prints the job\'s result like the solve that queued it (progress on stderr when it is a',
    'terminal); a wait that ends first is SVC_JOB_WAIT_TIMEOUT (exit 1): run `svc jobs <id>` again. A',
    'cancelled job followed is SVC_ERROR (exit 3); a failed one is its error document.',
  ].join('\n'),
  run: async (ctx) => {
    const jobId = ctx.operands[0];
    if (ctx.args.flags.has('cancel')) return cancelJob(ctx, jobId);
    const { client } = await openSession(ctx.io);
    if (ctx.args.flags.has('no-wait')) {
      const out = await client.job(jobId);
      if (!out.ok) return emitError(ctx.io, ctx.output, null, out.error, out.exitCode);
      return emitSuccess(ctx.io, ctx.output, out.result, { human: recordHuman });
    }
    const seconds = intValue(ctx.args, 'wait-timeout');
    const progress = progressReporter(ctx.io);
    let out;
    try {
      out = await client.followJob(jobId, { waitTimeoutMs: seconds === undefined ? undefined : seconds * 1000, onProgress: progress?.onProgress });
    } finally {
      progress?.done();
    }
    if (!out.ok) return emitError(ctx.io, ctx.output, null, out.error, out.exitCode);
    return emitSuccess(ctx.io, ctx.output, out.result, { human: (d) => humanSummary(`job ${jobId}`, d) });
  },
};

/** `svc cancel <id>`: the same as `svc jobs <id> --cancel`. */
export const CANCEL_COMMAND: CommandSpec = {
  name: 'cancel', group: 'helper', summary: 'cancel a queued or running job (same as `svc jobs <id> --cancel`)',
  operands: ['<job_id>'], flags: [],
  run: (ctx) => cancelJob(ctx, ctx.operands[0]),
};
