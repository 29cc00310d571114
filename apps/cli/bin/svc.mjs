#!/usr/bin/env node
// The `svc` bin. npm links a bin only if its file exists at install time, and dist/ is built after
// install, so the link points at this committed launcher, which runs the one-file bundle.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundle = new URL('../dist/svc.mjs', import.meta.url);
if (existsSync(bundle)) {
  await import(bundle.href);
} else {
  // A setup step is missing, not a passing fault: exit 3 (usage), never 1 (retryable).
  process.stderr.write([
    `svc: the CLI is not built: ${fileURLToPath(bundle)} does not exist.`,
    '  fix: build it from the repository root with `npx nx run cli:build` (`npm start` and `npm run build` build it too), then run svc again.',
    '',
  ].join('\n'));
  process.exitCode = 3;
}
