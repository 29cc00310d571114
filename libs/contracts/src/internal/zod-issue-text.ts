import type { z } from 'zod';
import { formatPath, show, typeName, type Path } from './issue';

// Plain sentences for zod's issue kinds: what is wrong and what to give instead, in the user's terms.

const EXPECTED: Readonly<Record<string, string>> = {
  number: 'a number', int: 'an integer', string: 'a string', boolean: 'true or false',
  array: 'an array', tuple: 'an array', object: 'a JSON object', record: 'a JSON object', null: 'null',
};

function valueAt(body: unknown, path: Path): unknown {
  let v = body;
  for (const seg of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, unknown>)[seg];
  }
  return v;
}

/** The `.describe` text of a top-level field of the descriptive schema, if any. */
function describedAs(structure: z.ZodObject, path: Path): string | undefined {
  if (path.length !== 1) return undefined;
  return (structure.shape as Record<string, z.ZodType | undefined>)[String(path[0])]?.description;
}

const count = (k: number | bigint, one: string) => `${k} ${one}${Number(k) === 1 ? '' : 's'}`;

/**
 * The message of one zod issue, e.g. `must be a number, got string "3"`; a missing required field
 * names itself (`namesField`): `"n" is required: number of variables or nodes, 1..100000`.
 */
export function zodIssueText(issue: z.core.$ZodIssue, body: unknown, structure: z.ZodObject): { message: string; namesField: boolean } {
  const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
  const value = valueAt(body, path);
  const plain = (message: string) => ({ message, namesField: false });
  switch (issue.code) {
    case 'invalid_type': {
      const expected = EXPECTED[issue.expected] ?? issue.expected;
      if (value === undefined) {
        const what = describedAs(structure, path) ?? (issue.expected === 'nonoptional' ? 'see the command schema' : expected);
        return { message: `"${formatPath(path)}" is required: ${what}`, namesField: true };
      }
      return plain(`must be ${expected}, got ${typeName(value)}`);
    }
    case 'too_small': {
      const min = issue.minimum;
      if (issue.origin === 'string') return plain(`needs at least ${count(min, 'character')}, got ${typeof value === 'string' ? value.length : typeName(value)}`);
      if (issue.origin === 'array' || issue.origin === 'set') return plain(`needs at least ${count(min, 'entry').replace('entrys', 'entries')}`);
      return plain(`must be ${issue.inclusive === false ? 'greater than' : 'at least'} ${min}, got ${show(value)}`);
    }
    case 'too_big': {
      const max = issue.maximum;
      if (issue.origin === 'string') return plain(`must have at most ${count(max, 'character')}, got ${typeof value === 'string' ? value.length : typeName(value)}`);
      if (issue.origin === 'array' || issue.origin === 'set') return plain(`must have at most ${count(max, 'entry').replace('entrys', 'entries')}`);
      return plain(`must be ${issue.inclusive === false ? 'less than' : 'at most'} ${max}, got ${show(value)}`);
    }
    case 'invalid_format':
      return plain(issue.pattern !== undefined
        ? `${show(value)} is not in the accepted form: it must match ${issue.pattern}`
        : `${show(value)} is not a valid ${issue.format}`);
    case 'invalid_value':
      return plain(`must be ${issue.values.map((x) => show(x)).join(' or ')}, got ${typeName(value)}`);
    case 'invalid_union': {
      const what = describedAs(structure, path);
      return plain(`got ${typeName(value)}, which fits none of the accepted forms${what === undefined ? '' : ` (${what})`}`);
    }
    case 'not_multiple_of':
      return plain(`must be a multiple of ${issue.divisor}, got ${show(value)}`);
    default:
      return plain(issue.message);
  }
}
