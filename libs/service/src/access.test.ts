import { describe, expect, it } from 'vitest';
import { WindowCounter } from './limits/window-counter';
import { structuralHash } from './internal/structural-hash';
import { mintApiKey, parseApiKey, secretMatches } from './accounts/api-key';
import { readEmailToken, signEmailToken } from './accounts/email-link';
import { DEFAULT_ACCESS_LIMITS, resolveAccessLimits } from './limits/access-limits';
import { normalizeEmail } from './accounts/account-service';
import { usageAlert } from './limits/usage-alert';
import { requestFingerprint } from './idempotency';

describe('WindowCounter', () => {
  it('counts per key in epoch-aligned minute windows and tells the seconds left', () => {
    let now = 60_000 * 100 + 15_500;
    const c = new WindowCounter(() => now);
    expect(c.take('a', 2, 3)).toEqual({ ok: true, used: 2, retryAfterSeconds: 45 });
    expect(c.take('a', 2, 3)).toEqual({ ok: false, used: 2, retryAfterSeconds: 45 });
    expect(c.take('b', 3, 3).ok).toBe(true);
    c.give('a', 1);
    expect(c.take('a', 2, 3)).toMatchObject({ ok: true, used: 3 });
    now += 44_400;
    expect(c.take('a', 1, 3).retryAfterSeconds).toBe(1);
    now += 200;
    expect(c.take('a', 3, 3)).toEqual({ ok: true, used: 3, retryAfterSeconds: 60 });
    // give() only affects the current window.
    now += 60_000;
    c.give('a', 3);
    expect(c.take('a', 3, 3).ok).toBe(true);
  });
});

describe('structuralHash', () => {
  it('is equal exactly for equal JSON values', () => {
    const a = { n: 3, linear: { '0': 1, '2': -0 }, quadratic: [[0, 1, 2.5]] };
    const b = { quadratic: [[0, 1, 2.5]], linear: { '2': 0, '0': 1 }, n: 3 };
    expect(structuralHash(a)).toBe(structuralHash(b));
    expect(structuralHash(a)).toMatch(/^[0-9a-f]{64}$/);
    const different = [
      { ...a, n: 4 },
      { ...a, quadratic: [[0, 1, 2.5000001]] },
      { ...a, quadratic: [[0, 1], [2.5]] },
      { ...a, linear: { '0': 1, '2': 0, '3': 0 } },
      ['3'],
      [3],
      ['ab', 'c'],
      ['a', 'bc'],
      [null],
      [false],
    ];
    const hashes = new Set([structuralHash(a), ...different.map(structuralHash)]);
    expect(hashes.size).toBe(different.length + 1);
    // Long strings stream past the scratch buffer.
    expect(structuralHash('x'.repeat(200_000))).not.toBe(structuralHash('x'.repeat(199_999)));
  });
});

describe('API keys', () => {
  it('mints svck_<id>_<secret>; only the salted hash verifies the secret', () => {
    const k = mintApiKey();
    expect(k.token).toMatch(/^svck_[0-9a-f]{16}_[0-9a-f]{64}$/);
    const p = parseApiKey(k.token)!;
    expect(p.id).toBe(k.id);
    expect(secretMatches(p.secret, k.salt, k.hash)).toBe(true);
    expect(secretMatches(p.secret.replace(/^./, (c) => (c === '0' ? '1' : '0')), k.salt, k.hash)).toBe(false);
    expect(k.hash).not.toContain(p.secret);
    expect(mintApiKey().salt).not.toBe(k.salt);
    for (const bad of ['sbx_abc', `svck_${k.id}`, `svck_${k.id}_${p.secret}x`, k.token.toUpperCase()]) expect(parseApiKey(bad)).toBeNull();
  });
});

describe('signed email tokens', () => {
  it('round-trip; any tampering or another secret is refused', () => {
    const claim = { accountId: 'acct_1', email: 'a@b.io', expiresAt: 123 };
    const tok = signEmailToken(claim, 's3cret');
    expect(readEmailToken(tok, 's3cret')).toEqual(claim);
    expect(readEmailToken(tok, 'other')).toBeNull();
    const [payload, sig] = tok.slice(5).split('.');
    const forged = Buffer.from(JSON.stringify({ a: 'acct_2', e: 'a@b.io', x: 123 })).toString('base64url');
    expect(readEmailToken(`svce_${forged}.${sig}`, 's3cret')).toBeNull();
    expect(readEmailToken(`svce_${payload}.${sig}.x`, 's3cret')).toBeNull();
    expect(readEmailToken(`svce_${payload}`, 's3cret')).toBeNull();
    expect(readEmailToken('nope', 's3cret')).toBeNull();
    // Base64 padding bits: the last character has spellings that decode to the same bytes; only one is accepted.
    const last = sig.at(-1)!;
    const twin = 'AEIMQUYcgkosw048'.includes(last) ? String.fromCharCode(last.charCodeAt(0) + 1) : null;
    if (twin) expect(readEmailToken(`svce_${payload}.${sig.slice(0, -1)}${twin}`, 's3cret')).toBeNull();
  });
});

describe('settings and helpers', () => {
  it('access limits: override, then environment, then default; malformed values fail loudly', () => {
    expect(resolveAccessLimits({}, {})).toEqual(DEFAULT_ACCESS_LIMITS);
    const r = resolveAccessLimits({ keyRatePerMinute: 7 }, { SVC_FREE_DAILY_UNITS: '10', SVC_KEY_RATE_PER_MINUTE: '99', SVC_RESULT_CACHE_BYTES: '0' });
    expect(r).toMatchObject({ freeDailyUnits: 10, keyRatePerMinute: 7, resultCacheBytes: 0 });
    expect(() => resolveAccessLimits({}, { SVC_FREE_DAILY_UNITS: '0' })).toThrow(/SVC_FREE_DAILY_UNITS/);
    expect(() => resolveAccessLimits({}, { SVC_SANDBOX_GRACE_SECONDS: '-1' })).toThrow(/SVC_SANDBOX_GRACE_SECONDS/);
    expect(() => resolveAccessLimits({}, { SVC_COMPUTE_RATE_LIMIT: '1.5' })).toThrow(/SVC_COMPUTE_RATE_LIMIT/);
  });

  it('emails are trimmed and lower-cased; junk is refused', () => {
    expect(normalizeEmail('  Ada@Example.COM ')).toBe('ada@example.com');
    for (const bad of ['ada', 'ada@', '@x.io', 'a b@x.io', 'a@x', `${'a'.repeat(250)}@x.io`, 7]) expect(() => normalizeEmail(bad)).toThrow(/email/);
  });

  it('usage_alert levels: none up to 50 %, notice, warning from 80 %, critical from 95 %', () => {
    const lv = (used: number) => usageAlert(used, 1000, 0)?.level;
    expect([500, 501, 799, 800, 949, 950, 1000].map(lv)).toEqual([undefined, 'notice', 'notice', 'warning', 'warning', 'critical', 'critical']);
    expect(usageAlert(800, 1000, Date.UTC(2026, 10, 2, 5))).toMatchObject({ used_pct: 80, compute_units_left: 200 });
    expect(usageAlert(800, 1000, Date.UTC(2026, 10, 2, 5))?.message).toContain('2026-11-03T00:00:00.000Z');
  });

  it('request fingerprints follow the JSON value', () => {
    expect(requestFingerprint({ a: 1, b: [1, 2] })).toBe(requestFingerprint(JSON.parse('{ "a": 1, "b": [1,2] }')));
    expect(requestFingerprint({ a: 1 })).not.toBe(requestFingerprint({ a: 2 }));
  });
});
