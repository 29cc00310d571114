import type { CommandSpec } from '../command-spec';
import { openSession } from '../session';

// In the bundle, the MCP server is a second file beside svc.mjs, loaded only here (build.mjs);
// from source (tests), the workspace package. The specifier is computed, so the bundler leaves
// it alone and svc.mjs imports nothing but node: builtins.
declare const __SVC_MCP_BUNDLE__: string | undefined;
const MCP_SOURCE = '@svc/mcp';

/** The MCP package: the bundle's second file, or the workspace source. */
export async function loadMcp(): Promise<typeof import('@svc/mcp')> {
  const specifier = typeof __SVC_MCP_BUNDLE__ === 'string' ? new URL(__SVC_MCP_BUNDLE__, import.meta.url).href : MCP_SOURCE;
  return (await import(specifier)) as typeof import('@svc/mcp');
}

/** `svc mcp`: an MCP server on stdio for agents, forwarding to the service (never solving here). */
export const MCP_COMMAND: CommandSpec = {
  name: 'mcp', group: 'helper', summary: 'serve the MCP tools on stdio for an agent, forwarding to the service with your credentials',
  operands: [],
  flags: [],
  details: [
    'Speaks MCP (JSON-RPC on stdin/stdout) with the tools svc.analyze, svc.compute, svc.verify,',
    'svc.inverse, svc.explore and svc.schema; every call goes to the service at SVC_BASE_URL with SVC_API_KEY (or',
    'the configured key, else the public sandbox token). Solving stays on the service; a heavy solve',
    'returns its job handle at once and a call with job_id waits for it. Nothing but MCP is written to',
    'stdout. An agent config runs this file by its absolute path (never npx svc: outside the checkout',
    'that resolves to an unrelated registry package): {"command": "node", "args":',
    '["/absolute/path/to/svc/apps/cli/dist/svc.mjs", "mcp"], "env": {"SVC_BASE_URL": "…"}}.',
    'The same tools are served over streamable HTTP at <SVC_BASE_URL>/mcp.',
  ].join('\n'),
  run: async (ctx) => {
    const { client } = await openSession(ctx.io);
    const mcp = await loadMcp();
    await mcp.serveStdio(client);
    return 0;
  },
};
