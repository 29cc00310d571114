import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { assertUtf8ContentType, firstInvalidUtf8 } from './body-reader';

/** The reference: the WHATWG decoder in fatal mode accepts exactly well-formed UTF-8. */
const wellFormed = (b: Uint8Array): boolean => {
  try {
    new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(b);
    return true;
  } catch {
    return false;
  }
};

describe('firstInvalidUtf8', () => {
  it('finds nothing in any encoded string', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (s) => firstInvalidUtf8(Buffer.from(s, 'utf8')) === -1), { numRuns: 500 });
  });

  it('agrees with the fatal decoder on random bytes, and the prefix before the offset is well formed', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 24 }), (b) => {
        const at = firstInvalidUtf8(b);
        expect(at === -1).toBe(wellFormed(b));
        if (at >= 0) expect(wellFormed(b.subarray(0, at))).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('names the offending byte of overlongs, surrogates, out-of-range and truncated sequences', () => {
    expect(firstInvalidUtf8(Uint8Array.from([0x61, 0xc0, 0xaf]))).toBe(1);
    expect(firstInvalidUtf8(Uint8Array.from([0x61, 0x62, 0xed, 0xa0, 0x80]))).toBe(2);
    expect(firstInvalidUtf8(Uint8Array.from([0xf4, 0x90, 0x80, 0x80]))).toBe(0);
    expect(firstInvalidUtf8(Uint8Array.from([0x61, 0xe2, 0x82]))).toBe(1);
    expect(firstInvalidUtf8(Uint8Array.from([0xf0, 0x9f, 0x98, 0x80]))).toBe(-1);
  });
});

describe('assertUtf8ContentType', () => {
  it('accepts no charset and UTF-8 spellings; refuses others', () => {
    for (const ok of [undefined, 'application/json', 'application/json; charset=utf-8', 'application/json;charset="UTF-8"', 'application/json; charset=utf8', 'application/json; charset=US-ASCII']) {
      expect(() => assertUtf8ContentType(ok)).not.toThrow();
    }
    for (const bad of ['application/json; charset=latin1', 'application/json; charset=iso-8859-15', 'application/json; charset="utf-16le"']) {
      expect(() => assertUtf8ContentType(bad)).toThrow(/UTF-8/);
    }
  });
});
