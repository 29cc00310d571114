/**
 * The result cache's entry cap (RESULT_CACHE_MAX_ENTRY_CHARS): `jsonLengthExceeds` never says
 * "longer" of a value whose JSON is not, on random values against JSON.stringify; an answer over
 * the cap is not stored, one under it is.
 */
import { describe, expect, it } from 'vitest';
import { openSqliteStore } from '@svc/store';
import { DEFAULT_ACCESS_LIMITS } from './limits/access-limits';
import { createResultCache, jsonLengthExceeds, RESULT_CACHE_MAX_ENTRY_CHARS, type CachedSolve } from './result-cache';

function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

const PLAIN = 'abcdefghijklmnopqrstuvwxyz0123456789 _-.';
const ANY = PLAIN + '"\\\n\t\u0001é€😀';

/** A random JSON-able value; `plain`: whole numbers below 1e21, ASCII strings without escapes, no empty containers (its count is then exact). */
function randomValue(r: () => number, depth: number, plain: boolean): unknown {
  const pick = r();
  const text = (alphabet: string) => Array.from({ length: Math.floor(r() * 12) }, () => alphabet[Math.floor(r() * alphabet.length)]).join('');
  if (depth <= 0 || pick < 0.35) {
    const k = Math.floor(r() * 6);
    if (k === 0) return Math.floor(r() * 2e6) - 1e6;
    // A fraction is counted as 3 characters: exact only for whole numbers.
    if (k === 1) return plain ? Math.floor((r() - 0.5) * 10 ** Math.floor(r() * 20)) : (r() - 0.5) * 10 ** Math.floor(r() * 30 - 10);
    if (k === 2) return text(plain ? PLAIN : ANY);
    if (k === 3) return r() < 0.5;
    if (k === 4) return null;
    return plain ? 10 ** Math.floor(r() * 21) : [Number.NaN, undefined, Number.POSITIVE_INFINITY][Math.floor(r() * 3)];
  }
  const size = (plain ? 1 : 0) + Math.floor(r() * 5);
  if (pick < 0.65) return Array.from({ length: size }, () => randomValue(r, depth - 1, plain));
  const o: Record<string, unknown> = {};
  for (let i = 0; i < size; i++) o[`${text(plain ? PLAIN : ANY)}${i}`] = randomValue(r, depth - 1, plain);
  if (!plain && r() < 0.2) o.skipped = undefined;
  return o;
}

describe('jsonLengthExceeds', () => {
  it('never overstates: true only when JSON.stringify is longer than the limit (random values, escapes, empty containers)', () => {
    const r = lcg(36);
    for (let t = 0; t < 3000; t++) {
      const v = randomValue(r, 5, false);
      const real = (JSON.stringify(v) ?? '').length;
      for (const limit of [0, real >> 1, real - 1, real, real + 1]) {
        if (jsonLengthExceeds(v, limit)) expect(real).toBeGreaterThan(limit);
      }
      expect(jsonLengthExceeds(v, real)).toBe(false);
    }
  });

  it('counts a value of whole numbers without escapes or empty containers exactly', () => {
    const r = lcg(7);
    for (let t = 0; t < 3000; t++) {
      const v = randomValue(r, 5, true);
      const real = JSON.stringify(v).length;
      expect(jsonLengthExceeds(v, real - 1)).toBe(true);
      expect(jsonLengthExceeds(v, real)).toBe(false);
    }
  });
});

describe('the result cache', () => {
  it('keeps an answer up to the cap and not one past it', async () => {
    const store = await openSqliteStore({ fileName: ':memory:' });
    try {
      const cache = createResultCache({ store, clock: () => 0, limits: DEFAULT_ACCESS_LIMITS });
      const entry = (chars: number): CachedSolve => ({ fields: { answer: 'x'.repeat(chars) }, certainty: 'c', proof: null, receipt: 'svcr_0' });
      const base = JSON.stringify(entry(0)).length;
      await cache.put('small', entry(RESULT_CACHE_MAX_ENTRY_CHARS - base));
      await cache.put('large', entry(RESULT_CACHE_MAX_ENTRY_CHARS - base + 1));
      // Over the cap only once escaped: caught after serialising.
      await cache.put('escaped', { ...entry(0), fields: { answer: '"'.repeat(RESULT_CACHE_MAX_ENTRY_CHARS / 2 + 1) } });
      expect((await cache.get('small'))?.fields.answer).toHaveLength(RESULT_CACHE_MAX_ENTRY_CHARS - base);
      expect(await cache.get('large')).toBeNull();
      expect(await cache.get('escaped')).toBeNull();
    } finally {
      await store.close();
    }
  });
});
