import { COMMANDS, PURPOSES } from '@svc/contracts/commands';

/**
 * The five agent tools of interface §1 in the shape each framework accepts as-is.
 *
 * | MCP name (canonical) | OpenAI / Anthropic name | what it does |
 * |---|---|---|
 * | `svc.analyze` | `svc_analyze` | free preflight: validity, difficulty, recommended effort, compute units |
 * | `svc.compute` | `svc_compute` | solve (a named command, or routed by the problem's shape) |
 * | `svc.verify`  | `svc_verify`  | free re-check of an answer against its problem |
 * | `svc.inverse` | `svc_inverse` | the `want` command: pin some outputs, optimise the rest |
 * | `svc.explore` | `svc_explore` | the `sample` command: the spread of good answers, not one |
 *
 * OpenAI and Anthropic accept only `[a-zA-Z0-9_-]` in tool names, so the dot becomes `_`.
 */
export const TARGETS = ['openai', 'anthropic', 'json-schema', 'mcp'] as const;
export type Target = (typeof TARGETS)[number];

type Schema = Record<string, unknown>;

interface Tool {
  /** Canonical (MCP) name. */
  name: string;
  title: string;
  description: string;
  parameters: Schema;
}

/** MCP name → OpenAI/Anthropic name. */
export const TOOL_NAMES: Readonly<Record<string, string>> = {
  'svc.analyze': 'svc_analyze', 'svc.compute': 'svc_compute', 'svc.verify': 'svc_verify', 'svc.inverse': 'svc_inverse', 'svc.explore': 'svc_explore',
};

const OPTIONS: Record<string, Schema> = {
  effort: { type: 'string', enum: ['flash', 'medium', 'high'], description: 'Search effort (default medium). More effort never turns a heuristic into a certificate.' },
  seed: { type: 'integer', minimum: 0, description: 'Seed for reproducibility (default 0); the same input, seed and model give the same receipt.' },
  max_latency_ms: { type: 'integer', minimum: 0, description: 'Wall-clock search budget in ms (0: none); the best answer so far is returned, labelled heuristic if cut short.' },
  version: { type: 'string', description: 'Pin a model version (see the models catalogue); unknown versions are an error, never a fallback.' },
};

const COMMAND = { type: 'string', enum: [...COMMANDS], description: 'The service command, e.g. maxcut or optimize.' };

const PROBLEM: Schema = {
  type: 'object',
  description: 'The problem JSON of the command: "description" (one plain sentence of at least 10 characters naming the real decision; never invent one) plus the command\'s fields (0-based indices; map-like fields such as linear are objects keyed by the stringified index). The "tag" is filled in. Get the exact schema with `svc schema <command>`.',
  properties: { description: { type: 'string', minLength: 10 } },
  required: ['description'],
};

const QUBO_FIELDS: Record<string, Schema> = {
  description: { type: 'string', minLength: 10, description: 'One plain sentence naming the real decision.' },
  n: { type: 'integer', minimum: 1, maximum: 100000, description: 'Number of binary variables.' },
  linear: { type: 'object', additionalProperties: { type: 'number' }, description: 'On-site terms {"<index>": h}.' },
  quadratic: { type: 'array', items: { type: 'array', items: { type: 'number' }, minItems: 3, maxItems: 3 }, description: 'Couplings [[i, j, w], ...]; the objective Σ h_i x_i + Σ w_ij x_i x_j is minimised over x ∈ {0,1}^n.' },
};

