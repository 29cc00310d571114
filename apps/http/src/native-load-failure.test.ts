import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_VERSION } from '@svc/service';
import { TAG, call, sandboxToken, startWithDefaultLimits, stopAll } from '../test/helpers';

// A native addon that does not load is never a quiet fallback: with no engine forced, the service
// solves with engine-ts, /healthz says why native is not there, and the start-up line names the
// cause (apps/http/src/main.ts prints `service.nativeLoadFailure` to stderr). The loader here is a
// fake that fails as dlopen does on an addon linked against a core missing a function.
const FILE = '/opt/svc/libs/engine-native/build/Release/svc_native.node';
const CAUSE = `${FILE}: undefined symbol: _ZN3svc4core8SolveTspERKNS0_10TspProblemE; build it with: nx run engine-native:build`;
const savedEngine = process.env.SVC_ENGINE;

beforeAll(() => {
  delete process.env.SVC_ENGINE; // "no engine forced" is the case under test
});
afterAll(async () => {
  if (savedEngine !== undefined) process.env.SVC_ENGINE = savedEngine;
  await stopAll();
}, 60_000);

describe('the native addon fails to load', () => {
  it('/healthz says `ts (native failed to load: <cause>)` with its other fields; the start-up line names the cause; solves run on ts', async () => {
    const t = await startWithDefaultLimits({ engine: undefined, loadNative: () => ({ addon: null, error: CAUSE }) });
    const h = await call(t.url, 'GET', '/healthz');
    expect(h.status).toBe(200);
    expect(h.json).toEqual({ status: 'ok', engine: `ts (native failed to load: ${CAUSE})`, engine_id: expect.stringMatching(/^ts-/), version: MODEL_VERSION });
    expect(h.json.engine).toContain('undefined symbol: _ZN3svc4core8SolveTspERKNS0_10TspProblemE');

    const line = t.srv.service.nativeLoadFailure;
    expect(line).not.toBeNull();
    expect(line).not.toContain('\n');
    expect(line).toMatch(/^NATIVE ENGINE FAILED TO LOAD/);
    expect(line).toContain(`${FILE}: undefined symbol: _ZN3svc4core8SolveTspERKNS0_10TspProblemE`);
    expect(t.srv.service.engine).toBe('ts');

    const r = await call(t.url, 'POST', '/api/v1/solve/maxcut?seed=0', {
      body: { tag: TAG, description: 'Split five offices into two teams to maximise links.', n: 5, edges: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 4, 1], [4, 0, 1]] },
      auth: await sandboxToken(t.url),
    });
    expect(r.status).toBe(200);
    expect([r.json.engine, r.json.cut_value]).toEqual(['ts', 4]);
  }, 60_000);

  it('a forced engine never reports a load failure: SVC_ENGINE=ts is plain `ts`', async () => {
    let probed = false;
    const t = await startWithDefaultLimits({ engine: 'ts', loadNative: () => ((probed = true), { addon: null, error: CAUSE }) });
    expect((await call(t.url, 'GET', '/healthz')).json.engine).toBe('ts');
    expect(t.srv.service.nativeLoadFailure).toBeNull();
    expect(probed).toBe(false);
  }, 60_000);
});
