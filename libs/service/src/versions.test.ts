import { describe, expect, it } from 'vitest';
import { isSvcError } from '@svc/errors';
import { MODEL_VERSION, resolveVersion } from './versions';
import { computeUnits } from './compute-units';

describe('resolveVersion', () => {
  it('resolves omitted and latest to the frozen version and keeps a pinned one', () => {
    expect(resolveVersion()).toBe(MODEL_VERSION);
    expect(resolveVersion('latest')).toBe(MODEL_VERSION);
    expect(resolveVersion(MODEL_VERSION)).toBe(MODEL_VERSION);
  });

  it('refuses unknown versions with SVC_UNKNOWN_VERSION, never a fallback', () => {
    for (const v of ['2020-01-01', 'LATEST', 'toString', '__proto__']) {
      let err: unknown;
      try { resolveVersion(v); } catch (e) { err = e; }
      expect(isSvcError(err) && err.code).toBe('SVC_UNKNOWN_VERSION');
    }
  });
});

describe('computeUnits', () => {
  it('bills blocks of 1000 size terms times the effort factor', () => {
    expect(computeUnits({ n: 10, terms: 20 }, 'flash')).toBe(1);
    expect(computeUnits({ n: 10, terms: 20 }, 'medium')).toBe(2);
    expect(computeUnits({ n: 10, terms: 20 }, 'high')).toBe(4);
    expect(computeUnits({ n: 1000, terms: 0 }, 'flash')).toBe(1);
    expect(computeUnits({ n: 1000, terms: 1 }, 'flash')).toBe(2);
    expect(computeUnits({ n: 50_000, terms: 200_000 }, 'high')).toBe(1000);
  });
});
