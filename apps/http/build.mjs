// Bundles the server for plain `node` (npm start). Native and worker-pool packages stay external:
// better-sqlite3 and the engine addon load .node files, piscina spawns workers by file path.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));

await build({
  entryPoints: [path.join(root, 'src/main.ts')],
  outfile: path.join(root, 'dist/main.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Aliased so it cannot clash with a bundled module's own `import { createRequire }`.
  banner: { js: "import { createRequire as __svcCreateRequire } from 'module'; const require = __svcCreateRequire(import.meta.url);" },
  external: ['better-sqlite3', 'piscina', '*.node'],
  logLevel: 'warning',
});
