// Bundles the CLI into one dependency-free ESM file: apps/cli/dist/svc.mjs.
import { chmodSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const outfile = join(here, 'dist', 'svc.mjs');

await build({
  entryPoints: [join(here, 'src', 'main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Everything, workspace libs included, goes into the one file; only node: builtins stay external.
  packages: 'bundle',
  legalComments: 'none',
  logLevel: 'warning',
  banner: {
    // createRequire: a single-file ESM bundle has no `require` for any CommonJS it inlines (TOOLCHAIN.md).
    js: [
      '#!/usr/bin/env node',
      "import { createRequire as __svcCreateRequire } from 'node:module';",
      'const require = __svcCreateRequire(import.meta.url);',
    ].join('\n'),
  },
});
// npm links bins as-is, so the file itself must be executable.
chmodSync(outfile, 0o755);
