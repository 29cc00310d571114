import { describe, expect, it } from 'vitest';
import { ElitePool } from './elite-pool';

const u8 = (a: number[]) => Uint8Array.from(a);

describe('ElitePool', () => {
  it('keeps distinct members, counts a cut and its mirror once, replaces the worst', () => {
    const pool = new ElitePool(4, 2, true);
    expect(pool.offer(u8([0, 1, 1, 0]), -3, 1e-9)).toBe(true);
    expect(pool.offer(u8([1, 0, 0, 1]), -3, 1e-9)).toBe(false); // the mirror image
    expect(pool.offer(u8([1, 1, 0, 1]), -1, 1e-9)).toBe(true);
    expect(Array.from(pool.member(1))).toEqual([0, 0, 1, 0]); // stored normalised
    expect(pool.size).toBe(2);
    expect(pool.offer(u8([1, 1, 1, 0]), -1, 1e-9)).toBe(false); // not better than the worst
    expect(pool.offer(u8([1, 1, 1, 0]), -5, 1e-9)).toBe(true); // replaces the worst
    expect(pool.energy(1)).toBe(-5);
    pool.keepBest();
    expect(pool.size).toBe(1);
    expect(pool.energy(0)).toBe(-5);
    expect(Array.from(pool.member(0))).toEqual([1, 1, 1, 0]);
    expect(pool.offer(u8([0, 1, 1, 0]), -3, 1e-9)).toBe(true); // room again after the shrink
    expect(pool.size).toBe(2);
  });

  it('without symmetry a point and its complement are different members', () => {
    const pool = new ElitePool(3, 3, false);
    expect(pool.offer(u8([1, 0, 1]), 0, 0)).toBe(true);
    expect(pool.offer(u8([0, 1, 0]), 0, 0)).toBe(true);
    expect(pool.offer(u8([1, 0, 1]), -1, 0)).toBe(false);
  });

  it('stores copies', () => {
    const pool = new ElitePool(3, 2, false);
    const x = u8([1, 1, 0]);
    pool.offer(x, 0, 0);
    x[0] = 0;
    expect(Array.from(pool.member(0))).toEqual([1, 1, 0]);
  });
});
