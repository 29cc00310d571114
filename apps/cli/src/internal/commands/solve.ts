import { CLIENT_VERSION, createClient, defaultUserAgent, EFFORTS, normalizeEffort, withTag } from '@svc/client';
import { SvcError } from '@svc/errors';
import { flagValue, nonNegativeInteger, type FlagSpec } from '../args';
import type { CommandContext, CommandSpec } from '../command-spec';
import { readProblem } from '../read-problem';
import { emitError, emitResult } from '../render';

const COMMAND_NAME = /^[a-z][a-z0-9-]*$/;

function parseEffort(raw: string): string {
  const e = normalizeEffort(raw);
  if (!e) throw new SvcError('SVC_CLIENT', `--effort must be one of ${EFFORTS.join(', ')} (aliases low, med, max), got "${raw}".`);
  return e;
}

/** Flags every solve accepts (interface §4 "CLI global flags" that apply to a solve). */
export const SOLVE_FLAGS: readonly FlagSpec[] = [
  { name: 'input', value: 'FILE', description: 'read the problem JSON from FILE (`-` or absent: stdin)' },
  { name: 'effort', value: 'LEVEL', description: 'flash | medium | high (aliases low, med → medium; max → high)', parse: parseEffort },
  { name: 'seed', value: 'INT', description: 'seed for reproducibility', parse: nonNegativeInteger('seed') },
  { name: 'max-latency-ms', value: 'INT', description: 'wall-clock search budget in ms; 0 means none', parse: nonNegativeInteger('max-latency-ms') },
  { name: 'model', value: 'VERSION', description: 'pin a model version' },
  { name: 'no-wait', description: 'return the acknowledgement of a queued job instead of following it' },
  { name: 'wait-timeout', value: 'SECONDS', description: 'how long to follow a queued job (default 600)', parse: nonNegativeInteger('wait-timeout') },
];

const DETAILS = [
  'The problem is one JSON object with `description` (one sentence naming the real decision) and the',
  'command\'s fields; `tag` is filled in when absent. With SVC_API_KEY unset the public sandbox token',
  'is used. SVC_BASE_URL sets the service (default http://127.0.0.1:8080).',
].join('\n');

/** Sends one problem to `POST /api/v1/solve/<command>` and renders the outcome. */
async function runSolve(command: string, ctx: CommandContext): Promise<number> {
  const { io, args, format } = ctx;
  const problem = withTag(await readProblem(io, flagValue(args, 'input')));
  const client = createClient({
    env: io.env, fetch: io.fetch, sleep: io.sleep, userAgent: defaultUserAgent('svc-cli', CLIENT_VERSION),
  });
  const num = (name: string) => (flagValue(args, name) === undefined ? undefined : Number(flagValue(args, name)));
  const waitTimeout = num('wait-timeout');
  const out = await client.solve(command, problem, {
    effort: flagValue(args, 'effort'),
    seed: num('seed'),
    maxLatencyMs: num('max-latency-ms'),
    version: flagValue(args, 'model'),
    follow: !args.flags.has('no-wait'),
    waitTimeoutMs: waitTimeout === undefined ? undefined : waitTimeout * 1000,
  });
  if (!out.ok) return emitError(io, format, problem, out.error, out.exitCode);
  return emitResult(io, format, command, problem, out.result);
}

/** `svc <command>`: the short form for one solve command. */
export function solveCommand(command: string, summary: string): CommandSpec {
  return {
    name: command, summary, operands: [], flags: SOLVE_FLAGS, details: DETAILS,
    run: (ctx) => runSolve(command, ctx),
  };
}

/** `svc solve <command>`: the long form, for any command the service offers. */
export const SOLVE_LONG_FORM: CommandSpec = {
  name: 'solve',
  summary: 'solve a problem with any service command (long form of `svc optimize` etc.)',
  operands: ['<command>'],
  flags: SOLVE_FLAGS,
  details: DETAILS,
  run: (ctx) => {
    const command = ctx.operands[0];
    if (!COMMAND_NAME.test(command)) throw new SvcError('SVC_CLIENT', `"${command}" is not a command name.`);
    return runSolve(command, ctx);
  },
};
