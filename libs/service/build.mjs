// Bundles the piscina worker entry: Node 20 cannot run .ts inside worker threads.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));

await build({
  entryPoints: [path.join(root, 'src/internal/solve-worker.ts')],
  outfile: path.join(root, 'dist/solve-worker.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // ESM bundles of CommonJS code need a real `require`; aliased so it cannot clash with a bundled module's own `import { createRequire }`.
  banner: { js: "import { createRequire as __svcCreateRequire } from 'module'; const require = __svcCreateRequire(import.meta.url);" },
  // The native addon is loaded at run time from @svc/engine-native's own directory.
  external: ['*.node'],
  logLevel: 'warning',
});
