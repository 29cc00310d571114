import { COMMANDS as SERVICE_COMMANDS, PURPOSES } from '@svc/contracts/commands';
import type { CommandSpec } from './command-spec';
import { helpCommand } from './commands/help';
import { SOLVE_LONG_FORM, solveCommand } from './commands/solve';

/**
 * The `svc` command registry, in help order. A new subcommand is one `CommandSpec` added here;
 * parsing, `--help`, usage errors and exit codes come from `run-cli.ts`.
 */
export const COMMANDS: readonly CommandSpec[] = [
  // Every command of the service is a subcommand; the service says which it can solve today.
  ...SERVICE_COMMANDS.map((c) => solveCommand(c, PURPOSES[c])),
  SOLVE_LONG_FORM,
  helpCommand(() => COMMANDS),
];
