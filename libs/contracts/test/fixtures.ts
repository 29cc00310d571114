import { readFileSync } from 'node:fs';
import { SvcError } from '@svc/errors';
import { COMMANDS, NOT_AVAILABLE_COMMANDS } from '../src/catalogue';
import { SCHEMA_COMMANDS, isSchemaCommand, type SchemaCommand } from '../src/schema-commands';

const dir = new URL('../src/commands/', import.meta.url);

/** A fresh copy of the valid example problem of `command` (src/commands/<command>.valid.json). */
export function validExample(command: SchemaCommand): Record<string, any> {
  return JSON.parse(readFileSync(new URL(`${command}.valid.json`, dir), 'utf8'));
}

export const ALL_EXAMPLES = SCHEMA_COMMANDS.map((c) => [c, validExample(c)] as const);

/** A name that is no command at all: what tests of "unknown command" send. */
export const NOT_A_COMMAND = 'not-a-command';
/** The first command this version does not serve (catalogue status), or undefined once every command is served. */
export const FIRST_UNSERVED = NOT_AVAILABLE_COMMANDS[0];
/** The first known command without a contract (no schema in this version), or undefined once every command has one. */
export const FIRST_WITHOUT_CONTRACT = COMMANDS.find((c) => !isSchemaCommand(c));
/** Test-name suffix saying why a case that needs such a command is skipped. */
export const skippedBecause = (what: string | undefined, why: string): string => (what === undefined ? ` (skipped: ${why})` : ` (${what})`);

/** Runs `fn`, which must throw an `SvcError`; returns it. */
export function svcErrorOf(fn: () => unknown): SvcError {
  try {
    fn();
  } catch (e) {
    if (e instanceof SvcError) return e;
    throw new Error(`expected an SvcError, got ${String(e)}`, { cause: e });
  }
  throw new Error('expected an SvcError, but nothing was thrown');
}
