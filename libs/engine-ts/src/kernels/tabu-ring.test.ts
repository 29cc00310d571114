import { describe, expect, it } from 'vitest';
import { Prng } from '../prng';
import { TabuRing } from './tabu-ring';

describe('TabuRing', () => {
  it('hands back exactly the variables due at each move, after pushes, renewals and clears', () => {
    const rng = new Prng(3);
    let taken = 0;
    for (let trial = 0; trial < 30; trial++) {
      const n = 1 + rng.nextInt(60);
      const ring = 2 + rng.nextInt(12);
      const ringSet = new TabuRing(n, ring);
      // The naive schedule: until per variable, −1 when not tabu.
      const until = new Int32Array(n).fill(-1);
      for (let moves = 0; moves < 300; moves++) {
        if (rng.nextInt(100) === 0) {
          ringSet.clear();
          until.fill(-1);
        }
        const due: number[] = [];
        for (let v = ringSet.take(moves); v >= 0; v = ringSet.after(v)) due.push(v);
        const want: number[] = [];
        for (let v = 0; v < n; v++) if (until[v] === moves) want.push(v);
        expect(due.sort((a, b) => a - b)).toEqual(want);
        for (const v of want) until[v] = -1;
        taken += want.length;
        // A few variables become tabu, or have their tenure renewed (unlink, push again).
        for (let k = rng.nextInt(4); k > 0; k--) {
          const v = rng.nextInt(n);
          if (until[v] >= 0) ringSet.unlink(v);
          until[v] = moves + 1 + rng.nextInt(ring - 1);
          ringSet.push(v, until[v]);
        }
      }
    }
    expect(taken).toBeGreaterThan(1000);
  });
});
