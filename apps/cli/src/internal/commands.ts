import { COMMANDS as SERVICE_COMMANDS, PURPOSES, isServedCommand } from '@svc/contracts/commands';
import type { CommandSpec } from './command-spec';
import { CONFIGURE_COMMAND, KEYS_COMMAND, LOGIN_COMMAND, LOGOUT_COMMAND, REGISTER_COMMAND, VERIFY_EMAIL_COMMAND } from './commands/account';
import { agentInfoCommand } from './commands/agent-info';
import { BATCH_COMMAND } from './commands/batch';
import {
  CAPABILITIES_COMMAND, EXAMPLES_COMMAND, FORMULATE_COMMAND, MODELS_COMMAND, PRICING_COMMAND, REPORT_COMMAND, SCHEMA_COMMAND,
} from './commands/catalogue';
import { DEMO_COMMAND } from './commands/demo';
import { helpCommand } from './commands/help';
import { CANCEL_COMMAND, JOBS_COMMAND } from './commands/jobs';
import { MCP_COMMAND } from './commands/mcp';
import { ESTIMATE_COMMAND, ROUTE_COMMAND, VALIDATE_COMMAND } from './commands/preflight';
import { SELFTEST_COMMAND } from './commands/selftest';
import { COMPUTE_COMMAND, SOLVE_LONG_FORM, solveCommand } from './commands/solve';
import { TOOLS_COMMAND } from './commands/tools';
import { VERIFY_COMMAND } from './commands/verify';

/**
 * The `svc` command registry, in help order. A new subcommand is one `CommandSpec` added here;
 * parsing, `--help`, usage errors and exit codes come from `run-cli.ts`.
 */
export const COMMANDS: readonly CommandSpec[] = [
  // Every command of the service is a subcommand; the service says which it can solve today.
  ...SERVICE_COMMANDS.map((c) => solveCommand(c, PURPOSES[c], isServedCommand(c))),
  SOLVE_LONG_FORM,
  COMPUTE_COMMAND,
  // Helper operations, all free (interface §1), and the CLI-only ones (§4).
  ROUTE_COMMAND,
  FORMULATE_COMMAND,
  VALIDATE_COMMAND,
  ESTIMATE_COMMAND,
  VERIFY_COMMAND,
  CAPABILITIES_COMMAND,
  SCHEMA_COMMAND,
  EXAMPLES_COMMAND,
  MODELS_COMMAND,
  PRICING_COMMAND,
  DEMO_COMMAND,
  SELFTEST_COMMAND,
  BATCH_COMMAND,
  JOBS_COMMAND,
  CANCEL_COMMAND,
  agentInfoCommand(() => COMMANDS),
  TOOLS_COMMAND,
  MCP_COMMAND,
  // Accounts (interface §5).
  REGISTER_COMMAND,
  VERIFY_EMAIL_COMMAND,
  LOGIN_COMMAND,
  LOGOUT_COMMAND,
  KEYS_COMMAND,
  REPORT_COMMAND,
  CONFIGURE_COMMAND,
  helpCommand(() => COMMANDS),
];
