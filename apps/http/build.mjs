// Bundles the server for plain `node` (npm start). Native and worker-pool packages stay external:
// better-sqlite3 and the engine addon load .node files, piscina spawns workers by file path.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleNode } from '../../scripts/bundle.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
await bundleNode({
  entry: path.join(root, 'src/main.ts'),
  outfile: path.join(root, 'dist/main.mjs'),
  external: ['better-sqlite3', 'piscina', '*.node'],
});
// The operator command (`npm run svc-admin -- …`).
await bundleNode({
  entry: path.join(root, 'src/admin.ts'),
  outfile: path.join(root, 'dist/svc-admin.mjs'),
  external: ['better-sqlite3', 'piscina', '*.node'],
});
