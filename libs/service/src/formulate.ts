/**
 * `GET /api/v1/formulate/<command>`: the mapping worksheet an agent fills to turn a real-world
 * decision into a problem document (fields from the command's JSON Schema, conventions, steps,
 * common mistakes, a worked example). Free; no auth.
 */
import { SvcError } from '@svc/errors';
import {
  PURPOSES, STABILITY, TAG, assertSchemaCommand, inputJsonSchema, isCommandName, isSchemaCommand, type SchemaCommand,
} from '@svc/contracts';
import type { Command } from '@svc/engine-ts';
import { EXAMPLES } from './examples';
import { COMMAND_MODULES, MODULES } from './commands';

/**
 * Worked examples for commands the catalogue has no solved recipe for yet (validated in a test):
 * each served command's module template. A command with a contract that is not served yet has
 * no module, so its worksheet has no objective and no example.
 */
export const FORMULATE_TEMPLATES: Readonly<Partial<Record<SchemaCommand, Readonly<Record<string, unknown>>>>> = Object.freeze(
  Object.fromEntries(COMMAND_MODULES.flatMap((m) => (m.worksheet.template ? [[m.command, m.worksheet.template]] : []))),
);

export interface WorksheetField {
  name: string;
  required: boolean;
  type: string;
  meaning: string;
}

export interface Worksheet {
  tag: string;
  command: SchemaCommand;
  purpose: string;
  stability: string;
  available: boolean;
  objective: string | null;
  fields: WorksheetField[];
  conventions: string[];
  steps: string[];
  common_mistakes: string[];
  example: { source: 'examples' | 'template'; problem: Readonly<Record<string, unknown>>; expected?: Record<string, unknown> } | null;
  next: Record<string, string>;
}

type Json = Record<string, unknown>;

function typeOf(s: Json): string {
  if (Array.isArray(s.anyOf)) return (s.anyOf as Json[]).map(typeOf).join(' | ');
  if (s.const !== undefined) return JSON.stringify(s.const);
  const t = s.type;
  let out = Array.isArray(t) ? t.join(' | ') : typeof t === 'string' ? t : 'any';
  if (t === 'array' && typeof s.items === 'object' && s.items !== null) out = `array of ${typeOf(s.items as Json)}`;
  if (t === 'array' && Array.isArray(s.prefixItems)) out = `[${(s.prefixItems as Json[]).map(typeOf).join(', ')}]`;
  if (t === 'object' && typeof s.additionalProperties === 'object') out = `object {key: ${typeOf(s.additionalProperties as Json)}}`;
  const range = [s.minimum !== undefined ? `≥ ${s.minimum}` : '', s.maximum !== undefined && (s.maximum as number) < 2 ** 53 - 1 ? `≤ ${s.maximum}` : ''].filter(Boolean);
  return range.length > 0 ? `${out} (${range.join(', ')})` : out;
}

/** The worksheet of a schema command; 404 SVC_UNSUPPORTED for anything else. */
export function formulate(command: string, available: (c: Command) => boolean): Worksheet {
  if (!isSchemaCommand(command)) {
    // Unknown names get the catalogue's own message; known ones lack a schema in this version.
    if (!isCommandName(command)) assertSchemaCommand(command);
    throw new SvcError('SVC_UNSUPPORTED', `No worksheet for '${command}' in this version: its input schema is not published yet.`);
  }
  const c: SchemaCommand = command;
  const schema = inputJsonSchema(c) as Json;
  const props = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const fields = Object.entries(props).map(([name, s]) => ({ name, required: required.has(name), type: typeOf(s), meaning: String(s.description ?? '') }));
  const solved = EXAMPLES.find((e) => e.command === c);
  const template = FORMULATE_TEMPLATES[c];
  return {
    tag: TAG,
    command: c,
    purpose: PURPOSES[c],
    stability: STABILITY[c],
    available: available(c),
    objective: MODULES[c as Command]?.worksheet.objective ?? null,
    fields,
    conventions: [
      `Every problem carries "tag": "${TAG}" and a "description": one plain sentence (≥ 10 characters) naming the real-world decision.`,
      'Indices are 0-based; convert 1-based benchmark files first.',
      'Map-like fields (linear, diag, field, circular) are JSON objects keyed by the stringified index, e.g. {"3": -1.5}; arrays are rejected there.',
      'Array-like fields (edges, quadratic, matrix, affinity, signal) are arrays; pairs are [i, j, weight] and duplicate pairs are summed.',
      'n is optional except in the anonymous sandbox, and must agree with the data.',
      'Unknown fields are rejected (SVC_INVALID_INPUT names the field).',
    ],
    steps: [
      'Name the decision variables and give each a 0-based index (write the mapping down; the answer comes back by index).',
      'Write the objective in the command\'s form (see "objective"), keeping its sense: "objective" says whether the command minimises or maximises.',
      'Fill the fields below; leave optional ones out rather than sending empty placeholders.',
      `Preflight for free: POST /api/v1/analyze/${c} (validity, difficulty, recommended effort, compute units, whether it would be queued).`,
      `Solve: POST /api/v1/solve/${c}; a heavy problem answers 202 with a job to poll.`,
      `Check the answer independently, free: POST /api/v1/verify/${c} with {problem, answer}.`,
    ],
    common_mistakes: [
      '1-based indices (the largest index must be n − 1).',
      'Sending a map field as an array, or an array field as a map.',
      'Forgetting the tag or a real description (SVC_MISSING_TAG / SVC_MISSING_DESCRIPTION).',
      ...(MODULES[c as Command]?.worksheet.mistakes ?? []),
    ],
    example: solved
      ? { source: 'examples', problem: solved.problem, expected: { ...solved.expected, query: solved.query } }
      : template ? { source: 'template', problem: template } : null,
    next: {
      preflight: `POST /api/v1/analyze/${c}`,
      solve: `POST /api/v1/solve/${c}`,
      verify: `POST /api/v1/verify/${c}`,
      schema: 'GET /api/v1/capabilities',
    },
  };
}
