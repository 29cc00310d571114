// Bundles the worker process for plain `node` (apps/worker/dist/main.mjs). The same externals as
// the HTTP server: native and worker-pool packages load files by path at run time.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleNode } from '../../scripts/bundle.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
await bundleNode({
  entry: path.join(root, 'src/main.ts'),
  outfile: path.join(root, 'dist/main.mjs'),
  external: ['better-sqlite3', 'pg', 'piscina', '*.node', 'bullmq', 'ioredis'],
});
