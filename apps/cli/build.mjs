// Bundles the CLI into dependency-free ESM files: apps/cli/dist/svc.mjs (everything `svc` needs,
// workspace libs included; only node: builtins stay external) and apps/cli/dist/svc-mcp.mjs (the
// MCP server, loaded by `svc mcp` alone).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleSvc } from '../../scripts/bundle.mjs';

const here = dirname(fileURLToPath(import.meta.url));
await bundleSvc({ root: join(here, '..', '..'), outfile: join(here, 'dist', 'svc.mjs'), mcpOutfile: join(here, 'dist', 'svc-mcp.mjs') });
