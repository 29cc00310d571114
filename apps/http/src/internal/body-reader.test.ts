import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Readable } from 'node:stream';
import { assertUtf8ContentType, firstInvalidUtf8, readBody } from './body-reader';

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

describe('readBody', () => {
  /** A stream of `body` in chunks of random sizes. */
  const streamOf = (body: Buffer, r: () => number) => {
    const parts: Buffer[] = [];
    for (let at = 0; at < body.length;) {
      const n = 1 + Math.floor(r() * 40_000);
      parts.push(body.subarray(at, at + n));
      at += n;
    }
    return Readable.from(parts, { objectMode: false });
  };
  const caps = { plan: 10_000_000, absolute: 20_000_000, sandbox: false };

  it('reads the same bytes whatever the declared length says, into a buffer of its own when it matches', async () => {
    let seed = 7;
    const r = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (const size of [0, 10, 70_000, 300_001]) {
      const body = Buffer.from(Array.from({ length: size }, () => Math.floor(r() * 256)));
      for (const declared of [undefined, size, size + 5, Math.max(0, size - 5)]) {
        const got = await readBody(streamOf(body, r), caps as never, declared);
        expect(got.equals(body)).toBe(true);
        if (declared === size && size >= 65_536) expect(got.byteOffset === 0 && got.byteLength === got.buffer.byteLength).toBe(true);
      }
    }
  });

  it('refuses past the cap whatever was declared', async () => {
    const body = Buffer.alloc(200_000, 0x20);
    await expect(readBody(streamOf(body, Math.random), { plan: 100_000, absolute: 150_000, sandbox: false } as never, 90_000)).rejects.toThrow();
  });
});
