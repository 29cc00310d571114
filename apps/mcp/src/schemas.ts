/**
 * The MCP tools, their input and output JSON Schemas generated from `@svc/contracts` (the served
 * commands' own schemas, never restated), and descriptions an agent can choose by. Commands come
 * from the catalogue: a command with `tool` gets its own tool (svc.inverse → want, svc.explore →
 * sample); every served command appears in svc.compute and svc.analyze.
 *
 * Two lists: `mcpTools()`, the five tools with every command's problem schema inline (for
 * frameworks that take tool definitions once: `svc tools --target openai|anthropic|json-schema`),
 * and `listedTools()`, what MCP `tools/list` serves: the same five plus `svc.schema`, with each
 * problem described in one line and its exact schema left to `svc.schema` or the resource
 * `svc://schemas/<command>`, so the list stays a small part of an agent's context (≤ 12 KB).
 */
import { CATALOGUE, SERVED_COMMANDS, type ServedCommand } from '@svc/contracts/commands';
import { inputJsonSchema, outputJsonSchema, TAG, wireSchema } from '@svc/contracts';

export type JsonSchema = Record<string, unknown>;

/** MCP tool annotations (hints a client may show or act on; they promise nothing). */
export interface ToolAnnotations {
  readonly title?: string;
  readonly readOnlyHint?: boolean;
  readonly destructiveHint?: boolean;
  readonly idempotentHint?: boolean;
  readonly openWorldHint?: boolean;
}

export interface McpTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: JsonSchema & { type: 'object' };
  readonly outputSchema: JsonSchema & { type: 'object' };
  readonly annotations: ToolAnnotations;
  /** The command the tool always runs, or null when `command` is an argument. */
  readonly command: ServedCommand | null;
  readonly kind: 'analyze' | 'compute' | 'verify' | 'schema';
}

/**
 * A schema every JSON Schema validator reads the same (draft-07 and 2020-12 alike): no `$schema`
 * (a draft-07 validator refuses a 2020-12 URI) and tuples (`prefixItems`) as arrays of their items'
 * union with the length fixed, since `items: false` means "no items at all" to draft-07.
 */
export function portable(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(portable);
  if (typeof x !== 'object' || x === null) return x;
  const o = { ...(x as Record<string, unknown>) };
  delete o.$schema;
  if (Array.isArray(o.prefixItems)) {
    const parts = o.prefixItems.map(portable);
    delete o.prefixItems;
    o.items = parts.length === 1 ? parts[0] : { anyOf: parts };
  }
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, portable(v)]));
}

/** A command's input schema with `tag` optional: the MCP door fills it in, as `svc` and the Python client do. */
function problemSchema(c: ServedCommand): JsonSchema {
  const s = portable(inputJsonSchema(c)) as JsonSchema;
  const required = (s.required as string[] | undefined)?.filter((k) => k !== 'tag');
  return { ...s, title: `${c} problem`, ...(required ? { required } : {}) };
}

const OPTIONS: Record<string, JsonSchema> = {
  effort: { type: 'string', enum: ['flash', 'medium', 'high'], description: 'Work budget (default medium); more effort never makes a heuristic answer certified.' },
  seed: { type: 'integer', minimum: 0, maximum: 4294967295, description: 'Default 0: the same problem, seed, effort and version give the same answer and receipt.' },
  max_latency_ms: { type: 'integer', minimum: 0, description: 'Budget of the whole call in ms (0: none): answered within it plus max(200 ms, 3 %); cut short, the best answer so far, labelled heuristic.' },
  version: { type: 'string', description: 'Pin a model version; an unknown one is an error, never a fallback.' },
  certificate: { enum: ['full', 'none'], description: 'Attach the proof: default ≤ 1 MB.' },
};

const JOBS: Record<string, JsonSchema> = {
  job_id: { type: 'string', description: 'Follow a queued job instead of solving: returns it (with its result once done).' },
  wait_seconds: { type: 'integer', minimum: 0, maximum: 50, description: 'With job_id: wait up to this long for the end (default 8, at most 50); call again while it runs.' },
  cancel: { type: 'boolean', description: 'With job_id: cancel the job (queued: refunded; running: bills the work done).' },
  idempotency_key: { type: 'string', maxLength: 255, description: 'The same key and problem again replay the answer instead of solving (and billing) twice.' },
};

