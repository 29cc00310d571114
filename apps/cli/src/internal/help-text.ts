import { CLIENT_VERSION } from '@svc/client';
import { FORMATS } from './render';
import { oneOf, type FlagSpec } from './args';
import type { CommandSpec } from './command-spec';

/** Flags every command accepts. */
export const GLOBAL_FLAGS: readonly FlagSpec[] = [
  { name: 'format', value: FORMATS.join('|'), description: 'human summary, the raw JSON document, or {problem, result|error}', parse: oneOf('format', FORMATS) },
  { name: 'help', short: 'h', description: 'show help' },
  { name: 'version', description: 'print the svc version' },
];

const EXIT_CODES = [
  'Exit codes: 0 success; 1 retryable fault (network, 429, 5xx, 402, job still running, invalid upstream',
  'response); 2 auth (401/403, no credentials); 3 invalid request or usage (400/404/409/413/422/426/501,',
  'unknown flag or command, unreadable input).',
].join('\n');

const ENVIRONMENT = 'Environment: SVC_BASE_URL (default http://127.0.0.1:8080); SVC_API_KEY (unset: the public sandbox token).';

function flagRows(flags: readonly FlagSpec[]): string {
  const label = (f: FlagSpec) => `${f.short ? `-${f.short}, ` : ''}--${f.name}${f.value ? ` ${f.value}` : ''}`;
  const w = Math.max(...flags.map((f) => label(f).length));
  return flags.map((f) => `  ${label(f).padEnd(w)}  ${f.description}\n`).join('');
}

function usageLine(cmd: CommandSpec): string {
  return ['svc', cmd.name, ...cmd.operands, '[options]'].join(' ');
}

/** `svc --help`. */
export function generalHelp(commands: readonly CommandSpec[]): string {
  const names = commands.map((c) => [c.name, ...c.operands].join(' '));
  const w = Math.max(...names.map((n) => n.length));
  return [
    `svc ${CLIENT_VERSION}: client of the decision-solver service (solving runs on the service, never here)\n`,
    'Usage: svc <command> [options]\n',
    'Commands:',
    commands.map((c, i) => `  ${names[i].padEnd(w)}  ${c.summary}`).join('\n'),
    '',
    'Global options:',
    flagRows(GLOBAL_FLAGS),
    'Run `svc <command> --help` for the options of one command.\n',
    EXIT_CODES,
    ENVIRONMENT,
    '',
  ].join('\n');
}

/** `svc <command> --help`. */
export function commandHelp(cmd: CommandSpec): string {
  const parts = [`Usage: ${usageLine(cmd)}\n`, `${cmd.summary}\n`];
  if (cmd.flags.length) parts.push('Options:', flagRows(cmd.flags));
  parts.push('Global options:', flagRows(GLOBAL_FLAGS));
  if (cmd.details) parts.push(`${cmd.details}\n`);
  parts.push(EXIT_CODES, ENVIRONMENT, '');
  return parts.join('\n');
}
