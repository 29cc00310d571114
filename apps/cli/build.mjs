// Bundles the CLI into one dependency-free ESM file: apps/cli/dist/svc.mjs. Everything, workspace
// libs included, goes into the one file; only node: builtins stay external.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleNode } from '../../scripts/bundle.mjs';

const here = dirname(fileURLToPath(import.meta.url));
await bundleNode({ entry: join(here, 'src', 'main.ts'), outfile: join(here, 'dist', 'svc.mjs'), executable: true, sourcemap: false });
