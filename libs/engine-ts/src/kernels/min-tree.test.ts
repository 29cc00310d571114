import { describe, expect, it } from 'vitest';
import { Prng } from '../prng';
import { MinTree } from './min-tree';

describe('MinTree', () => {
  it('matches a naive scan under random updates', () => {
    const rng = new Prng(1);
    for (const n of [1, 2, 3, 7, 64, 100]) {
      const t = new MinTree(n);
      const keys = new Float64Array(n).fill(Infinity);
      t.setAll((i) => keys[i]);
      for (let step = 0; step < 2000; step++) {
        const i = rng.nextInt(n);
        keys[i] = rng.nextInt(5) === 0 ? Infinity : rng.nextInt(9) - 4;
        t.set(i, keys[i]);
        let mi = 0;
        for (let k = 1; k < n; k++) if (keys[k] < keys[mi]) mi = k;
        expect(t.minValue()).toBe(keys[mi]);
        if (keys[mi] < Infinity) expect(t.minIndex()).toBe(mi);
        const r = rng.nextInt(n);
        const th = rng.nextInt(9) - 4;
        let want = -1;
        for (let k = r; k < n; k++) if (keys[k] <= th) { want = k; break; }
        expect(t.firstAtMost(r, th)).toBe(want);
        expect(t.get(i)).toBe(keys[i]);
      }
    }
  });
});
