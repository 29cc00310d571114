#!/usr/bin/env node
// `npm test`: every project's typecheck and tests through Nx, then one closing summary line
// summed from the vitest JSON reports (and ctest/unittest counts each target writes).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const results = join(root, '.test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', SVC_TEST_RESULTS: results };
const args = ['run-many', '-t', 'typecheck', 'test', '--output-style=stream', '--parallel=2', '--skip-nx-cache', ...process.argv.slice(2)];
const run = spawnSync(join(root, 'node_modules', '.bin', 'nx'), args, { cwd: root, env, stdio: 'inherit' });

let passed = 0, failed = 0, skipped = 0;
for (const f of existsSync(results) ? readdirSync(results) : []) {
  try {
    const text = readFileSync(join(results, f), 'utf8');
    if (f.endsWith('.xml')) {
      // ctest's JUnit report: <testsuite ... tests="N" failures="F" ... skipped="S">
      const attr = (k) => Number((text.match(new RegExp(`<testsuite[^>]*\\s${k}="(\\d+)"`)) ?? [])[1] ?? 0);
      passed += attr('tests') - attr('failures') - attr('skipped');
      failed += attr('failures');
      skipped += attr('skipped');
      continue;
    }
    const r = JSON.parse(text);
    passed += r.numPassedTests ?? r.passed ?? 0;
    failed += r.numFailedTests ?? r.failed ?? 0;
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0) + (r.skipped ?? 0);
  } catch {
    failed += 1;
    console.error(`unreadable test report ${f}`);
  }
}
const code = run.status ?? 1;
if (code !== 0 && failed === 0) failed = 1; // a build or typecheck failure counts as a failure
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(code);
