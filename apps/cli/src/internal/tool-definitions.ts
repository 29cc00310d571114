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

/** A tool as the MCP server lists it (`mcpTools()` of apps/mcp): the one source of every target. */
export interface ServedTool {
  /** Canonical (MCP) name. */
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: Schema;
  readonly outputSchema: Schema;
}

/** MCP name → OpenAI/Anthropic name. */
export const TOOL_NAMES: Readonly<Record<string, string>> = {
  'svc.analyze': 'svc_analyze', 'svc.compute': 'svc_compute', 'svc.verify': 'svc_verify', 'svc.inverse': 'svc_inverse', 'svc.explore': 'svc_explore',
};

/** The service call behind each tool: `{route, command}` (command null: taken from the arguments). */
export const TOOL_ROUTES: Readonly<Record<string, { route: string; command: string | null }>> = {
  'svc.analyze': { route: 'POST /api/v1/analyze/{command}', command: null },
  'svc.compute': { route: 'POST /api/v1/solve/{command} (POST /api/v1/compute without command)', command: null },
  'svc.verify': { route: 'POST /api/v1/verify/{command}', command: null },
  'svc.inverse': { route: 'POST /api/v1/solve/want', command: 'want' },
  'svc.explore': { route: 'POST /api/v1/solve/sample', command: 'sample' },
};

/** `svc.compute` → `svc_compute` (OpenAI and Anthropic names). */
const fnName = (mcp: string): string => TOOL_NAMES[mcp] ?? mcp.replace(/[^a-zA-Z0-9_-]/g, '_');

/**
 * The tool definitions for `target`, exactly as that framework takes them, from the tools the MCP
 * server serves (same names, descriptions and input schemas; `mcp` is its `tools/list` result).
 */
export function toolDefinitions(target: Target, tools: readonly ServedTool[]): unknown {
  switch (target) {
    case 'openai':
      // Chat Completions `tools` array.
      return tools.map((t) => ({ type: 'function', function: { name: fnName(t.name), description: t.description, parameters: t.inputSchema } }));
    case 'anthropic':
      // Messages API `tools` array.
      return tools.map((t) => ({ name: fnName(t.name), description: t.description, input_schema: t.inputSchema }));
    case 'mcp':
      // The result of MCP `tools/list`.
      return { tools: tools.map((t) => ({ name: t.name, title: t.title, description: t.description, inputSchema: t.inputSchema, outputSchema: t.outputSchema })) };
    case 'json-schema':
      // One JSON Schema (2020-12) per tool, for any framework that takes plain schemas.
      return tools.map((t) => ({ $schema: 'https://json-schema.org/draft/2020-12/schema', $id: t.name, title: t.title, description: t.description, ...t.inputSchema }));
  }
}
