import { describe, expect, it } from 'vitest';
import { Prng, shuffleInPlace } from './prng';

/** Golden streams, cross-checked against a plain C implementation (uint32_t arithmetic). */
const GOLDEN: Record<number, number[]> = {
  0: [3809008728, 1133695204, 53579671, 2891528803, 139681546, 2203266335, 104831812, 1587294886],
  12345: [518667457, 440444462, 4232892992, 3757857622, 3939018813, 1334683535, 3795058715, 2092637810],
  4294967295: [835879718, 1921286648, 2356205009, 1885780724, 980451116, 1053911718, 3677392737, 2464361898],
};

describe('Prng (xoshiro128** seeded by splitmix32)', () => {
  it('reproduces the golden first 8 outputs', () => {
    for (const [seed, want] of Object.entries(GOLDEN)) {
      const r = new Prng(Number(seed));
      expect(Array.from({ length: 8 }, () => r.nextU32())).toEqual(want);
    }
  });

  it('uses only the low 32 bits of the seed', () => {
    const a = new Prng(2 ** 32 + 12345);
    const b = new Prng(12345);
    expect(a.nextU32()).toBe(b.nextU32());
    expect(new Prng(-1).nextU32()).toBe(GOLDEN[4294967295][0]);
  });

  it('nextInt follows the documented rejection method (golden values)', () => {
    const r = new Prng(7);
    expect(Array.from({ length: 8 }, () => r.nextInt(1000))).toEqual([400, 487, 449, 228, 727, 169, 377, 114]);
    expect(Array.from({ length: 4 }, () => r.nextInt(3000000000))).toEqual([627243488, 2427073810, 1397778264, 1437896328]);
  });

  it('nextInt(1) is 0 and still advances the stream; bad bounds throw', () => {
    const a = new Prng(1);
    const b = new Prng(1);
    expect(a.nextInt(1)).toBe(0);
    b.nextU32();
    expect(a.nextU32()).toBe(b.nextU32());
    expect(() => a.nextInt(0)).toThrow(RangeError);
    expect(() => a.nextInt(1.5)).toThrow(RangeError);
    expect(() => a.nextInt(2 ** 32)).toThrow(RangeError);
  });

  it('nextFloat is nextU32 / 2^32 in [0, 1)', () => {
    const a = new Prng(99);
    const b = new Prng(99);
    for (let k = 0; k < 1000; k++) {
      const f = a.nextFloat();
      expect(f).toBe(b.nextU32() / 4294967296);
      expect(f >= 0 && f < 1).toBe(true);
    }
  });

  it('nextInt is roughly uniform (chi-square over 10 buckets)', () => {
    const r = new Prng(2024);
    const counts = new Array(10).fill(0);
    const draws = 100000;
    for (let k = 0; k < draws; k++) counts[r.nextInt(10)]++;
    const expected = draws / 10;
    const chi2 = counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
    // 9 degrees of freedom: 27.9 is the 0.1% critical value.
    expect(chi2).toBeLessThan(27.9);
  });

  it('shuffleInPlace gives a deterministic permutation', () => {
    const a = shuffleInPlace(Int32Array.from({ length: 50 }, (_, i) => i), new Prng(5));
    const b = shuffleInPlace(Int32Array.from({ length: 50 }, (_, i) => i), new Prng(5));
    expect(Array.from(a)).toEqual(Array.from(b));
    expect(Array.from(a).sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(Array.from(a)).not.toEqual(Array.from({ length: 50 }, (_, i) => i));
  });
});
