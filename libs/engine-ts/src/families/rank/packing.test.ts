import { describe, expect, it } from 'vitest';
import { solveSync } from '../../index';
import { canonicalRank } from './canonical';
import { evaluateRank, pairwiseMinimum } from './evaluate';
import { packTriangles, PACK_UNIT } from './packing';
import { packTrianglesLp } from './packing-lp';
import type { RankProblem } from './problem';
import { election } from './testing';

/** Fewest disagreements over every order (n ≤ 8). */
function brute(p: RankProblem): number {
  const perm = Array.from({ length: p.n }, (_, i) => i);
  let best = Infinity;
  const rec = (k: number): void => {
    if (k === p.n) {
      best = Math.min(best, evaluateRank(p, perm));
      return;
    }
    for (let i = k; i < p.n; i++) {
      [perm[k], perm[i]] = [perm[i], perm[k]];
      rec(k + 1);
      [perm[k], perm[i]] = [perm[i], perm[k]];
    }
  };
  rec(0);
  return best;
}

/** Σλ of a flat [i, j, k, λ] packing when every triangle is a majority 3-cycle and every arc's λ's fit its margin (tol: slack for floating LPs), else null. */
function validSum(p: RankProblem, flat: ArrayLike<number>, tol = 0): number | null {
  const n = p.n;
  const load = new Float64Array(n * n);
  let sum = 0;
  for (let t = 0; t < flat.length; t += 4) {
    const v = [flat[t], flat[t + 1], flat[t + 2]];
    if (!(flat[t + 3] >= 0) || new Set(v).size !== 3) return null;
    for (let m = 0; m < 3; m++) {
      const a = v[m], b = v[(m + 1) % 3];
      const margin = p.wins[a * n + b] - p.wins[b * n + a];
      if (!(margin > 0)) return null;
      load[a * n + b] += flat[t + 3];
      if (load[a * n + b] > margin + tol) return null;
    }
    sum += flat[t + 3];
  }
  return sum;
}

describe('rank triangle packings', () => {
  it('the greedy packing and the packing LP are valid and below the brute-force optimum; the LP is at least the greedy', () => {
    let packed = 0;
    for (let s = 0; s < 200; s++) {
      const n = 3 + (s % 6);
      const p = election(500 + s, n, 2 * n + (s % 13) * Math.ceil(n / 2), 0.3 + (s % 5) * 0.05);
      const opt = brute(p);
      const base = pairwiseMinimum(p);
      const g = packTriangles(p.wins, n);
      const flat = g.triangles.map((x, k) => (k % 4 === 3 ? x / PACK_UNIT : x));
      const gs = validSum(p, flat);
      expect(gs, `seed ${s}`).not.toBeNull();
      expect(gs! * PACK_UNIT).toBe(g.units);
      expect(base + Math.ceil(gs!), `seed ${s}`).toBeLessThanOrEqual(opt);
      const lp = packTrianglesLp(p.wins, n)!;
      const ls = validSum(p, lp.triangles, 1e-9);
      expect(ls, `seed ${s}`).not.toBeNull();
      expect(ls!, `seed ${s}`).toBeGreaterThanOrEqual(gs! - 1e-9);
      expect(base + ls!, `seed ${s}`).toBeLessThanOrEqual(opt + 1e-9);
      if (g.triangles.length > 0) packed++;
    }
    expect(packed).toBeGreaterThan(60);
  });

  it('seeds are cut to the margins; pairs the LP may not use are left out', () => {
    // a→b→c→a with margins 1, 2, 3.
    const p = canonicalRank(3, [[0, 1], [1, 2], [1, 2], [2, 0], [2, 0], [2, 0]]);
    expect(packTriangles(p.wins, 3, [0, 1, 2, 7]).triangles).toEqual([0, 1, 2, PACK_UNIT]);
    // 0→2 is no majority arc: the seed is dropped, the greedy pass takes the cycle.
    expect(packTriangles(p.wins, 3, [0, 2, 1, 7]).triangles).toEqual([0, 1, 2, PACK_UNIT]);
    expect(packTrianglesLp(p.wins, 3)!.triangles).toEqual([0, 1, 2, 1]);
    expect(packTrianglesLp(p.wins, 3, Infinity, (a, b) => a === 1 && b === 2)!.triangles).toEqual([]);
  });

  it('a solve exports a valid packing of its items, and a heuristic bound is what the packing proves on unproven components', () => {
    let heuristic = 0;
    for (let s = 0; s < 12; s++) {
      const n = [3, 6, 9, 14, 20, 30, 40, 60, 80, 100, 120, 150][s];
      const p = election(s, n, 8 * n, [0.45, 0.3, 0.1][s % 3]);
      const r = solveSync({ command: 'rank', problem: p, effort: 'flash', seed: s });
      if (r.kind !== 'permutation') throw new Error('not a permutation');
      const sum = validSum(p, r.triangles!);
      expect(sum, `n ${n}`).not.toBeNull();
      if (r.proof === null) {
        // Each component adds its optimum (proven) or its pairwise minimum + ⌈Σλ⌉ of its packing.
        expect(r.bound!, `n ${n}`).toBeGreaterThanOrEqual(Math.min(r.objective, pairwiseMinimum(p) + Math.ceil(sum!)));
        heuristic++;
      }
    }
    expect(heuristic).toBeGreaterThan(0);
  });
});
