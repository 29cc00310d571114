// One esbuild recipe for every Node bundle of the workspace (server, solve worker, svc, tools).
// Node 20 cannot run .ts, so whatever plain `node` executes is bundled to one ESM file.
import { chmodSync } from 'node:fs';
import { build } from 'esbuild';

// ESM bundles of CommonJS code need a real `require`; aliased so it cannot clash with a bundled
// module's own `import { createRequire }` (TOOLCHAIN.md).
const REQUIRE_BANNER = "import { createRequire as __svcCreateRequire } from 'node:module'; const require = __svcCreateRequire(import.meta.url);";

/**
 * @param {{ entry: string, outfile: string, external?: string[], executable?: boolean, sourcemap?: boolean, define?: Record<string, string> }} o
 */
export async function bundleNode(o) {
  await build({
    entryPoints: [o.entry],
    outfile: o.outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: o.sourcemap ?? true,
    legalComments: 'none',
    logLevel: 'warning',
    external: o.external ?? [],
    define: o.define ?? {},
    banner: { js: (o.executable ? '#!/usr/bin/env node\n' : '') + REQUIRE_BANNER },
  });
  // npm links bins as they are, so an executable bundle must carry the mode itself.
  if (o.executable) chmodSync(o.outfile, 0o755);
}

/**
 * The `svc` CLI: `svc.mjs` (dependency-free, small) and beside it `svc-mcp.mjs`, the MCP server
 * that only `svc mcp` loads (it carries the MCP SDK and the contracts' schemas).
 * @param {{ root: string, outfile: string, mcpOutfile: string }} o
 */
export async function bundleSvc(o) {
  await bundleNode({
    entry: `${o.root}/apps/cli/src/main.ts`,
    outfile: o.outfile,
    executable: true,
    sourcemap: false,
    external: ['@svc/mcp'],
    define: { __SVC_MCP_BUNDLE__: JSON.stringify('./svc-mcp.mjs') },
  });
  await bundleNode({ entry: `${o.root}/apps/mcp/src/index.ts`, outfile: o.mcpOutfile, sourcemap: false });
}
