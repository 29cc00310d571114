import { CLIENT_VERSION } from '@svc/client';
import { NOT_AVAILABLE } from '@svc/contracts/commands';
import type { FlagSpec } from './args';
import type { CommandSpec } from './command-spec';
import { GLOBAL_FLAGS, GLOBAL_SOLVE_FLAGS } from './flags';

const EXIT_CODES = [
  'Exit codes: 0 success (verify: checks passed); 1 retryable fault (network, 429, 5xx, 402 quota or',
  '--max-compute-units, a job still running at the wait deadline, an invalid upstream response); 2 auth',
  '(401/403, no credentials); 3 invalid request or usage (400/404/409/413/422/426/501, unknown flag or',
  'command, unreadable input, corrupt config, verify checks failing). batch: the first failed line\'s code.',
].join('\n');

const ENVIRONMENT = [
  'Environment: SVC_BASE_URL (default http://127.0.0.1:8080); SVC_API_KEY (unset: the config\'s key, else',
  'the public sandbox token); SVC_CONFIG (config file; default $XDG_CONFIG_HOME/svc/config.json or',
  '~/.config/svc/config.json); SVC_AGENT, SVC_AGENT_MODEL (named in the User-Agent); SVC_RETRY_MAX_WAIT',
  '(seconds, default 60: the longest Retry-After svc waits for before a retry).',
].join('\n');

const GROUPS: [CommandSpec['group'], string][] = [
  ['solve', 'Solve (the problem JSON on stdin or --input FILE):'],
  ['helper', 'Helpers (free):'],
  ['account', 'Accounts and configuration:'],
];

function flagRows(flags: readonly FlagSpec[]): string {
  const label = (f: FlagSpec) => `${f.short ? `-${f.short}, ` : ''}--${f.name}${f.value ? ` ${f.value}` : ''}`;
  const w = Math.max(...flags.map((f) => label(f).length));
  return flags.map((f) => `  ${label(f).padEnd(w)}  ${f.description}\n`).join('');
}

const NOT_SERVED = `(${NOT_AVAILABLE})`;

/** The help line of a command: its summary, marked when this version does not serve it. */
const summaryOf = (cmd: CommandSpec) => (cmd.notAvailable ? `${cmd.summary} ${NOT_SERVED}` : cmd.summary);

const synopsis = (cmd: CommandSpec) => [cmd.name, ...cmd.operands, ...(cmd.requiredFlags ? [cmd.requiredFlags] : [])].join(' ');

function usageLine(cmd: CommandSpec): string {
  return `svc ${synopsis(cmd)} [options]`;
}

/** `svc --help`. */
export function generalHelp(commands: readonly CommandSpec[]): string {
  const names = new Map(commands.map((c) => [c, synopsis(c)]));
  const w = Math.max(...[...names.values()].map((n) => n.length));
  const sections = GROUPS.map(([g, title]) => [
    title,
    ...commands.filter((c) => c.group === g).map((c) => `  ${names.get(c)!.padEnd(w)}  ${summaryOf(c)}`),
    '',
  ].join('\n'));
  return [
    `svc ${CLIENT_VERSION}: client of the decision-solver service (solving runs on the service, never here)\n`,
    'Usage: svc <command> [options]\n',
    ...sections,
    'Global options:',
    flagRows(GLOBAL_FLAGS),
    'Global solve options (every command that solves, and compute; `svc <command> --help` lists the rest):',
    flagRows(GLOBAL_SOLVE_FLAGS),
    'Run `svc <command> --help` for the options of one command; `svc agent-info` prints this contract as JSON.\n',
    EXIT_CODES,
    ENVIRONMENT,
    '',
  ].join('\n');
}

/** `svc <command> --help`. */
export function commandHelp(cmd: CommandSpec): string {
  const parts = [`Usage: ${usageLine(cmd)}\n`, `${summaryOf(cmd)}\n`];
  if (cmd.notAvailable) {
    parts.push(`${cmd.name} is ${NOT_AVAILABLE} on this version of the service: the request is still sent, and the service answers 404 SVC_UNSUPPORTED (exit 3).\n`);
  }
  if (cmd.flags.length) parts.push('Options:', flagRows(cmd.flags));
  parts.push('Global options:', flagRows(GLOBAL_FLAGS));
  if (cmd.details) parts.push(`${cmd.details}\n`);
  parts.push(EXIT_CODES, ENVIRONMENT, '');
  return parts.join('\n');
}
