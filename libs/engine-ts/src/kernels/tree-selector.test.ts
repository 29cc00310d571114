import { describe, expect, it } from 'vitest';
import { Prng } from '../prng';
import { BucketSelector, bucketKeys } from './bucket-selector';
import { selectByScan } from './move-scan';
import { TreeSelector } from './tree-selector';

/** Deltas in [−4, 4]: 9 bucket keys. */
const KEYS = 9;
const selectors = [
  ['TreeSelector', (n: number, ring: number) => new TreeSelector(n, ring)],
  ['BucketSelector', (n: number, ring: number) => new BucketSelector(n, ring, KEYS)],
] as const;

const EXCLUDED = 0x7fffffff;

describe.each(selectors)('%s', (_name, make) => {
  it('makes the scan choice under tabu, aspiration and expiry', () => {
    const rng = new Prng(12);
    for (let trial = 0; trial < 60; trial++) {
      const n = 1 + rng.nextInt(trial < 50 ? 50 : 2000);
      const ring = 9;
      const delta = Float64Array.from({ length: n }, () => rng.nextInt(9) - 4);
      const until = new Int32Array(n);
      const sel = make(n, ring);
      sel.reset(delta);
      for (let moves = 0; moves < 200; moves++) {
        sel.expire(moves, delta);
        const r = rng.nextInt(n);
        const aspire = rng.nextInt(3) === 0 ? -Infinity : rng.nextInt(9) - 5;
        const want = selectByScan(delta, until, r, moves, aspire);
        const got = sel.select(r, aspire);
        expect(got).toBe(want);
        const v = got >= 0 ? got : r;
        for (let k = 0; k < 3; k++) {
          const u = rng.nextInt(n);
          delta[u] = rng.nextInt(9) - 4;
          sel.update(u, delta[u]);
        }
        until[v] = moves + 1 + rng.nextInt(ring - 1);
        sel.makeTabu(v, until[v], delta[v]);
      }
    }
  });

  it('restricted to a set and with exclusions, still the scan choice (path relinking)', () => {
    const rng = new Prng(17);
    let checked = 0;
    for (let trial = 0; trial < 200; trial++) {
      const n = 1 + rng.nextInt(40);
      const delta = Float64Array.from({ length: n }, () => rng.nextInt(7) - 3);
      const mask = Uint8Array.from({ length: n }, () => (rng.nextInt(3) !== 0 ? 1 : 0));
      const sel = make(n, 8);
      sel.restrict(delta, mask);
      for (let step = 0; step < n; step++) {
        const until = Int32Array.from(mask, (b) => (b !== 0 ? 0 : EXCLUDED));
        const r = rng.nextInt(n);
        const got = sel.select(r, -Infinity);
        expect(got).toBe(selectByScan(delta, until, r, 0, -Infinity));
        checked++;
        if (got < 0) break;
        mask[got] = 0;
        sel.exclude(got);
        const u = rng.nextInt(n);
        delta[u] = rng.nextInt(7) - 3;
        sel.update(u, delta[u]);
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});

describe('bucketKeys', () => {
  it('sizes the buckets from the exact delta range of an integral model, and refuses the rest', () => {
    // Max-cut reduction of a unit triangle: h = −2, W = 2, f_i in [−2, 2]: keys 5.
    const offsets = [0, 2, 4, 6];
    const w = [2, 2, 2, 2, 2, 2];
    expect(bucketKeys(3, [-2, -2, -2], offsets, w)).toBe(5);
    expect(bucketKeys(3, [-2, -2.5, -2], offsets, w)).toBe(0);
    expect(bucketKeys(3, [-2, -2, -2], offsets, [2, 2, 2, 2, 2, 0.5])).toBe(0);
    // A huge range would need more memory than the input: refused.
    expect(bucketKeys(3, [-1e6, 0, 0], offsets, w)).toBe(0);
  });
});
