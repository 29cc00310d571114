// Bundles the piscina worker entries: Node 20 cannot run .ts inside worker threads.
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
// Large request bodies are parsed and validated here, off the event loop (door/body-check-pool.ts).
await bundleNode({
  entry: path.join(root, 'src/door/body-check-worker.ts'),
  outfile: path.join(root, 'dist/body-check-worker.mjs'),
  // Piscina's own copy: the mark of a moved result is a private symbol of the module the pool loads.
  external: ['*.node', 'piscina'],
});
