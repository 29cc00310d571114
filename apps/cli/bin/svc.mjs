#!/usr/bin/env node
// The `svc` bin. npm links a bin only if its file exists at install time, and dist/ is built after
// install, so the link points at this committed launcher, which runs the one-file bundle.
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/svc.mjs', import.meta.url);
if (existsSync(bundle)) {
  await import(bundle.href);
} else {
  process.stderr.write('svc: the CLI is not built yet; run `npx nx run cli:build` (or `npm run build`) first.\n');
  process.exitCode = 1;
}
