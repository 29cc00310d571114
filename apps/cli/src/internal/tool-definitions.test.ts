import { describe, expect, it } from 'vitest';
import { mcpTools } from '@svc/mcp';
import { TARGETS, TOOL_NAMES, toolDefinitions as definitions, type Target } from './tool-definitions';

const served = mcpTools();
const toolDefinitions = (target: Target) => definitions(target, served);

type Schema = { type?: string; properties?: Record<string, Schema>; required?: string[]; [k: string]: unknown };

// Every object schema names only properties it declares as required (what all four targets check).
function wellFormed(s: Schema): void {
  expect(s.type).toBe('object');
  for (const r of s.required ?? []) expect(Object.keys(s.properties ?? {})).toContain(r);
  for (const p of Object.values(s.properties ?? {})) if (p.type === 'object' && p.properties) wellFormed(p);
}

const MCP = ['svc.analyze', 'svc.compute', 'svc.verify', 'svc.inverse', 'svc.explore'];

describe('tools --target', () => {
  it('openai: Chat Completions function tools named svc_* ([a-zA-Z0-9_-] only), nothing else', () => {
    const defs = toolDefinitions('openai') as { type: string; function: { name: string; description: string; parameters: Schema } }[];
    expect(defs.map((d) => d.function.name)).toEqual(MCP.map((n) => TOOL_NAMES[n]));
    for (const d of defs) {
      expect(Object.keys(d).sort()).toEqual(['function', 'type']);
      expect(d.type).toBe('function');
      expect(Object.keys(d.function).sort()).toEqual(['description', 'name', 'parameters']);
      expect(d.function.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(d.function.description.length).toBeGreaterThan(20);
      wellFormed(d.function.parameters);
    }
  });

  it('anthropic: {name, description, input_schema} named svc_*', () => {
    const defs = toolDefinitions('anthropic') as { name: string; input_schema: Schema }[];
    expect(defs.map((d) => d.name)).toEqual(['svc_analyze', 'svc_compute', 'svc_verify', 'svc_inverse', 'svc_explore']);
    for (const d of defs) {
      expect(Object.keys(d).sort()).toEqual(['description', 'input_schema', 'name']);
      expect(d.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      wellFormed(d.input_schema);
    }
  });

  it('mcp keeps the dotted names in a tools/list result, the one the MCP server serves; json-schema gives 2020-12 schemas', () => {
    const mcp = toolDefinitions('mcp') as { tools: { name: string; inputSchema: Schema; outputSchema: Schema }[] };
    expect(mcp.tools.map((t) => t.name)).toEqual(MCP);
    expect(mcp.tools.map((t) => t.inputSchema)).toEqual(served.map((t) => t.inputSchema));
    expect(mcp.tools.map((t) => t.outputSchema)).toEqual(served.map((t) => t.outputSchema));
    for (const t of mcp.tools) wellFormed(t.inputSchema);
    const js = toolDefinitions('json-schema') as Schema[];
    expect(js.map((s) => s.$id)).toEqual(MCP);
    for (const s of js) {
      expect(s.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      wellFormed(s);
    }
  });

  it('inverse is want (pins required), explore is sample; every target describes the same five tools', () => {
    const mcp = toolDefinitions('mcp') as { tools: { name: string; description: string; inputSchema: Schema }[] };
    const inverse = mcp.tools.find((t) => t.name === 'svc.inverse')!;
    expect(inverse.description).toMatch(/`want`/);
    expect(inverse.inputSchema.properties!.problem.required).toContain('pins');
    expect(mcp.tools.find((t) => t.name === 'svc.explore')!.description).toMatch(/`sample`/);
    expect(TARGETS).toEqual(['openai', 'anthropic', 'json-schema', 'mcp']);
  });
});
