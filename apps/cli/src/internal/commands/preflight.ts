import { withTag } from '@svc/client';
import { flagValue } from '../args';
import type { CommandContext, CommandSpec } from '../command-spec';
import { INPUT_FLAG, QUERY_FLAGS } from '../flags';
import { readProblem } from '../read-problem';
import { emitError, emitSuccess, table, truncateAnswer } from '../render';
import { openSession } from '../session';
import { knownCommand, solveFlagsOf } from './solve';

const yes = (b: unknown) => (b === true ? 'yes' : b === false ? 'no' : String(b));


async function preflight(ctx: CommandContext, route: 'estimate' | 'preflight', human: (command: string, d: Record<string, unknown>) => string): Promise<number> {
  const { io, args } = ctx;
  const command = knownCommand(ctx.operands[0]);
  const problem = withTag(await readProblem(io, flagValue(args, 'input')));
  const { client } = await openSession(io);
  const f = solveFlagsOf(args);
  const out = await client.analyze(command, problem, { route, effort: f.effort, seed: f.seed, maxLatencyMs: f.maxLatencyMs, version: f.version });
  if (!out.ok) return emitError(io, ctx.output, problem, out.error, out.exitCode);
  return emitSuccess(io, ctx.output, out.result, { problem, human: (d) => human(command, d) });
}

function estimateHuman(command: string, d: Record<string, unknown>): string {
  const rows: [string, string][] = [
    ['compute units', `${d.compute_units} at effort ${d.effort} (by effort: ${truncateAnswer(d.compute_units_by_effort)})`],
    ['left today', `${d.compute_units_left} (within quota: ${yes(d.within_quota)})`],
    ['difficulty', `${d.difficulty}; recommended effort ${d.recommended_effort}`],
    ['would certify', `${typeof d.certify === 'string' ? d.certify : yes(d.would_certify)}${d.certification ? ` (${d.certification})` : ''}`],
    ['would queue', `${yes(d.would_queue)} (estimated work ${d.estimated_work} of threshold ${d.queue_threshold_work})`],
    ['charged', String(d.charged ?? 0)],
  ];
  return `${command}: estimate (free; nothing solved)\n${table(rows)}`;
}

function validateHuman(command: string, d: Record<string, unknown>): string {
  const size = [d.n !== undefined ? `n = ${d.n}` : '', d.terms !== undefined ? `${d.terms} terms` : ''].filter(Boolean).join(', ');
  return `${command}: ${d.valid === false ? 'NOT valid' : 'valid'}${size ? ` (${size})` : ''}; ${d.compute_units} compute units at effort ${d.effort} if solved\n`;
}

/** `svc validate <command>`: the free preflight's verdict (exit 0 valid, 3 with the problem document). */
export const VALIDATE_COMMAND: CommandSpec = {
  name: 'validate', group: 'helper', summary: 'check a problem against the command\'s contract (free; POST /api/v1/preflight)',
  operands: ['<command>'], flags: [INPUT_FLAG, ...QUERY_FLAGS],
  details: 'Exit 0 when the service accepts the problem; exit 3 with the problem document naming the field otherwise.',
  run: (ctx) => preflight(ctx, 'preflight', validateHuman),
};

/** `svc estimate <command>`: cost, difficulty, recommended effort, whether it would certify or queue. */
export const ESTIMATE_COMMAND: CommandSpec = {
  name: 'estimate', group: 'helper', summary: 'free estimate: compute units, difficulty, recommended effort (POST /api/v1/estimate)',
  operands: ['<command>'], flags: [INPUT_FLAG, ...QUERY_FLAGS],
  run: (ctx) => preflight(ctx, 'estimate', estimateHuman),
};

/** `svc route`: which command a bare problem's shape maps to. */
export const ROUTE_COMMAND: CommandSpec = {
  name: 'route', group: 'helper', summary: 'propose command candidates for a bare problem (free; POST /api/v1/route)',
  operands: [], flags: [INPUT_FLAG],
  run: async (ctx) => {
    const { io } = ctx;
    const problem = withTag(await readProblem(io, flagValue(ctx.args, 'input')));
    const { client } = await openSession(io);
    const out = await client.route(problem);
    if (!out.ok) return emitError(io, ctx.output, problem, out.error, out.exitCode);
    const all = Array.isArray(out.result.candidates) ? (out.result.candidates as Record<string, unknown>[]) : [];
    const fits = all.filter((x) => x.complete !== false);
    return emitSuccess(io, ctx.output, out.result, {
      problem,
      // A shape no command takes as it is exits 3 (validation), with what would make it fit.
      exitCode: fits.length === 0 ? 3 : 0,
      human: () => {
        const near = all.filter((x) => x.complete === false);
        const rows = (c: Record<string, unknown>[]) => table(c.map((x) => [String(x.command), `confidence ${x.confidence}${x.available === false ? ' (not available yet)' : ''}: ${x.why}`]));
        const head = fits.length === 0 ? 'route: no command fits this shape as it is\n' : `route: ${fits.length} command(s) fit, best first\n${rows(fits)}`;
        return near.length === 0 ? head : `${head}${fits.length === 0 ? '' : '\n'}with one more field:\n${rows(near)}`;
      },
    });
  },
};
