/**
 * The schema commands at run time: the commands with a contract, i.e. the keys of the registry
 * (src/commands/index.ts), in its order (capabilities and OpenAPI list them so). Kept out of the
 * zod-free catalogue because it reads the registry.
 */
import { SvcError } from '@svc/errors';
import { CATALOGUE, isCommandName, type CommandName, type Stability } from './catalogue';
import { REGISTRY, type Registry } from './commands';

/**
 * A command with a contract (input and output schemas, `src/commands/<command>.ts`): a key of the
 * registry. Every served command is one (the registry's type says so: `ServedCommand` of the
 * catalogue); a contract may exist before its command is served.
 */
export type SchemaCommand = keyof Registry & CommandName;

/** The commands that have input and output schemas in this version, in registry order. Not all need be served: see `CATALOGUE`. */
export const SCHEMA_COMMANDS: readonly SchemaCommand[] = Object.freeze(Object.keys(REGISTRY) as SchemaCommand[]);

const SCHEMA_COMMAND_SET: ReadonlySet<string> = new Set(SCHEMA_COMMANDS);

/** Per-command stability label (interface §9). */
export const STABILITY: Readonly<Record<SchemaCommand, Stability>> =
  Object.fromEntries(SCHEMA_COMMANDS.map((c) => [c, CATALOGUE[c].stability ?? 'beta'])) as Record<SchemaCommand, Stability>;

export function isSchemaCommand(s: unknown): s is SchemaCommand {
  return typeof s === 'string' && SCHEMA_COMMAND_SET.has(s);
}

/**
 * Narrows `command` to a schema command, else throws 404 `SVC_UNSUPPORTED`
 * (an unknown command, or a known one without a schema in this version).
 */
export function assertSchemaCommand(command: string): SchemaCommand {
  if (isSchemaCommand(command)) return command;
  const known = isCommandName(command);
  const detail = known
    ? `command "${command}" is not supported by this version; supported: ${SCHEMA_COMMANDS.join(', ')}`
    : `unknown command ${JSON.stringify(String(command)).slice(0, 80)}; supported: ${SCHEMA_COMMANDS.join(', ')}`;
  throw new SvcError('SVC_UNSUPPORTED', detail, { extensions: { field: 'command' } });
}
