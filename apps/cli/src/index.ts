export { runCli } from './run-cli';
export { COMMANDS } from './internal/commands';
export type { CliIo } from './internal/cli-io';
export type { CommandSpec, CommandContext } from './internal/command-spec';
