import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRetryAfterHeader, retryDelayMs, type BackoffPolicy } from './backoff';

const policy = (random: () => number): BackoffPolicy => ({ baseMs: 250, capMs: 15_000, random });

describe('retryDelayMs', () => {
  it('never waits less than Retry-After nor more than the cap', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 15_000 }), fc.double({ min: 0, max: 0.999, noNaN: true }), fc.nat(10), (ra, r, retry) => {
      const d = retryDelayMs(retry, ra, policy(() => r))!;
      expect(d).toBeGreaterThanOrEqual(ra);
      expect(d).toBeLessThanOrEqual(15_000);
    }));
  });

  it('refuses to retry when Retry-After exceeds the cap', () => {
    expect(retryDelayMs(0, 15_001, policy(() => 0))).toBeNull();
  });

  it('grows exponentially with jitter inside [ceiling/2, ceiling], capped', () => {
    expect(retryDelayMs(0, undefined, policy(() => 0))).toBe(125);
    expect(retryDelayMs(0, undefined, policy(() => 0.999999))).toBe(250);
    expect(retryDelayMs(3, undefined, policy(() => 0))).toBe(1000);
    expect(retryDelayMs(20, undefined, policy(() => 0.999999))).toBe(15_000);
  });
});

describe('parseRetryAfterHeader', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfterHeader('5', 0)).toBe(5000);
    expect(parseRetryAfterHeader(null, 0)).toBeUndefined();
    expect(parseRetryAfterHeader('soon', 0)).toBeUndefined();
    const now = Date.parse('Wed, 21 Oct 2026 07:28:00 GMT');
    expect(parseRetryAfterHeader('Wed, 21 Oct 2026 07:28:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfterHeader('Wed, 21 Oct 2026 07:27:00 GMT', now)).toBe(0);
  });
});
