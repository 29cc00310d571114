import type { CommandSpec } from './command-spec';
import { helpCommand } from './commands/help';
import { SOLVE_LONG_FORM, solveCommand } from './commands/solve';

/**
 * The `svc` command registry, in help order. A new subcommand is one `CommandSpec` added here;
 * parsing, `--help`, usage errors and exit codes come from `run-cli.ts`.
 */
export const COMMANDS: readonly CommandSpec[] = [
  solveCommand('optimize', 'minimize a QUBO objective: sum h_i x_i + sum w_ij x_i x_j over x in {0,1}^n'),
  solveCommand('maxcut', 'maximum cut of a weighted graph (`edges`) or of the complete graph (`complete: true`)'),
  SOLVE_LONG_FORM,
  helpCommand(() => COMMANDS),
];
