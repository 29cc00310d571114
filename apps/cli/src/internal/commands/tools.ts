import { SvcError } from '@svc/errors';
import { flagValue, oneOf } from '../args';
import type { CommandSpec } from '../command-spec';
import { line, writeOut } from '../render';
import { TARGETS, toolDefinitions, type Target } from '../tool-definitions';
import { loadMcp } from './mcp';

/** `svc tools --target openai|anthropic|json-schema|mcp`: tool definitions, offline. */
export const TOOLS_COMMAND: CommandSpec = {
  name: 'tools', group: 'helper', summary: 'agent tool definitions for openai, anthropic, json-schema or mcp (offline)',
  operands: [], requiredFlags: '--target <target>',
  flags: [{ name: 'target', value: TARGETS.join('|'), description: 'the framework whose format to emit', parse: oneOf('target', TARGETS) }],
  details: [
    'Tools: svc.analyze (free preflight), svc.compute (solve), svc.verify (free re-check), svc.inverse (the',
    '`want` command: pin some outputs, optimise the rest), svc.explore (the `sample` command: the spread of',
    'good answers). MCP and json-schema keep the dotted names; OpenAI and Anthropic allow only',
    '[a-zA-Z0-9_-], so they get svc_analyze, svc_compute, svc_verify, svc_inverse, svc_explore.',
    'openai: the Chat Completions `tools` array; anthropic: the Messages API `tools` array; mcp: the',
    '`tools/list` result; json-schema: one JSON Schema 2020-12 per tool. The document is printed as',
    'JSON in every format (pretty in human, one line in json; envelope wraps it). They are the tools',
    '`svc mcp` and <SVC_BASE_URL>/mcp serve, with the input schemas of the served commands.',
  ].join('\n'),
  run: async (ctx) => {
    const target = flagValue(ctx.args, 'target') as Target | undefined;
    if (!target) throw new SvcError('SVC_CLIENT', `--target is required: one of ${TARGETS.join(', ')}.`);
    // The tools `svc mcp` and /mcp serve, from the MCP bundle beside svc (offline).
    const defs = toolDefinitions(target, (await loadMcp()).mcpTools());
    if (ctx.output.out !== undefined) {
      const bytes = await writeOut(ctx.io, ctx.output.out, defs);
      const count = Array.isArray(defs) ? defs.length : (defs as { tools: unknown[] }).tools.length;
      const summary = { target, tools: count, out: ctx.output.out, out_bytes: bytes };
      ctx.io.stdout(ctx.format === 'human' ? `tools: ${count} ${target} definitions written to ${ctx.output.out} (${bytes} bytes)\n` : line(ctx.format === 'envelope' ? { problem: null, result: summary } : summary));
      return 0;
    }
    if (ctx.format === 'envelope') ctx.io.stdout(line({ problem: null, result: defs }));
    else ctx.io.stdout(ctx.format === 'json' ? line(defs) : `${JSON.stringify(defs, null, 2)}\n`);
    return 0;
  },
};
