import { describe, expect, it } from 'vitest';
import { Prng } from '../../prng';
import { newCancelSignal, type Effort } from '../../engine';
import { canonicalRank } from './canonical';
import { evaluateRank, pairwiseMinimum } from './evaluate';
import { branchAndBound, majorityComponents, solveRank, subsetDp, type Work } from './solve';
import { Limits } from '../../kernels/model';
import { minOverPermutations } from '../../testing/permutations';
import type { RankProblem } from './problem';

/** Random votes: each of `votes` picks a pair and a winner, biased by a hidden order (noise). */
function randomVotes(seed: number, n: number, votes: number, noise: number): [number, number][] {
  const rng = new Prng(seed);
  const out: [number, number][] = [];
  if (n < 2) return out;
  for (let k = 0; k < votes; k++) {
    const a = rng.nextInt(n);
    let b = rng.nextInt(n - 1);
    if (b >= a) b++;
    const truth: [number, number] = a < b ? [a, b] : [b, a];
    out.push(rng.nextFloat() < noise ? [truth[1], truth[0]] : truth);
  }
  return out;
}

/** The optimum by trying every permutation (independent of the solver). */
function bruteForce(p: RankProblem): number {
  const n = p.n;
  return minOverPermutations(n, (perm) => {
    let d = 0;
    for (let s = 0; s < n; s++) for (let t = s + 1; t < n; t++) d += p.wins[perm[t] * n + perm[s]];
    return d;
  });
}

const solve = (p: RankProblem, effort: Effort = 'medium', seed = 0, extra: { deadlineMs?: number } = {}) =>
  solveRank({ command: 'rank', problem: p, effort, seed, ...extra });

describe('rank (Kemeny)', () => {
  it('certifies the brute-force optimum on 300 random vote sets (n ≤ 7), at every effort', () => {
    for (let s = 0; s < 300; s++) {
      const n = 1 + (s % 7);
      const p = canonicalRank(n, randomVotes(s, n, s % 5 === 0 ? 0 : 3 * n + (s % 11), 0.3 + (s % 4) * 0.1));
      const opt = bruteForce(p);
      const effort = (['flash', 'medium', 'high'] as const)[s % 3];
      const r = solve(p, effort, s);
      expect(r.proof, `seed ${s}`).not.toBeNull();
      expect(r.objective).toBe(opt);
      expect(evaluateRank(p, r.answer)).toBe(opt);
      expect(r.objective).toBeGreaterThanOrEqual(pairwiseMinimum(p));
    }
  });

  it('splits by the majority graph: a Condorcet order is found without search, components in order', () => {
    // 0 beats everyone, {1,2,3} a cycle, 4 loses to everyone.
    const votes: [number, number][] = [];
    for (let j = 1; j < 5; j++) votes.push([0, j], [0, j]);
    votes.push([1, 2], [2, 3], [3, 1]);
    for (let i = 0; i < 4; i++) votes.push([i, 4], [i, 4]);
    const p = canonicalRank(5, votes);
    expect(majorityComponents(p)).toEqual([[0], [1, 2, 3], [4]]);
    const r = solve(p);
    expect(r.answer[0]).toBe(0);
    expect(r.answer[4]).toBe(4);
    expect(r.objective).toBe(1);
    expect(r.proof).toBe('dynamic_program');
  });

  it('branch and bound alone and the subset DP alone agree with brute force (n ≤ 8) and with each other (n ≤ 13)', () => {
    const limits = new Limits(null, Infinity);
    for (let s = 0; s < 240; s++) {
      const n = 3 + (s % 11);
      const p = canonicalRank(n, randomVotes(5000 + s, n, 2 * n * n, [0.5, 0.45, 0.3, 0.1][s % 4]));
      const work: Work = { iterations: 0, nodes: 0, restarts: 0 };
      const identity = Int32Array.from({ length: n }, (_, i) => i);
      const dp = subsetDp(p.wins, n, limits, work)!;
      // A poor incumbent (identity), and a tiny memo every few cases so it fills up.
      const bnb = branchAndBound(p.wins, n, identity, 1e9, s % 3 === 0 ? 4 : 1 << 12, limits, work);
      expect(bnb.complete).toBe(true);
      const opt = n <= 8 ? bruteForce(p) : evaluateRank(p, dp);
      expect(evaluateRank(p, dp), `dp seed ${s}`).toBe(opt);
      expect(evaluateRank(p, bnb.order), `bnb seed ${s} n ${n}`).toBe(opt);
    }
  });

  it('past the small-DP size: search then branch and bound, certified values equal to the subset DP', () => {
    const limits = new Limits(null, Infinity);
    for (let s = 0; s < 6; s++) {
      const n = 14 + s;
      const p = canonicalRank(n, randomVotes(1000 + s, n, 30 * n, 0.45));
      const opt = evaluateRank(p, subsetDp(p.wins, n, limits, { iterations: 0, nodes: 0, restarts: 0 })!);
      for (const effort of ['flash', 'high'] as const) {
        const r = solve(p, effort, s);
        expect(r.objective).toBe(evaluateRank(p, r.answer));
        if (r.proof !== null) expect(r.objective, `n ${n} ${effort}`).toBe(opt);
        else expect(r.bound!).toBeLessThanOrEqual(opt);
        expect(r.objective).toBeGreaterThanOrEqual(opt);
      }
      expect(solve(p, 'high', s).proof).not.toBeNull();
    }
  });

  it('a heuristic answer carries a proven bound, and stops at its deadline or cancel with a valid order', () => {
    const n = 150;
    const p = canonicalRank(n, randomVotes(7, n, 20_000, 0.45));
    const r = solve(p, 'flash', 3);
    expect(Array.from(r.answer).sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
    expect(r.objective).toBe(evaluateRank(p, r.answer));
    if (r.proof === null) {
      expect(r.bound).toBeDefined();
      expect(r.bound!).toBeLessThanOrEqual(r.objective);
      expect(r.bound!).toBeGreaterThanOrEqual(pairwiseMinimum(p));
    }
    const d = solve(p, 'high', 3, { deadlineMs: 1 });
    expect(d.stoppedAtDeadline).toBe(true);
    expect(d.proof).toBeNull();
    expect(evaluateRank(p, d.answer)).toBe(d.objective);
    const cancel = newCancelSignal();
    Atomics.store(cancel.flag, 0, 1);
    const c = solveRank({ command: 'rank', problem: p, effort: 'high', seed: 1 }, cancel);
    expect(c.proof).toBeNull();
    expect(evaluateRank(p, c.answer)).toBe(c.objective);
  });

  it('without votes between them, items keep their given order', () => {
    expect(Array.from(solve(canonicalRank(5, [])).answer)).toEqual([0, 1, 2, 3, 4]);
    // 3 beats 1 by majority; 0, 2 and 4 are unrelated: 0, 2, 3, 1, 4 (3 before 1, the rest in order).
    const r = solve(canonicalRank(5, [[3, 1], [3, 1], [1, 3]]));
    expect(Array.from(r.answer)).toEqual([0, 2, 3, 1, 4]);
    expect(r.objective).toBe(1);
  });

  it('the same votes, seed and effort give the same order', () => {
    const p = canonicalRank(40, randomVotes(9, 40, 2000, 0.4));
    expect(Array.from(solve(p, 'flash', 5).answer)).toEqual(Array.from(solve(p, 'flash', 5).answer));
  });
});
