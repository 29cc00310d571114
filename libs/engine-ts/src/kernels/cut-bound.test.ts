import { describe, expect, it } from 'vitest';
import { canonicalMaxcut } from '../families/qubo/canonical';
import { bruteForce, plantedBipartiteMaxcut, randomMaxcut, type WeightKind } from '../families/qubo/testing';
import { cutCycleBound } from './cut-bound';
import { Limits } from './model';
import { maxcutModel } from '../families/qubo/model';

describe('max-cut cycle-parity bound', () => {
  it('is never below the maximum cut (300 random graphs, n <= 16)', { timeout: 60_000 }, () => {
    const kinds: WeightKind[] = ['unit', 'pm1', 'int', 'real'];
    let tighter = 0;
    for (let s = 0; s < 300; s++) {
      const n = 2 + (s % 15);
      const p = randomMaxcut(51_000 + s, n, { density: [0.2, 0.5, 0.9][s % 3], weights: kinds[s % 4] });
      const m = maxcutModel(p);
      const b = cutCycleBound(p.n, m.adj, 0.5, 1e12);
      const best = bruteForce(p).objective;
      expect(b.bound).toBeGreaterThanOrEqual(best - 1e-9 * (1 + Math.abs(best)));
      expect(b.bound).toBeLessThanOrEqual(b.positive);
      if (b.bound < b.positive) tighter++;
      // Cut short, fewer cycles: still a bound, never a better one.
      expect(cutCycleBound(p.n, m.adj, 0.5, 3).bound).toBeGreaterThanOrEqual(b.bound);
    }
    expect(tighter).toBeGreaterThan(150);
  });

  it('stops when a limit fires (no cycles: the sum of positive weights)', () => {
    const flag = new Int32Array(new SharedArrayBuffer(4));
    flag[0] = 1;
    const p = randomMaxcut(52_000, 40, { density: 0.5 });
    const b = cutCycleBound(40, maxcutModel(p).adj, 0.5, 1e12, new Limits(flag, Infinity));
    expect(b.cycles).toBe(0);
    expect(b.bound).toBe(b.positive);
  });

  it('knows triangles and frustrated squares, and leaves bipartite graphs alone', () => {
    const tri = canonicalMaxcut(3, [[0, 1, 1], [1, 2, 1], [0, 2, 1]], false);
    expect(cutCycleBound(3, maxcutModel(tri).adj, 0.5, 1e6)).toMatchObject({ bound: 2, positive: 3, cycles: 1 });
    const sq = canonicalMaxcut(4, [[0, 1, 1], [1, 2, 1], [2, 3, -1], [0, 3, 1]], false);
    expect(cutCycleBound(4, maxcutModel(sq).adj, 0.5, 1e6).bound).toBe(2);
    const { problem, optimum } = plantedBipartiteMaxcut(3, 60, 3);
    expect(cutCycleBound(60, maxcutModel(problem).adj, 0.5, 1e9).bound).toBe(optimum);
  });
});
