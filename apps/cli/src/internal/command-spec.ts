import type { FlagSpec, ParsedArgs } from './args';
import type { CliIo } from './cli-io';
import type { Format, OutputOptions } from './render';

export interface CommandContext {
  io: CliIo;
  args: ParsedArgs;
  /** Positionals after the command name. */
  operands: string[];
  format: Format;
  /** The global output flags. */
  output: OutputOptions;
}

/** One `svc` subcommand; the registry in `commands.ts` lists them all. */
export interface CommandSpec {
  name: string;
  summary: string;
  /** Help section: `solve` (the service commands), `helper`, `account`. */
  group: 'solve' | 'helper' | 'account';
  /** Operand names shown in usage, e.g. `<command>`; `[x]` is optional; the count is enforced. */
  operands: readonly string[];
  /** Flags beyond the global ones. */
  flags: readonly FlagSpec[];
  /** Required flags shown in usage lines, e.g. `--key <KEY>`. */
  requiredFlags?: string;
  /**
   * A service command this version of the service does not serve (`CATALOGUE` status): help marks
   * it "(not available yet)"; running it still sends the request, answered 404 `SVC_UNSUPPORTED`.
   */
  notAvailable?: true;
  /** Extra paragraphs for `svc <name> --help`. */
  details?: string;
  /** Returns the process exit code. */
  run(ctx: CommandContext): Promise<number>;
}
