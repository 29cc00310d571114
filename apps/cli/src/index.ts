export { runCli } from './run-cli';
export { COMMANDS } from './internal/commands';
export type { CliIo } from './internal/cli-io';
export type { CommandSpec, CommandContext } from './internal/command-spec';
export { localVerify, LOCAL_VERIFY_COMMANDS, type LocalVerifyReport } from './internal/local-verify';
export { toolDefinitions, TOOL_NAMES, TARGETS as TOOL_TARGETS } from './internal/tool-definitions';
export { agentInfo } from './internal/commands/agent-info';
