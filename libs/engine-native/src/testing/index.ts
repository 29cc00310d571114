/**
 * @svc/engine-native/testing — the one guard of every test that needs the native addon (this
 * package's, libs/service's, tools'); production code never imports it.
 *
 * When the addon loads, the native tests run. When it does not, they never pass quietly: under
 * `CI=true` each guarded suite is a FAILING test naming the loader's cause (the file and dlopen's
 * message, e.g. "undefined symbol: …"); elsewhere (a laptop without the build) a warning names
 * the cause and the suite is reported as skipped.
 */
import { describe, it } from 'vitest';
import { nativeStatus } from '../load-native-addon';

/** The test that stands for a native suite when the addon did not load under CI=true. */
function failLoudly(what: string, error: string | undefined): void {
  it(`${what}: the native addon loads (required under CI=true)`, () => {
    throw new Error(`the native addon did not load, so "${what}" cannot run: ${error ?? 'unknown cause'}`);
  });
}

function warn(what: string, error: string | undefined): void {
  console.warn(`[engine-native] SKIPPING ${what}: the native addon did not load (${error ?? 'unknown cause'}); under CI=true this is a failure`);
}

/**
 * Whether the native part of a test file runs: true when the addon loads. Otherwise false, after
 * registering a failing test under CI=true (call it where a test may be registered: at the top of
 * a file or in a describe), or a warning elsewhere. For files that run some cases on both engines,
 * e.g. `const engines = nativeOrFail('golden receipts') ? ['ts', 'native'] : ['ts']`.
 */
export function nativeOrFail(what: string): boolean {
  const s = nativeStatus();
  if (s.loaded) return true;
  if (process.env.CI === 'true') failLoudly(what, s.error);
  else warn(what, s.error);
  return false;
}

/**
 * `describe` for a suite that needs the native addon (instead of `describe.runIf(loaded)`, which
 * skips quietly): it runs when the addon loads; under CI=true without it, the suite is one failing
 * test naming the cause; elsewhere it is skipped with a warning naming the cause.
 */
export function describeNative(name: string, fn: () => void): void {
  const s = nativeStatus();
  if (s.loaded) {
    describe(name, fn);
  } else if (process.env.CI === 'true') {
    describe(name, () => failLoudly(name, s.error));
  } else {
    warn(name, s.error);
    describe.skip(`${name} (SKIPPED: the native addon did not load: ${s.error ?? 'unknown cause'})`, fn);
  }
}