const TOOLS: readonly Tool[] = [
  {
    name: 'svc.analyze', title: 'Analyze a problem (free)',
    description: 'Free preflight of a problem for one command: whether it is valid, its difficulty, the recommended effort, the compute units a solve would cost and whether it would certify or queue. Nothing is solved or charged.',
    parameters: { type: 'object', properties: { command: COMMAND, problem: PROBLEM, ...OPTIONS }, required: ['command', 'problem'] },
  },
  {
    name: 'svc.compute', title: 'Solve a problem',
    description: 'Solve a structured decision problem on the service (the client never solves). Give `command` to use one command; without it the service routes the problem by its shape. Returns the answer, a certainty label (certified only when an exact method finished), compute units and a receipt; a heavy problem is queued and followed to its end.',
    parameters: { type: 'object', properties: { command: COMMAND, problem: PROBLEM, ...OPTIONS }, required: ['problem'] },
  },
  {
    name: 'svc.verify', title: 'Verify an answer (free)',
    description: 'Free independent re-check of an answer against its problem: the answer\'s shape and feasibility, its recomputed objective and, when `answer` is a whole result object, its declared objective. Returns {ok, checks, objective}.',
    parameters: {
      type: 'object',
      properties: {
        command: COMMAND, problem: PROBLEM,
        answer: { anyOf: [{ type: 'array', items: {} }, { type: 'object' }], description: 'The answer value, or a result object {"answer": ..., "<objective field>": ...}.' },
      },
      required: ['command', 'problem', 'answer'],
    },
  },
  {
    name: 'svc.inverse', title: 'Pin outputs, optimise the rest (want)',
    description: `The service command \`want\` (${PURPOSES.want}): a QUBO where some variables are pinned to required values and the rest are optimised. Use it to ask "given that these choices are fixed, what is the best completion?".`,
    parameters: {
      type: 'object',
      properties: {
        problem: {
          type: 'object',
          properties: { ...QUBO_FIELDS, pins: { type: 'object', additionalProperties: { type: 'integer', enum: [0, 1] }, description: 'Required values {"<index>": 0|1}, at least one.' } },
          required: ['description', 'n', 'pins'],
        },
        ...OPTIONS,
      },
      required: ['problem'],
    },
  },
  {
    name: 'svc.explore', title: 'Explore good alternatives (sample)',
    description: `The service command \`sample\` (${PURPOSES.sample}): several low-energy assignments of a QUBO with their energies and counts, best first, to see the alternatives instead of one answer.`,
    parameters: {
      type: 'object',
      properties: {
        problem: {
          type: 'object',
          properties: {
            ...QUBO_FIELDS,
            num_samples: { type: 'integer', minimum: 1, maximum: 1000, description: 'How many samples (default 16).' },
            energy_window: { type: 'number', minimum: 0, description: 'Keep only samples within this energy of the best (optional).' },
          },
          required: ['description', 'n'],
        },
        ...OPTIONS,
      },
      required: ['problem'],
    },
  },
];

/** The service call behind each tool: `{route, command}` (command null: taken from the arguments). */
export const TOOL_ROUTES: Readonly<Record<string, { route: string; command: string | null }>> = {
  'svc.analyze': { route: 'POST /api/v1/analyze/{command}', command: null },
  'svc.compute': { route: 'POST /api/v1/solve/{command} (POST /api/v1/compute without command)', command: null },
  'svc.verify': { route: 'POST /api/v1/verify/{command}', command: null },
  'svc.inverse': { route: 'POST /api/v1/solve/want', command: 'want' },
  'svc.explore': { route: 'POST /api/v1/solve/sample', command: 'sample' },
};

/** The tool definitions for `target`, exactly as that framework takes them. */
export function toolDefinitions(target: Target): unknown {
  switch (target) {
    case 'openai':
      // Chat Completions `tools` array.
      return TOOLS.map((t) => ({ type: 'function', function: { name: TOOL_NAMES[t.name], description: t.description, parameters: t.parameters } }));
    case 'anthropic':
      // Messages API `tools` array.
      return TOOLS.map((t) => ({ name: TOOL_NAMES[t.name], description: t.description, input_schema: t.parameters }));
    case 'mcp':
      // The result of MCP `tools/list`.
      return { tools: TOOLS.map((t) => ({ name: t.name, title: t.title, description: t.description, inputSchema: t.parameters })) };
    case 'json-schema':
      // One JSON Schema (2020-12) per tool, for any framework that takes plain schemas.
      return TOOLS.map((t) => ({ $schema: 'https://json-schema.org/draft/2020-12/schema', $id: t.name, title: t.title, description: t.description, ...t.parameters }));
  }
}
