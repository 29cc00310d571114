import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { main } from '../../../docs/trpc-client';
import { ROOT, serverSuite } from '../e2e/svc-cli-harness';

// The typed tRPC client example of docs/ compiles (tools' typecheck, and a fresh project below)
// and runs as written.
const suite = serverSuite('svc-trpc-doc-', { onFault: () => {} });
const run = promisify(execFile);
const fresh = mkdtempSync(join(tmpdir(), 'svc-trpc-fresh-'));
afterAll(() => rmSync(fresh, { recursive: true, force: true }));

it('docs/trpc-client.ts solves the five-office ring and reads a fault through the typed client', async () => {
  const out = await main(suite.server.url);
  expect(out).toEqual({
    cut_value: 4,
    certainty: 'certified optimum (proven by exhaustion)',
    receipt: expect.stringMatching(/^svcr_[0-9a-f]{64}$/),
    fault: 'SVC_INVALID_INPUT',
  });
});

// What docs/trpc.md tells a user to do: copy the file into their own project, import AppRouter
// from @svc/http, and compile with TypeScript's default libraries (the DOM's `fetch` types included,
// which the repository's own config leaves out) and the options docs/trpc.md names.
it('docs/trpc-client.ts typechecks in a fresh project (default libs, strict, bundler resolution)', async () => {
  symlinkSync(join(ROOT, 'node_modules'), join(fresh, 'node_modules'));
  const example = readFileSync(join(ROOT, 'docs', 'trpc-client.ts'), 'utf8');
  expect(example).toContain("from '../apps/http/src/index'");
  writeFileSync(join(fresh, 'client.ts'), example.replace("from '../apps/http/src/index'", "from '@svc/http'"));
  writeFileSync(join(fresh, 'package.json'), '{"type": "module", "private": true}\n');
  writeFileSync(join(fresh, 'tsconfig.json'), `${JSON.stringify({
    compilerOptions: { target: 'es2022', module: 'esnext', moduleResolution: 'bundler', strict: true, skipLibCheck: true, noEmit: true, types: ['node'] },
    files: ['client.ts'],
  }, null, 2)}\n`);
  const tsc = join(ROOT, 'node_modules', '.bin', 'tsc');
  const r = await run(tsc, ['-p', join(fresh, 'tsconfig.json')], { cwd: fresh }).then(() => ({ code: 0, out: '' }), (e: { code?: number; stdout?: string }) => ({ code: e.code ?? 1, out: e.stdout ?? '' }));
  expect(r.out).toBe('');
  expect(r.code).toBe(0);
}, 120_000);
