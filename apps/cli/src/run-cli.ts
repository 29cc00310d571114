import { CLIENT_VERSION } from '@svc/client';
import { SvcError, exitCodeFor, problemDocument, toSvcError } from '@svc/errors';
import { didYouMean, flagValue, listValue, parseArgs, type FlagSpec } from './internal/args';
import type { CliIo } from './internal/cli-io';
import { COMMANDS } from './internal/commands';
import { GLOBAL_FLAGS } from './internal/flags';
import { commandHelp, generalHelp } from './internal/help-text';
import { FORMATS, emitErrorSync, localProblem, type Format, type OutputOptions } from './internal/render';

// The format must be known before parsing can fail, so usage errors honour --format json too.
function prescanFormat(argv: readonly string[]): Format {
  let format: Format = 'human';
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--') break;
    const v = argv[i] === '--format' ? argv[i + 1] : argv[i].startsWith('--format=') ? argv[i].slice(9) : undefined;
    if ((FORMATS as readonly string[]).includes(v ?? '')) format = v as Format;
  }
  return format;
}

function unionFlags(): FlagSpec[] {
  const byName = new Map<string, FlagSpec>();
  // Values are not checked in this pass (a flag's meaning may differ per command).
  for (const f of [...GLOBAL_FLAGS, ...COMMANDS.flatMap((c) => c.flags)]) byName.set(f.name, { ...f, parse: undefined });
  return [...byName.values()];
}

/**
 * A flag of other commands given to this one (`svc tsp --binary`) is named as such, with the
 * commands that take it, before the generic unknown-flag error.
 */
function assertOwnFlags(argv: readonly string[], name: string, own: readonly FlagSpec[]): void {
  const mine = new Set(own.map((f) => `--${f.name}`));
  for (const arg of argv) {
    if (arg === '--') return;
    if (!arg.startsWith('--')) continue;
    const key = arg.includes('=') ? arg.slice(0, arg.indexOf('=')) : arg;
    if (mine.has(key)) continue;
    const owners = COMMANDS.filter((c) => c.flags.some((f) => `--${f.name}` === key)).map((c) => c.name);
    if (owners.length === 0) return;
    throw new SvcError('SVC_CLIENT', `${key} is not an option of \`svc ${name}\`; it is an option of ${owners.join(', ')}.`, {
      extensions: { hint: `\`svc ${name} --help\` lists the options of ${name}.` },
    });
  }
}

async function dispatch(argv: readonly string[], io: CliIo): Promise<number> {
  // First pass over every known flag only to find the command name (flag values are not commands).
  const first = parseArgs(argv, unionFlags());
  const [name, ...operands] = first.positionals;
  if (name === undefined) {
    if (first.flags.has('version')) return io.stdout(`${CLIENT_VERSION}\n`), 0;
    if (first.flags.has('help')) return io.stdout(generalHelp(COMMANDS)), 0;
    throw new SvcError('SVC_CLIENT', 'No command given; run `svc --help`.', { extensions: { hint: 'Try `svc demo` (one live solve), `svc examples`, or `svc --help` for every command.' } });
  }
  const cmd = COMMANDS.find((c) => c.name === name);
  if (!cmd) {
    const names = COMMANDS.map((c) => c.name);
    throw new SvcError('SVC_CLIENT', `Unknown command "${name}".${didYouMean(name, names)} Commands: ${names.join(', ')}.`, {
      extensions: { hint: '`svc --help` lists every command with what it does.' },
    });
  }
  assertOwnFlags(argv, cmd.name, [...GLOBAL_FLAGS, ...cmd.flags]);
  const args = parseArgs(argv, [...GLOBAL_FLAGS, ...cmd.flags]);
  if (args.flags.has('help')) return io.stdout(commandHelp(cmd)), 0;
  if (args.flags.has('version')) return io.stdout(`${CLIENT_VERSION}\n`), 0;
  const required = cmd.operands.filter((o) => !o.startsWith('[')).length;
  if (operands.length < required || operands.length > cmd.operands.length) {
    throw new SvcError('SVC_CLIENT', `Usage: svc ${[cmd.name, ...cmd.operands].join(' ')} [options] (got ${operands.length} operand(s)).`);
  }
  const format = (args.flags.get('format') as Format | undefined) ?? 'human';
  const output: OutputOptions = { format, out: flagValue(args, 'out'), fields: listValue(args, 'fields'), compact: args.flags.has('compact') };
  return cmd.run({ io, args, operands, format, output });
}

/**
 * Runs `svc` with `argv` (without the node and script paths) and returns the exit code.
 * Never throws: every failure is rendered (prose on stderr; the problem document on stdout for
 * `--format json|envelope`) and mapped to its exit code (commands.md "CLI exit codes").
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const format = prescanFormat(argv);
  try {
    return await dispatch(argv, io);
  } catch (e) {
    const err = e instanceof SvcError ? e : toSvcError(e);
    if (!(e instanceof SvcError)) io.stderr(`svc: unexpected fault: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    // What svc throws it found itself: nothing answered with it.
    emitErrorSync(io, format, null, e instanceof SvcError ? localProblem(err) : problemDocument(err));
    return exitCodeFor(err.code);
  }
}
