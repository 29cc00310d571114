import { z } from 'zod';
import { assertSchemaCommand, type SchemaCommand } from './schema-commands';
import { inputSchemas, outputSchemas, responseSchemas } from './schemas';

/** A JSON Schema (draft 2020-12) document. */
export type JsonSchema = Record<string, unknown>;

const cache = new Map<string, JsonSchema>();

function cached(key: string, make: () => JsonSchema): JsonSchema {
  let s = cache.get(key);
  if (s === undefined) {
    s = make();
    cache.set(key, s);
  }
  // Callers may decorate the document (OpenAPI), so each gets its own copy.
  return structuredClone(s);
}

/** JSON Schema of a command's problem body (unknown fields rejected: `additionalProperties: false`). */
export function inputJsonSchema(command: SchemaCommand): JsonSchema {
  const c = assertSchemaCommand(command);
  return cached(`in:${c}`, () => z.toJSONSchema(inputSchemas[c], { target: 'draft-2020-12', io: 'input' }) as JsonSchema);
}

/**
 * JSON Schema of a command's success body: the envelope plus the answer fields (default), or
 * only the answer fields with `{ envelope: false }`.
 */
export function outputJsonSchema(command: SchemaCommand, opts: { envelope?: boolean } = {}): JsonSchema {
  const c = assertSchemaCommand(command);
  const envelope = opts.envelope !== false;
  return cached(`out:${envelope}:${c}`, () =>
    z.toJSONSchema(envelope ? responseSchemas[c] : outputSchemas[c], { target: 'draft-2020-12', io: 'output' }) as JsonSchema);
}
