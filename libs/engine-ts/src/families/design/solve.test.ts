import { describe, expect, it } from 'vitest';
import { newCancelSignal, type Effort } from '../../engine';
import { bruteDesign, naiveDesignEnergy, randomDesign } from './testing';
import { canonicalDesign, type DesignInput } from './canonical';
import { evaluateDesign } from './evaluate';
import { solveDesign } from './solve';

const solve = (d: DesignInput, effort: Effort = 'medium', seed = 0, extra: { deadlineMs?: number } = {}) =>
  solveDesign({ command: 'design', problem: canonicalDesign(d), effort, seed, ...extra });
const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * (1 + Math.abs(b));
const EFFORTS: Effort[] = ['flash', 'medium', 'high'];

/** An independent tree DP (recursive, from the request fields) for trees too big to enumerate. */
function treeOptimum(d: DesignInput): number {
  const nbrs: number[][] = Array.from({ length: d.L }, () => []);
  for (const [i, j] of d.bonds ?? []) {
    nbrs[i].push(j);
    nbrs[j].push(i);
  }
  const cost = (a: number, b: number) => (d.table ? d.table[a][b] : naiveDesignEnergy({ ...d, bias: [], bonds: [[0, 1]] }, [a, b]));
  const f = (s: number, parent: number): number[] => {
    const row = new Array<number>(d.K).fill(0);
    for (const [t, v, w] of d.bias ?? []) if (t === s) row[v] += w;
    for (const c of nbrs[s]) {
      if (c === parent) continue;
      const g = f(c, s);
      for (let a = 0; a < d.K; a++) row[a] += Math.min(...g.map((gb, b) => cost(a, b) + gb));
    }
    return row;
  };
  return Math.min(...f(0, -1));
}