const strip = (s: JsonSchema): JsonSchema => portable(s) as JsonSchema;

/** What a solving tool returns: an envelope, a queued job handle, or a followed job. */
function solveOutput(commands: readonly ServedCommand[]): JsonSchema & { type: 'object' } {
  return {
    type: 'object',
    anyOf: [
      ...commands.map((c) => ({ ...strip(outputJsonSchema(c)), title: `${c} result` })),
      { ...strip(wireSchema('QueuedAck')), title: 'queued job handle (follow it with job_id)' },
      { ...strip(wireSchema('Job')), title: 'job (with job_id)' },
    ],
  };
}

function commandArg(commands: readonly ServedCommand[], required: boolean): JsonSchema {
  return {
    type: 'string',
    enum: [...commands],
    description: required
      ? 'The service command to use.'
      : 'The service command to use; omit it and the service routes the problem by its shape (the result names the command in `routed`).',
  };
}

/**
 * The command argument of the listed tools other than svc.compute: the names are listed once, on
 * svc.compute (with their purposes), so the list grows by one name and one purpose per command
 * (eleven more commands fit in its 12 KB budget); the service checks the name.
 */
const SAME_COMMANDS: JsonSchema = { type: 'string', description: 'One of the commands listed by svc.compute (its `command` enum).' };

const catalogueLines = (commands: readonly ServedCommand[]) => commands.map((c) => `${c}: ${CATALOGUE[c].purpose}`).join('; ');

// Solving spends compute units and may queue or cancel a job: not read-only, and a repeated call
// bills again (unless it carries the same idempotency_key); nothing is deleted, and the service is
// the whole world the tools touch.
const SOLVING: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
// Free estimates, re-checks and schema look-ups change nothing.
const READ_ONLY: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

const ANALYZE_DESCRIPTION = 'Free preflight for one command: is the problem valid, how hard, the recommended effort, the compute units a solve would cost, and whether it would be certified optimal or queued. Nothing is solved or charged.';
const COMPUTE_DESCRIPTION = 'Solve a structured decision problem on the service (never on your side). Returns the answer, a certainty label ("certified optimum" only when an exact method finished, else "heuristic"), the objective, compute units and a reproducible receipt. A heavy problem returns a job handle at once: call again with job_id to wait for it (or cancel it). Long arrays are cut; full_result names the whole result\'s resource.';
const VERIFY_DESCRIPTION = 'Free independent re-check of an answer against its problem: shape and feasibility, the recomputed objective and, given a whole result document, its declared objective and receipt. Returns {ok, checks, objective}; a wrong answer is ok: false, not an error.';
const ownToolDescription = (c: ServedCommand) => `The service command \`${c}\`: ${CATALOGUE[c].purpose}. Same results, job handling and cut arrays as svc.compute.`;

let fullTools: McpTool[] | undefined;

/**
 * The five tools with every served command's problem schema spelled out (once, in svc.compute),
 * built once from the catalogue and the contracts: the definitions `svc tools` prints.
 */
