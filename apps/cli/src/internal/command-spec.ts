import type { FlagSpec, ParsedArgs } from './args';
import type { CliIo } from './cli-io';
import type { Format } from './render';

export interface CommandContext {
  io: CliIo;
  args: ParsedArgs;
  /** Positionals after the command name. */
  operands: string[];
  format: Format;
}

/** One `svc` subcommand; the registry in `commands.ts` lists them all. */
export interface CommandSpec {
  name: string;
  summary: string;
  /** Operand names shown in usage, e.g. `<command>`; the count is enforced. */
  operands: readonly string[];
  /** Flags beyond the global ones. */
  flags: readonly FlagSpec[];
  /** Extra paragraphs for `svc <name> --help`. */
  details?: string;
  /** Returns the process exit code. */
  run(ctx: CommandContext): Promise<number>;
}
