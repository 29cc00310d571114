import { describe, expect, it } from 'vitest';
import { newCancelSignal, type Effort } from '../../engine';
import { Prng } from '../../prng';
import { minOverPermutations } from '../../testing/permutations';
import { canonicalQap } from './canonical';
import { evaluateQap } from './evaluate';
import { hungarian, rootBound, solveQap } from './solve';
import type { QapProblem } from './problem';

function randomMatrix(r: Prng, n: number, lo: number, hi: number, symmetric: boolean, real = false): number[][] {
  const m = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    for (let j = symmetric ? i : 0; j < n; j++) {
      const v = real ? lo + r.nextFloat() * (hi - lo) : lo + r.nextInt(hi - lo + 1);
      m[i][j] = v;
      if (symmetric) m[j][i] = v;
    }
  }
  return m;
}

function randomQap(seed: number, n: number): QapProblem {
  const r = new Prng(seed);
  const kind = seed % 4;
  return canonicalQap(randomMatrix(r, n, kind === 1 ? -5 : 0, 9, kind !== 2, kind === 3), randomMatrix(r, n, 0, 9, kind !== 2, kind === 3));
}

/** The cheapest assignment over every permutation. */
const bruteForce = (p: QapProblem): number => minOverPermutations(p.n, (perm) => evaluateQap(p, perm));

const solve = (p: QapProblem, effort: Effort = 'medium', seed = 0, extra: { deadlineMs?: number } = {}) => solveQap({ command: 'qap', problem: p, effort, seed, ...extra });
const isPerm = (t: ArrayLike<number>, n: number) => t.length === n && Array.from(t).sort((a, b) => a - b).every((v, i) => v === i);
const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * (1 + Math.abs(b));

describe('qap', () => {
  it('the Hungarian method finds the cheapest assignment (brute force, m ≤ 6)', () => {
    const r = new Prng(5);
    for (let s = 0; s < 60; s++) {
      const m = 1 + (s % 6);
      const c = Float64Array.from({ length: m * m }, () => r.nextInt(40) - 10);
      const perm = Array.from({ length: m }, (_, i) => i);
      let best = Infinity;
      const rec = (k: number) => {
        if (k === m) {
          best = Math.min(best, perm.reduce((acc, j, i) => acc + c[i * m + j], 0));
          return;
        }
        for (let i = k; i < m; i++) {
          [perm[k], perm[i]] = [perm[i], perm[k]];
          rec(k + 1);
          [perm[k], perm[i]] = [perm[i], perm[k]];
        }
      };
      rec(0);
      expect(hungarian(c, m)).toBe(best);
    }
  });

  it('certifies the brute-force optimum on 150 random instances (n ≤ 7): symmetric, asymmetric, negative, real', () => {
    for (let s = 0; s < 150; s++) {
      const n = 1 + (s % 7);
      const p = randomQap(s, n);
      const r = solve(p, (['flash', 'medium', 'high'] as const)[s % 3], s);
      expect(r.proof, `seed ${s}`).not.toBeNull();
      expect(isPerm(r.answer, n)).toBe(true);
      expect(close(r.objective, bruteForce(p)), `seed ${s}: ${r.objective}`).toBe(true);
      expect(r.objective).toBe(evaluateQap(p, r.answer));
    }
  });

  it('the Gilmore–Lawler bound never exceeds the optimum; branch and bound at n = 9 agrees with brute force', () => {
    for (let s = 0; s < 12; s++) {
      const p = randomQap(200 + s, 8);
      expect(rootBound(p)).toBeLessThanOrEqual(bruteForce(p) + 1e-6);
    }
    const p = randomQap(77, 9);
    const r = solve(p, 'flash', 1);
    expect(r.proof).toBe('branch_and_bound');
    expect(close(r.objective, bruteForce(p))).toBe(true);
  });

  it('past the branch-and-bound size: a valid assignment with a bound below it; same seed, same answer', () => {
    const p = randomQap(9, 30);
    const r = solve(p, 'flash', 3);
    expect(isPerm(r.answer, 30)).toBe(true);
    expect(r.objective).toBe(evaluateQap(p, r.answer));
    expect(r.proof).toBeNull();
    expect(r.bound!).toBeLessThanOrEqual(r.objective);
    expect(Array.from(solve(p, 'flash', 3).answer)).toEqual(Array.from(r.answer));
  });

  it('an answer that meets the root bound is certified at once (all-zero flows, 20 facilities)', () => {
    const zero = Array.from({ length: 20 }, () => new Array<number>(20).fill(0));
    const r = solve(canonicalQap(zero, zero), 'high', 0);
    expect(r.objective).toBe(0);
    expect(r.proof).toBe('branch_and_bound');
    expect(r.work.iterations).toBe(0);
  });

  it('stops at a deadline or cancel with a valid assignment and no proof', () => {
    const p = randomQap(11, 40);
    const d = solve(p, 'high', 1, { deadlineMs: 5 });
    expect(d.stoppedAtDeadline).toBe(true);
    expect(d.proof).toBeNull();
    expect(isPerm(d.answer, 40)).toBe(true);
    // The root bound is computed before the search: a deadline never leaves the answer without it.
    expect(d.bound!).toBeLessThanOrEqual(d.objective);
    const cancel = newCancelSignal();
    Atomics.store(cancel.flag, 0, 1);
    const c = solveQap({ command: 'qap', problem: randomQap(12, 11), effort: 'high', seed: 0 }, cancel);
    expect(c.proof).toBeNull();
    expect(isPerm(c.answer, 11)).toBe(true);
  });
});