export function mcpTools(): McpTool[] {
  if (fullTools) return fullTools;
  const served = SERVED_COMMANDS;
  const anyProblem: JsonSchema = { type: 'object', description: 'One problem document: "description" (one plain sentence naming the real decision, at least 10 characters), "n", and the command\'s fields (0-based indices). "tag" is filled in.', anyOf: served.map(problemSchema) };
  // The per-command schemas are spelled out once, in svc.compute: a tool list is read into an
  // agent's context, so analyze and verify point there instead of repeating ~16 KB each.
  const sameProblem = (what: string): JsonSchema => ({ type: 'object', description: `${what} The same document svc.compute takes for the command (its input schema lists each command's fields).` });
  const tools: McpTool[] = [
    {
      name: 'svc.analyze',
      title: 'Analyze a problem (free)',
      description: `${ANALYZE_DESCRIPTION} Commands: ${catalogueLines(served)}.`,
      inputSchema: { type: 'object', properties: { command: commandArg(served, true), problem: sameProblem('The problem to estimate.'), ...OPTIONS }, required: ['command', 'problem'], additionalProperties: false },
      outputSchema: { ...strip(wireSchema('AnalyzeReport')), type: 'object' },
      annotations: READ_ONLY,
      command: null,
      kind: 'analyze',
    },
    {
      name: 'svc.compute',
      title: 'Solve a problem',
      description: `${COMPUTE_DESCRIPTION} Commands: ${catalogueLines(served)}.`,
      inputSchema: { type: 'object', properties: { command: commandArg(served, false), problem: anyProblem, ...OPTIONS, ...JOBS }, additionalProperties: false },
      outputSchema: solveOutput(served),
      annotations: SOLVING,
      command: null,
      kind: 'compute',
    },
    {
      name: 'svc.verify',
      title: 'Verify an answer (free)',
      description: VERIFY_DESCRIPTION,
      inputSchema: {
        type: 'object',
        properties: { command: commandArg(served, true), problem: sameProblem('The problem as it was solved.'), answer: { description: 'The answer value, or the result document that carries it ({"answer": …, "<objective>": …, "receipt": …}).' } },
        required: ['command', 'problem', 'answer'],
        additionalProperties: false,
      },
      outputSchema: { ...strip(wireSchema('VerifyReport')), type: 'object' },
      annotations: READ_ONLY,
      command: null,
      kind: 'verify',
    },
  ];
  for (const c of served) {
    const tool = CATALOGUE[c].tool;
    if (!tool) continue;
    tools.push({
      name: tool.name,
      title: tool.title,
      description: ownToolDescription(c),
      inputSchema: { type: 'object', properties: { problem: problemSchema(c), ...OPTIONS, ...JOBS }, additionalProperties: false },
      outputSchema: solveOutput([c]),
      annotations: SOLVING,
      command: c,
      kind: 'compute',
    });
  }
  fullTools = tools;
  return tools;
}

// ---------------------------------------------------------------------------------------------
// What tools/list serves.

export const SCHEMA_TOOL = 'svc.schema';
export const SCHEMA_URI_PREFIX = 'svc://schemas/';

/** A command's required problem fields besides description and tag (`want`: n, pins). */
function ownFields(c: ServedCommand): string[] {
  return ((inputJsonSchema(c) as { required?: string[] }).required ?? []).filter((k) => k !== 'tag' && k !== 'description');
}

const PROBLEM_LINE = 'A problem document: "description" (one plain sentence naming the decision, at least 10 characters), "n" and the command\'s fields, 0-based; "tag" is filled in.';
const schemaPointer = (c?: ServedCommand) => `Exact schema: ${SCHEMA_TOOL} {"command": "${c ?? '…'}"} or ${SCHEMA_URI_PREFIX}${c ?? '<command>'}.`;

/** A loose output schema: the fields an agent reads first, any others allowed, a fault's problem document admitted too. */
function looseOutput(description: string, properties: Record<string, JsonSchema>): JsonSchema & { type: 'object' } {
  return { type: 'object', description, properties };
}

const SOLVE_OUT = looseOutput(
  `The command's result envelope (exact schema: ${SCHEMA_TOOL}), a queued job handle, or the job followed with job_id; arrays over 200 items cut (see truncated). On isError, the problem document.`,
  {
    answer: {}, certainty: { type: 'string' }, receipt: { type: 'string' }, job_id: { type: 'string' }, truncated: { type: 'object' },
  },
);

let listed: McpTool[] | undefined;

