/**
 * The five MCP tools, their input and output JSON Schemas generated from `@svc/contracts` (the
 * served commands' own schemas, never restated), and descriptions an agent can choose by.
 * Commands come from the catalogue: a command with `tool` gets its own tool (svc.inverse → want,
 * svc.explore → sample); every served command appears in svc.compute and svc.analyze.
 */
import { CATALOGUE, SERVED_COMMANDS, type ServedCommand } from '@svc/contracts/commands';
import { inputJsonSchema, outputJsonSchema, TAG, wireSchema } from '@svc/contracts';

export type JsonSchema = Record<string, unknown>;

export interface McpTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: JsonSchema & { type: 'object' };
  readonly outputSchema: JsonSchema & { type: 'object' };
  /** The command the tool always runs, or null when `command` is an argument. */
  readonly command: ServedCommand | null;
  readonly kind: 'analyze' | 'compute' | 'verify';
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
  effort: { type: 'string', enum: ['flash', 'medium', 'high'], description: 'Work budget (default medium). More effort never turns a heuristic answer into a certificate.' },
  seed: { type: 'integer', minimum: 0, maximum: 4294967295, description: 'Seed (default 0): the same problem, seed, effort and version give the same answer and receipt.' },
  max_latency_ms: { type: 'integer', minimum: 0, description: 'Wall-clock budget of the whole call in ms, from its arrival (0: none): the answer comes within it plus max(200 ms, 3 %); cut short, the best answer so far comes back labelled heuristic.' },
  version: { type: 'string', description: 'Pin a model version (the models catalogue lists them); an unknown one is an error, never a fallback.' },
};

const JOBS: Record<string, JsonSchema> = {
  job_id: { type: 'string', description: 'Follow a queued job instead of solving: waits up to wait_seconds, then returns the job (with its result once done).' },
  wait_seconds: { type: 'integer', minimum: 0, maximum: 50, description: 'With job_id: how long to wait for the job to end (default 8, at most 50: keep it under the tool-call timeout of the client; call again while it runs).' },
  cancel: { type: 'boolean', description: 'With job_id: cancel the job (a queued job is refunded; a running one bills the work done).' },
  idempotency_key: { type: 'string', maxLength: 255, description: 'Resend a call with the same key and problem to replay its answer instead of solving (and billing) twice.' },
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

const catalogueLines = (commands: readonly ServedCommand[]) => commands.map((c) => `${c}: ${CATALOGUE[c].purpose}`).join('; ');

/** The tool list, built from the catalogue and the contracts each time (cheap; the server caches it). */
export function mcpTools(): McpTool[] {
  const served = SERVED_COMMANDS;
  const anyProblem: JsonSchema = { type: 'object', description: 'One problem document: "description" (one plain sentence naming the real decision, at least 10 characters), "n", and the command\'s fields (0-based indices). "tag" is filled in.', anyOf: served.map(problemSchema) };
  // The per-command schemas are spelled out once, in svc.compute: a tool list is read into an
  // agent's context, so analyze and verify point there instead of repeating ~16 KB each.
  const sameProblem = (what: string): JsonSchema => ({ type: 'object', description: `${what} The same document svc.compute takes for the command (its input schema lists each command's fields).` });
  const tools: McpTool[] = [
    {
      name: 'svc.analyze',
      title: 'Analyze a problem (free)',
      description: `Free preflight for one command: is the problem valid, how hard, the recommended effort, the compute units a solve would cost, and whether it would be certified optimal or queued. Nothing is solved or charged. Commands: ${catalogueLines(served)}.`,
      inputSchema: { type: 'object', properties: { command: commandArg(served, true), problem: sameProblem('The problem to estimate.'), ...OPTIONS }, required: ['command', 'problem'], additionalProperties: false },
      outputSchema: { ...strip(wireSchema('AnalyzeReport')), type: 'object' },
      command: null,
      kind: 'analyze',
    },
    {
      name: 'svc.compute',
      title: 'Solve a problem',
      description: `Solve a structured decision problem on the service (it never runs on your side). Returns the answer, a certainty label ("certified optimum" only when an exact method finished, else "heuristic"), the objective, compute units and a reproducible receipt. A heavy problem returns a job handle at once: call again with job_id to wait for it (or cancel it). Long arrays are cut; the full result is the resource named in full_result. Commands: ${catalogueLines(served)}.`,
      inputSchema: { type: 'object', properties: { command: commandArg(served, false), problem: anyProblem, ...OPTIONS, ...JOBS }, additionalProperties: false },
      outputSchema: solveOutput(served),
      command: null,
      kind: 'compute',
    },
    {
      name: 'svc.verify',
      title: 'Verify an answer (free)',
      description: 'Free independent re-check of an answer against its problem: shape and feasibility, the recomputed objective and, given a whole result document, its declared objective and receipt. Returns {ok, checks, objective}; a wrong answer is ok: false, not an error.',
      inputSchema: {
        type: 'object',
        properties: { command: commandArg(served, true), problem: sameProblem('The problem as it was solved.'), answer: { description: 'The answer value, or the result document that carries it ({"answer": …, "<objective>": …, "receipt": …}).' } },
        required: ['command', 'problem', 'answer'],
        additionalProperties: false,
      },
      outputSchema: { ...strip(wireSchema('VerifyReport')), type: 'object' },
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
      description: `The service command \`${c}\`: ${CATALOGUE[c].purpose}. Same results, job handling and cut arrays as svc.compute.`,
      inputSchema: { type: 'object', properties: { problem: problemSchema(c), ...OPTIONS, ...JOBS }, additionalProperties: false },
      outputSchema: solveOutput([c]),
      command: c,
      kind: 'compute',
    });
  }
  return tools;
}

/** The provenance tag the door fills in when a problem has none. */
export const PROBLEM_TAG = TAG;
