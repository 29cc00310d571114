import { SvcError } from '@svc/errors';
import type { CommandSpec } from '../command-spec';
import { commandHelp, generalHelp } from '../help-text';

/** `svc help [command]`: the same text as `--help`. */
export function helpCommand(registry: () => readonly CommandSpec[]): CommandSpec {
  return {
    name: 'help', group: 'helper', summary: 'show help for svc or for one command', operands: ['[command]'], flags: [],
    run: async ({ io, operands }) => {
      if (operands.length === 0) {
        io.stdout(generalHelp(registry()));
        return 0;
      }
      const cmd = registry().find((c) => c.name === operands[0]);
      if (!cmd) throw new SvcError('SVC_CLIENT', `Unknown command "${operands[0]}"; see \`svc --help\`.`);
      io.stdout(commandHelp(cmd));
      return 0;
    },
  };
}