describe('design', () => {
  it('certifies the brute-force optimum on 240 random instances (general graphs, tables of any sign, circular, no coupling, repeated bonds)', () => {
    for (let s = 0; s < 240; s++) {
      const K = 1 + (s % 4);
      const L = 1 + (s % (K <= 2 ? 9 : K === 3 ? 7 : 6));
      const d = randomDesign(s, L, K);
      const r = solve(d, EFFORTS[s % 3], s);
      expect(r.proof, `seed ${s}`).not.toBeNull();
      expect(close(r.objective, bruteDesign(d)), `seed ${s}: ${r.objective} vs ${bruteDesign(d)}`).toBe(true);
      expect(close(naiveDesignEnergy(d, r.answer), r.objective)).toBe(true);
    }
  });

  it('trees and chains are certified by dynamic programming (brute force for small, an independent DP for large)', () => {
    for (let s = 0; s < 60; s++) {
      const small = s % 2 === 0;
      const K = 2 + (s % 4);
      const L = small ? 2 + (s % 6) : 50 + s * 3;
      const d = randomDesign(1000 + s, L, K, s % 3 === 0 ? 'chain' : 'tree');
      const r = solve(d, 'flash', s);
      expect(r.proof, `seed ${s}`).toBe(d.table === undefined && d.circular === undefined ? 'exhaustive' : 'dynamic_program');
      expect(close(r.objective, small ? bruteDesign(d) : treeOptimum(d)), `seed ${s}`).toBe(true);
      expect(close(naiveDesignEnergy(d, r.answer), r.objective)).toBe(true);
    }
  });

  it('a chain of 200,000 sites is certified by dynamic programming', () => {
    const d = randomDesign(7, 200_000, 3, 'chain');
    const r = solve(d, 'flash');
    expect(r.proof).toBe('dynamic_program');
    expect(close(naiveDesignEnergy(d, r.answer), r.objective)).toBe(true);
  });

  it('colourings: an odd cycle needs 3 colours, the Petersen graph 3, K4 has one clash at 3', () => {
    const table = (K: number) => Array.from({ length: K }, (_, a) => Array.from({ length: K }, (_, b) => (a === b ? 1 : 0)));
    const cycle = Array.from({ length: 7 }, (_, i) => [i, (i + 1) % 7] as [number, number]);
    expect(solve({ L: 7, K: 2, table: table(2), bonds: cycle }).objective).toBe(1);
    const three = solve({ L: 7, K: 3, table: table(3), bonds: cycle });
    expect([three.objective, three.proof]).toEqual([0, 'branch_and_bound']);
    const petersen: [number, number][] = [];
    for (let i = 0; i < 5; i++) petersen.push([i, (i + 1) % 5], [i, i + 5], [5 + i, 5 + ((i + 2) % 5)]);
    const p3 = solve({ L: 10, K: 3, table: table(3), bonds: petersen }, 'flash');
    expect([p3.objective, p3.proof]).toEqual([0, 'branch_and_bound']);
    const k4: [number, number][] = [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]];
    const r = solve({ L: 4, K: 3, table: table(3), bonds: k4 });
    expect([r.objective, r.proof]).toEqual([1, 'branch_and_bound']);
  });

  it('random colourings beyond branch and bound: valid answers, a bound below, certified when proper', () => {
    for (let s = 0; s < 6; s++) {
      const d = randomDesign(50 + s, 60, 8 + s, 'colouring');
      const r = solve(d, 'flash', s);
      expect(close(naiveDesignEnergy(d, r.answer), r.objective)).toBe(true);
      if (r.objective === 0) expect(r.proof).toBe('branch_and_bound');
      else {
        expect(r.proof).toBeNull();
        expect(r.bound).toBe(0);
      }
    }
  });

  it('heuristic answers of general instances carry a bound at or below the energy', () => {
    for (let s = 0; s < 4; s++) {
      const d = randomDesign(300 + s, 80, 3 + (s % 3));
      const r = solve(d, 'flash', s);
      expect(close(evaluateDesign(canonicalDesign(d), r.answer), r.objective)).toBe(true);
      if (r.proof === null) expect(r.bound!).toBeLessThanOrEqual(r.objective + 1e-9);
    }
  }, 60_000);

  it('is deterministic for a seed, and a cancel keeps a valid answer', () => {
    const d = randomDesign(9, 120, 5, 'colouring');
    const a = solve(d, 'flash', 3);
    const b = solve(d, 'flash', 3);
    expect(Array.from(a.answer)).toEqual(Array.from(b.answer));
    const signal = newCancelSignal();
    Atomics.store(signal.flag, 0, 1);
    const c = solveDesign({ command: 'design', problem: canonicalDesign(d), effort: 'high', seed: 0 }, signal);
    expect(c.stoppedAtDeadline).toBe(true);
    expect(c.proof).toBeNull();
    expect(close(naiveDesignEnergy(d, c.answer), c.objective)).toBe(true);
  });

  it('a million values on a cycle (circular coupling) is searched without a site × value table', () => {
    const d: DesignInput = { L: 10, K: 1_000_000, circular: { j: 5 }, bias: [[0, 7, -3]], bonds: Array.from({ length: 10 }, (_, i) => [i, (i + 1) % 10] as [number, number]) };
    const r = solve(d, 'flash');
    expect(close(naiveDesignEnergy(d, r.answer), r.objective)).toBe(true);
    // All sites on one value is the optimum (−5 per bond, −3 for the bias): the sweeps find it and the bound proves it.
    expect([r.objective, r.proof]).toEqual([-53, 'branch_and_bound']);
  }, 60_000);

  // round(−cos(2πd/K)) with halves rounded up, written by hand from the cosines (j = 1): the halves
  // fall at K = 3, 6, 9, 12 (cos 2π/3 = −½ gives ½ → 1; cos π/3 = ½ gives −½ → 0).
  const CIRCULAR_J1: Record<number, number[]> = {
    3: [-1, 1, 1],
    4: [-1, 0, 1, 0],
    5: [-1, 0, 1, 1, 0],
    6: [-1, 0, 1, 1, 1, 0],
    7: [-1, -1, 0, 1, 1, 0, -1],
    8: [-1, -1, 0, 1, 1, 1, 0, -1],
    9: [-1, -1, 0, 1, 1, 1, 1, 0, -1],
    10: [-1, -1, 0, 0, 1, 1, 1, 0, 0, -1],
    11: [-1, -1, 0, 0, 1, 1, 1, 1, 0, 0, -1],
    12: [-1, -1, 0, 0, 1, 1, 1, 1, 1, 0, 0, -1],
  };
  for (let K = 3; K <= 12; K++) {
    it(`circular table at K = ${K} rounds exact halves up (hand-written table)`, () => {
      expect(Array.from(canonicalDesign({ L: 2, K, bonds: [[0, 1]], circular: { j: 1 } }).cells)).toEqual(CIRCULAR_J1[K]);
      // j·scale = 3 and j = −1 move the halves: ±1.5 → 2 / −1, −½ → 0.
      const j3 = Array.from(canonicalDesign({ L: 2, K, circular: { j: 1, scale: 3 } }).cells);
      const neg = Array.from(canonicalDesign({ L: 2, K, circular: { j: -1 } }).cells);
      for (let d = 0; d < K; d++) {
        const e = Math.min(d, K - d);
        if (3 * e === K) expect([j3[d], neg[d]]).toEqual([2, 0]);
        if (6 * e === K) expect([j3[d], neg[d]]).toEqual([-1, 1]);
      }
    });
  }

  it('the issue\'s two cells at K = 3: [0, 1] costs 1 on the bond, −19 in all', () => {
    const r = solve({ L: 2, K: 3, circular: { j: 1 }, bonds: [[0, 1]], bias: [[0, 0, -10], [1, 1, -10]] });
    expect([r.objective, r.proof]).toEqual([-19, 'dynamic_program']);
  });

  it('canonical form: duplicate bias summed, bonds merged both ways, circular symmetric in integers', () => {
    const p = canonicalDesign({ L: 3, K: 5, bias: [[1, 2, 1], [1, 2, 0.5], [0, 4, -1]], bonds: [[0, 1], [1, 0], [2, 1]], circular: { j: 3 } });
    expect(Array.from(p.biasStart)).toEqual([0, 1, 2, 2]);
    expect(Array.from(p.biasEnergy)).toEqual([-1, 1.5]);
    expect([Array.from(p.bondI), Array.from(p.bondJ), Array.from(p.bondMult)]).toEqual([[0, 1], [1, 2], [2, 1]]);
    expect(Array.from(p.cells)).toEqual([-3, -1, 2, 2, -1]);
    expect(solve({ L: 2, K: 5, bonds: [[0, 1]], circular: { j: 3 } }).objective).toBe(-3);
  });
});
