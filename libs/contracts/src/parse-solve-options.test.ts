import { describe, expect, it } from 'vitest';
import { parseSolveOptions } from './parse-solve-options';
import { normalizeEffort, EFFORTS } from './effort';
import { svcErrorOf } from '../test/fixtures';

describe('normalizeEffort', () => {
  it.each([['flash', 'flash'], ['medium', 'medium'], ['high', 'high'], ['low', 'medium'], ['med', 'medium'], ['max', 'high']])('%s → %s', (a, b) => {
    expect(normalizeEffort(a)).toBe(b);
  });

  it.each(['ultra', '', 'HIGH', 'constructor', 'toString', ' high'])('%j is SVC_INVALID_INPUT', (s) => {
    const e = svcErrorOf(() => normalizeEffort(s));
    expect(e.code).toBe('SVC_INVALID_INPUT');
    expect(e.extensions.field).toBe('effort');
  });

  it('canonical names only', () => {
    expect([...EFFORTS]).toEqual(['flash', 'medium', 'high']);
  });
});

describe('parseSolveOptions', () => {
  it('defaults: medium, seed 0, no latency budget, no version', () => {
    expect(parseSolveOptions({})).toEqual({ effort: 'medium', seed: 0, maxLatencyMs: 0 });
    expect(parseSolveOptions({ effort: undefined, seed: undefined })).toEqual({ effort: 'medium', seed: 0, maxLatencyMs: 0 });
  });

  it('parses strings (HTTP) and numbers (MCP, gRPC)', () => {
    expect(parseSolveOptions({ effort: 'max', seed: '4294967295', max_latency_ms: '250', version: 'stable' }))
      .toEqual({ effort: 'high', seed: 4294967295, maxLatencyMs: 250, version: 'stable' });
    expect(parseSolveOptions({ effort: 'flash', seed: 7, max_latency_ms: 0 })).toEqual({ effort: 'flash', seed: 7, maxLatencyMs: 0 });
  });

  it('an unknown key is 404 SVC_UNSUPPORTED', () => {
    const e = svcErrorOf(() => parseSolveOptions({ effort: 'high', timeout: '5' }));
    expect(e.code).toBe('SVC_UNSUPPORTED');
    expect(e.status).toBe(404);
    expect(e.extensions.field).toBe('timeout');
  });

  it('an unknown key beats a bad value', () => {
    expect(svcErrorOf(() => parseSolveOptions({ effort: 'ultra', foo: '1' })).code).toBe('SVC_UNSUPPORTED');
  });

  it.each([
    [{ effort: 'ultra' }, 'effort'],
    [{ effort: 3 }, 'effort'],
    [{ effort: ['high', 'flash'] }, 'effort'],
    [{ seed: '-1' }, 'seed'],
    [{ seed: '1.5' }, 'seed'],
    [{ seed: '1e3' }, 'seed'],
    [{ seed: '' }, 'seed'],
    [{ seed: '4294967296' }, 'seed'],
    [{ seed: 2.5 }, 'seed'],
    [{ seed: -3 }, 'seed'],
    [{ seed: ['1', '2'] }, 'seed'],
    [{ max_latency_ms: '-5' }, 'max_latency_ms'],
    [{ max_latency_ms: -5 }, 'max_latency_ms'],
    [{ max_latency_ms: 'soon' }, 'max_latency_ms'],
    [{ max_latency_ms: '2147483648' }, 'max_latency_ms'],
    [{ version: '' }, 'version'],
    [{ version: 5 }, 'version'],
    [{ version: 'a b' }, 'version'],
    [{ certificate: 'all' }, 'certificate'],
    [{ certificate: true }, 'certificate'],
  ])('%j is SVC_INVALID_INPUT on %s', (q, field) => {
    const e = svcErrorOf(() => parseSolveOptions(q as Record<string, unknown>));
    expect(e.code).toBe('SVC_INVALID_INPUT');
    expect(e.extensions.field).toBe(field);
  });

  it('certificate: full or none; absent means the default cap', () => {
    expect(parseSolveOptions({ certificate: 'full' }).certificate).toBe('full');
    expect(parseSolveOptions({ certificate: 'none' }).certificate).toBe('none');
    expect('certificate' in parseSolveOptions({})).toBe(false);
  });

  it('body version: used alone, must agree with the query', () => {
    expect(parseSolveOptions({}, 'v2').version).toBe('v2');
    expect(parseSolveOptions({ version: 'v2' }, 'v2').version).toBe('v2');
    const e = svcErrorOf(() => parseSolveOptions({ version: 'v1' }, 'v2'));
    expect(e.code).toBe('SVC_INVALID_INPUT');
    expect(e.detail).toMatch(/disagrees/);
  });
});
