// Bundles the piscina worker entry: Node 20 cannot run .ts inside worker threads.
// The native addon is loaded at run time from @svc/engine-native's own directory.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleNode } from '../../scripts/bundle.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
await bundleNode({
  entry: path.join(root, 'src/solve/worker.ts'),
  outfile: path.join(root, 'dist/solve-worker.mjs'),
  external: ['*.node'],
});