/** The tools `tools/list` serves, built once. */
export function listedTools(): McpTool[] {
  if (listed) return listed;
  const served = SERVED_COMMANDS;
  const problem = (c?: ServedCommand): JsonSchema => ({ type: 'object', description: `${c ? `A \`${c}\` problem document: "description" (one plain sentence, at least 10 characters), ${ownFields(c).join(', ')}; "tag" is filled in.` : PROBLEM_LINE} ${schemaPointer(c)}` });
  const full = new Map(mcpTools().map((t) => [t.name, t]));
  const tools: McpTool[] = [
    {
      ...full.get('svc.analyze')!,
      description: `${ANALYZE_DESCRIPTION} Commands as in svc.compute.`,
      inputSchema: { type: 'object', properties: { command: SAME_COMMANDS, problem: problem(), ...OPTIONS }, required: ['command', 'problem'], additionalProperties: false },
      outputSchema: looseOutput('The preflight report; on isError, the problem document.', {
        valid: { type: 'boolean' }, command: { type: 'string' }, compute_units: { type: 'integer' }, recommended_effort: { type: 'string' },
        would_certify: { type: 'boolean' }, certify: { type: 'string' }, would_queue: { type: 'boolean' }, charged: { type: 'number' },
      }),
    },
    {
      ...full.get('svc.compute')!,
      description: `${COMPUTE_DESCRIPTION} Commands: ${catalogueLines(served)}.`,
      inputSchema: { type: 'object', properties: { command: commandArg(served, false), problem: problem(), ...OPTIONS, ...JOBS }, additionalProperties: false },
      outputSchema: SOLVE_OUT,
    },
    {
      ...full.get('svc.verify')!,
      inputSchema: {
        type: 'object',
        properties: { command: SAME_COMMANDS, problem: problem(), answer: { description: 'The answer value, or the result document that carries it ({"answer": …, "<objective>": …, "receipt": …}).' } },
        required: ['command', 'problem', 'answer'],
        additionalProperties: false,
      },
      outputSchema: looseOutput('The re-check; on isError, the problem document.', { ok: { type: 'boolean' }, checks: { type: 'array' }, objective: { type: ['number', 'null'] } }),
    },
    ...mcpTools().filter((t) => t.command !== null).map((t): McpTool => ({
      ...t,
      description: `${t.description.replace(/ Same results.*$/, '')} A heavy problem returns a job handle: follow it with svc.compute and job_id.`,
      // Jobs are followed through svc.compute (a job id names its command), so the list carries those arguments once.
      inputSchema: { type: 'object', properties: { problem: problem(t.command!), ...OPTIONS, idempotency_key: JOBS.idempotency_key }, required: ['problem'], additionalProperties: false },
      outputSchema: SOLVE_OUT,
    })),
    {
      name: SCHEMA_TOOL,
      title: 'A command\'s schemas (free)',
      description: `The exact JSON Schemas of one command: its problem document (input) and its result envelope (output). The same as the resource ${SCHEMA_URI_PREFIX}<command>. Needs no credentials.`,
      inputSchema: { type: 'object', properties: { command: SAME_COMMANDS }, required: ['command'], additionalProperties: false },
      outputSchema: looseOutput('The command\'s schemas.', { command: { type: 'string' }, purpose: { type: 'string' }, input: { type: 'object' }, output: { type: 'object' } }),
      annotations: READ_ONLY,
      command: null,
      kind: 'schema',
    },
  ];
  listed = tools;
  return tools;
}

const schemaDocs = new Map<ServedCommand, JsonSchema>();

/** `svc.schema` and `svc://schemas/<command>`: a served command's problem and result schemas, built once. */
export function commandSchemas(c: ServedCommand): JsonSchema {
  let doc = schemaDocs.get(c);
  if (!doc) {
    doc = { command: c, purpose: CATALOGUE[c].purpose, input: problemSchema(c), output: { ...strip(outputJsonSchema(c)), title: `${c} result` } };
    schemaDocs.set(c, doc);
  }
  return doc;
}

let listJson: string | undefined;

/** The `tools/list` result as JSON text, serialised once (the HTTP door answers it without a server). */
export function toolsListJson(): string {
  listJson ??= JSON.stringify({ tools: listedTools().map(wireTool) });
  return listJson;
}

/** A tool as `tools/list` carries it. */
export function wireTool(t: McpTool): Record<string, unknown> {
  return { name: t.name, title: t.title, description: t.description, inputSchema: t.inputSchema, outputSchema: t.outputSchema, annotations: t.annotations };
}

/** The provenance tag the door fills in when a problem has none. */
export const PROBLEM_TAG = TAG;
