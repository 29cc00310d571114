import { readFileSync } from 'node:fs';
import { SvcError } from '@svc/errors';
import { SCHEMA_COMMANDS, type SchemaCommand } from '../src/schema-commands';

const dir = new URL('../src/commands/', import.meta.url);

/** A fresh copy of the valid example problem of `command` (src/commands/<command>.valid.json). */
export function validExample(command: SchemaCommand): Record<string, any> {
  return JSON.parse(readFileSync(new URL(`${command}.valid.json`, dir), 'utf8'));
}

export const ALL_EXAMPLES = SCHEMA_COMMANDS.map((c) => [c, validExample(c)] as const);

/** A name that is no command at all: what tests of "unknown command" send. */
export const NOT_A_COMMAND = 'not-a-command';

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
