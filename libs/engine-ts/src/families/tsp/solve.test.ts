import { describe, expect, it } from 'vitest';
import { Limits } from '../../kernels/model';
import { newCancelSignal, type Effort } from '../../engine';
import { Prng } from '../../prng';
import { canonicalTsp } from './canonical';
import { tsplibDistance as metricDistance } from '@svc/contracts/tsplib';
import { evaluateTsp } from './evaluate';
import { tspBranchAndBound } from './branch';
import { candidateLists, heldKarp, oneTreeBound, solveTsp } from './solve';
import { directedTour, symmetricForm } from './asymmetric';
import type { TspProblem } from './problem';

/** n random points in a square (integer coordinates) as a tsp problem, or their rounded matrix. */
function randomPoints(seed: number, n: number, side = 1000): number[][] {
  const r = new Prng(seed);
  return Array.from({ length: n }, () => [r.nextInt(side), r.nextInt(side)]);
}

function matrixOf(pts: number[][]): number[][] {
  return pts.map((a) => pts.map((b) => metricDistance('euc_2d', a[0], a[1], b[0], b[1])));
}

/** A random symmetric integer matrix (negative entries allowed). */
function randomMatrix(seed: number, n: number, lo: number, hi: number): number[][] {
  const r = new Prng(seed);
  const m = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) m[i][j] = m[j][i] = lo + r.nextInt(hi - lo + 1);
  return m;
}

/** Shortest closed tour by trying every permutation with city 0 first. */
function bruteForce(m: number[][]): number {
  const n = m.length;
  const rest = Array.from({ length: n - 1 }, (_, i) => i + 1);
  let best = Infinity;
  const rec = (k: number, last: number, len: number) => {
    if (k === rest.length) {
      best = Math.min(best, len + m[last][0]);
      return;
    }
    for (let i = k; i < rest.length; i++) {
      [rest[k], rest[i]] = [rest[i], rest[k]];
      rec(k + 1, rest[k], len + m[last][rest[k]]);
      [rest[k], rest[i]] = [rest[i], rest[k]];
    }
  };
  rec(0, 0, 0);
  return best;
}

const solve = (p: TspProblem, effort: Effort = 'medium', seed = 0, extra: { deadlineMs?: number } = {}) =>
  solveTsp({ command: 'tsp', problem: p, effort, seed, ...extra });

const isTour = (t: ArrayLike<number>, n: number) => Array.from(t).sort((a, b) => a - b).every((v, i) => v === i) && t.length === n;

describe('tsp distances (TSPLIB95)', () => {
  it('euc_2d rounds each edge, ceil_2d rounds up, att is pseudo-Euclidean, geo uses truncated degrees', () => {
    expect(metricDistance('euc_2d', 0, 0, 3, 4)).toBe(5);
    expect(metricDistance('euc_2d', 0, 0, 1, 1)).toBe(1); // √2 = 1.41
    expect(metricDistance('euc_2d', 0, 0, 1, 2)).toBe(2); // √5 = 2.24
    expect(metricDistance('ceil_2d', 0, 0, 1, 1)).toBe(2);
    // att: r = √((dx²+dy²)/10); nint(r) rounded up when below r.
    expect(metricDistance('att', 0, 0, 10, 0)).toBe(4); // r = 3.162 → t = 3 < r → 4
    expect(metricDistance('att', 0, 0, 0, 0)).toBe(0);
    // geo: two points one degree of latitude apart on a meridian: RRR·(π/180) = 111.3 → trunc(x + 1) = 112.
    expect(metricDistance('geo', 10.0, 20.0, 11.0, 20.0)).toBe(112);
    // 10.30 is 10°30' = 10.5°, not 10.3°.
    expect(metricDistance('geo', 10.0, 20.0, 10.3, 20.0)).toBe(Math.trunc(6378.388 * (3.141592 * 0.5) / 180 + 1));
  });

  it('canonical input: exactly one of matrix or points; an integer matrix, symmetric or not', () => {
    expect(() => canonicalTsp({})).toThrow(/exactly one/);
    expect(() => canonicalTsp({ matrix: [[0, 1], [1, 0]], points: [[0, 0], [1, 1]] })).toThrow(/exactly one/);
    expect(Array.from(canonicalTsp({ matrix: [[0, 1], [2, 0]] }).matrix!)).toEqual([0, 1, 2, 0]);
    expect(() => canonicalTsp({ matrix: [[0, 1.5], [1.5, 0]] })).toThrow(/integer/);
    expect(() => canonicalTsp({ points: [[0, 0], [1, 1]], metric: 'manhattan' })).toThrow(/metric/);
    const p = canonicalTsp({ matrix: [[7, 1], [1, 9]] });
    expect(Array.from(p.matrix!)).toEqual([0, 1, 1, 0]); // the diagonal is ignored
    expect(canonicalTsp({ points: [[0, 0], [3, 4]] }).metric).toBe('euc_2d');
  });
});

describe('tsp solve', () => {
  it('certifies the brute-force optimum on 200 random instances (n ≤ 9), matrices and points', () => {
    for (let s = 0; s < 200; s++) {
      const n = 2 + (s % 8);
      const m = s % 2 === 0 ? randomMatrix(s, n, s % 4 === 0 ? -20 : 1, 100) : matrixOf(randomPoints(s, n));
      const p = s % 4 === 1 ? canonicalTsp({ points: randomPoints(s, n) }) : canonicalTsp({ matrix: m });
      const r = solve(p, (['flash', 'medium', 'high'] as const)[s % 3], s);
      expect(r.proof, `seed ${s}`).toBe('dynamic_program');
      expect(isTour(r.answer, n)).toBe(true);
      expect(r.answer[0]).toBe(0);
      expect(r.objective).toBe(bruteForce(m));
      expect(evaluateTsp(p, r.answer)).toBe(r.objective);
    }
  });

  it('past the DP size: the local search finds the DP optimum on small instances, and the bound is below it', () => {
    let atOptimum = 0;
    for (let s = 0; s < 12; s++) {
      const n = 13 + (s % 4);
      const p = canonicalTsp({ points: randomPoints(100 + s, n) });
      const opt = heldKarp(n, (i, j) => evaluatePair(p, i, j), new Limits(null, Infinity), { iterations: 0, nodes: 0, restarts: 0 })!;
      const optLen = evaluateTsp(p, opt);
      const r = solve(p, 'flash', s); // flash: DP only up to 12
      expect(isTour(r.answer, n)).toBe(true);
      expect(r.objective).toBe(evaluateTsp(p, r.answer));
      expect(r.objective).toBeGreaterThanOrEqual(optLen);
      if (r.proof !== null) expect(r.objective).toBe(optLen);
      else expect(r.bound!).toBeLessThanOrEqual(optLen);
      if (r.objective === optLen) atOptimum++;
    }
    expect(atOptimum).toBeGreaterThanOrEqual(10);
  });

  it('the 1-tree bound never exceeds the optimum; a 1-tree that is a tour proves it', () => {
    for (let s = 0; s < 20; s++) {
      const n = 6 + (s % 5);
      const m = s % 2 ? randomMatrix(s, n, -5, 60) : matrixOf(randomPoints(s, n));
      const p = canonicalTsp({ matrix: m });
      const opt = bruteForce(m);
      const b = oneTreeBound(n, (i, j) => evaluatePair(p, i, j), 200, opt, new Limits(null, Infinity));
      expect(b.bound).toBeLessThanOrEqual(opt + 1e-6);
      if (b.tour) expect(Math.abs(b.bound - opt)).toBeLessThan(1e-6);
    }
  });

  it('branch and bound below the root reaches the exact optimum from a poor incumbent and a weak root (360 instances, n ≤ 16)', () => {
    let belowRoot = 0;
    for (let s = 0; s < 360; s++) {
      const n = 5 + (s % 12);
      const kind = Math.floor(s / 12) % 3;
      const m = kind === 0 ? matrixOf(randomPoints(s, n, 100)) : kind === 1 ? randomMatrix(s, n, -20, 180) : randomMatrix(s, n, 0, 3);
      const D = Float64Array.from(m.flat());
      const d = (i: number, j: number) => D[i * n + j];
      const never = new Limits(null, Infinity);
      const work = { iterations: 0, nodes: 0, restarts: 0 };
      const opt = heldKarp(n, d, never, work)!;
      const optLen = Array.from(opt).reduce((a, c, k) => a + d(c, opt[(k + 1) % n]), 0);
      // The incumbent: the identity tour, or the optimum itself (then the tree must only prove it).
      const ub = s % 2 ? optLen : Array.from({ length: n }, (_, k) => d(k, (k + 1) % n)).reduce((a, b) => a + b, 0);
      const root = oneTreeBound(n, d, 5, ub, never);
      const before = work.nodes;
      const r = tspBranchAndBound(n, D, ub, root.pi, s % 4 < 2 ? 2 : 40, 1e6, never, work);
      expect(r.closed, `seed ${s}`).toBe(true);
      const got = r.tour === null ? ub : Array.from(r.tour).reduce((a, c, k) => a + d(c, r.tour![(k + 1) % n]), 0);
      if (r.tour !== null) expect(isTour(r.tour, n)).toBe(true);
      expect(got, `seed ${s} n ${n}`).toBe(optLen);
      if (work.nodes - before > 1) belowRoot++;
    }
    expect(belowRoot).toBeGreaterThanOrEqual(100);
  });

  it('branch and bound with no subgradient steps still bounds every node once (it closed them unbounded)', () => {
    for (let s = 0; s < 12; s++) {
      const n = 8 + (s % 5);
      const m = matrixOf(randomPoints(800 + s, n, 100));
      const D = Float64Array.from(m.flat());
      const d = (i: number, j: number) => D[i * n + j];
      const never = new Limits(null, Infinity);
      const ub = Array.from({ length: n }, (_, k) => d(k, (k + 1) % n)).reduce((a, b) => a + b, 0);
      const r = tspBranchAndBound(n, D, ub, oneTreeBound(n, d, 1, ub, never).pi, 0, 1e6, never, { iterations: 0, nodes: 0, restarts: 0 });
      expect(r.closed).toBe(true);
      expect(r.tour === null ? ub : evaluateTsp(canonicalTsp({ matrix: m }), r.tour), `seed ${s}`).toBe(bruteForce(m));
    }
  }, 120_000); // fixed work (brute force up to 12 cities): 5 s on a loaded 2-core machine was not enough

  it('medium certifies 17–19 cities past its DP by branch and bound, at the DP length', () => {
    for (let s = 0; s < 8; s++) {
      const n = 17 + (s % 3);
      const p = s % 2 ? canonicalTsp({ points: randomPoints(500 + s, n) }) : canonicalTsp({ matrix: randomMatrix(500 + s, n, -10, 90) });
      const opt = heldKarp(n, (i, j) => evaluatePair(p, i, j), new Limits(null, Infinity), { iterations: 0, nodes: 0, restarts: 0 })!;
      const r = solve(p, 'medium', s);
      expect(r.proof, `seed ${s}`).toBe('branch_and_bound');
      expect(r.objective).toBe(evaluateTsp(p, opt));
      expect(evaluateTsp(p, r.answer)).toBe(r.objective);
    }
  }, 60_000);

  it('a heuristic answer on 300 cities: a tour, a bound below it, a small gap; same seed, same tour', () => {
    const p = canonicalTsp({ points: randomPoints(7, 300) });
    const r = solve(p, 'flash', 3);
    expect(isTour(r.answer, 300)).toBe(true);
    expect(r.objective).toBe(evaluateTsp(p, r.answer));
    if (r.proof === null) {
      expect(r.bound!).toBeLessThanOrEqual(r.objective);
      expect((r.objective - r.bound!) / r.objective).toBeLessThan(0.08);
    }
    expect(Array.from(solve(p, 'flash', 3).answer)).toEqual(Array.from(r.answer));
  });

  it('large magnitudes keep their certificate: 21 cities all −10⁹ apart, every tour optimal', () => {
    const n = 21;
    const m = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 0 : -1e9)));
    const r = solve(canonicalTsp({ matrix: m }), 'flash', 0);
    expect(r.objective).toBe(-21e9);
    expect(r.proof).toBe('branch_and_bound');
  });

  it('candidate lists are the k nearest by distance, then index', () => {
    const p = canonicalTsp({ matrix: [[0, 5, 1, 5], [5, 0, 2, 3], [1, 2, 0, 4], [5, 3, 4, 0]] });
    expect(Array.from(candidateLists(4, (i, j) => evaluatePair(p, i, j), 2))).toEqual([2, 1, 2, 3, 0, 1, 1, 2]);
  });

  it('stops at a deadline or cancel with a valid tour and no proof', () => {
    const p = canonicalTsp({ points: randomPoints(9, 400) });
    const d = solve(p, 'high', 1, { deadlineMs: 5 });
    expect(d.stoppedAtDeadline).toBe(true);
    expect(d.proof).toBeNull();
    expect(isTour(d.answer, 400)).toBe(true);
    expect(evaluateTsp(p, d.answer)).toBe(d.objective);
    const cancel = newCancelSignal();
    Atomics.store(cancel.flag, 0, 1);
    const c = solveTsp({ command: 'tsp', problem: canonicalTsp({ matrix: randomMatrix(3, 18, 1, 50) }), effort: 'high', seed: 0 }, cancel);
    expect(c.proof).toBeNull();
    expect(isTour(c.answer, 18)).toBe(true);
  });
});

describe('tsp bounds under a deadline or cancel (docs/tsp.md: a deadline cuts the search, never the bound)', () => {
  it('a cancel already set: up to 11 cities the DP certifies (it never checks); past that the answer carries a bound at most the optimum', () => {
    let heuristic = 0;
    for (let s = 0; s < 48; s++) {
      const n = 5 + (s % 12); // 5..16
      const m = s % 3 ? matrixOf(randomPoints(600 + s, n)) : randomMatrix(600 + s, n, s % 4 === 0 ? -20 : 1, 100);
      const p = s % 3 === 1 ? canonicalTsp({ points: randomPoints(600 + s, n) }) : canonicalTsp({ matrix: m });
      const effort = s % 2 ? 'medium' : 'flash'; // the DP up to 16 or 12 cities
      const opt = n <= 9 ? bruteForce(m) : evaluateTsp(p, heldKarp(n, (i, j) => evaluatePair(p, i, j), new Limits(null, Infinity), { iterations: 0, nodes: 0, restarts: 0 })!);
      const signal = newCancelSignal();
      Atomics.store(signal.flag, 0, 1);
      const r = solveTsp({ command: 'tsp', problem: p, effort, seed: s }, signal);
      expect(isTour(r.answer, n)).toBe(true);
      expect(evaluateTsp(p, r.answer)).toBe(r.objective);
      if (n <= 11) {
        expect([r.proof, r.bound, r.objective], `seed ${s}`).toEqual(['dynamic_program', undefined, opt]);
        continue;
      }
      heuristic++;
      expect([r.proof, r.stoppedAtDeadline], `seed ${s}`).toEqual([null, true]);
      expect(Number.isInteger(r.bound), `seed ${s}`).toBe(true);
      expect(r.bound!).toBeLessThanOrEqual(r.objective);
      expect(r.bound!, `seed ${s} n ${n}`).toBeLessThanOrEqual(opt);
    }
    expect(heuristic).toBe(20);
  });

  it('max_latency_ms 1 (deadlineMs 1) or a cancel past the DP: a heuristic answer always carries a bound at most its length, and the bound without limits is at least the cancelled one', () => {
    for (const [n, effort] of [[14, 'flash'], [20, 'medium'], [60, 'medium'], [150, 'high'], [400, 'flash']] as const) {
      const p = canonicalTsp({ points: randomPoints(40 + n, n) });
      // Whether the deadline fires depends on the machine; what an answer carries does not.
      const r = solve(p, effort, 1, { deadlineMs: 1 });
      expect(isTour(r.answer, n)).toBe(true);
      if (r.proof === null) expect(r.bound!, `n ${n}`).toBeLessThanOrEqual(r.objective);
      else expect(r.bound).toBeUndefined();
      const signal = newCancelSignal();
      Atomics.store(signal.flag, 0, 1);
      const c = solveTsp({ command: 'tsp', problem: p, effort: 'flash', seed: 1 }, signal);
      const full = solve(p, 'flash', 1);
      expect(c.proof).toBeNull();
      expect(c.bound!).toBeLessThanOrEqual(c.objective);
      expect(c.bound!, `n ${n}`).toBeLessThanOrEqual(full.proof === null ? full.bound! : full.objective);
    }
  });
});

function evaluatePair(p: TspProblem, i: number, j: number): number {
  if (i === j) return 0;
  if (p.matrix) return p.matrix[i * p.n + j];
  return metricDistance(p.metric!, p.points![2 * i], p.points![2 * i + 1], p.points![2 * j], p.points![2 * j + 1]);
}

/** A random asymmetric integer matrix (every ordered pair drawn on its own; negative entries allowed). */
function randomDirected(seed: number, n: number, lo: number, hi: number): number[][] {
  const r = new Prng(seed);
  return Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 0 : lo + r.nextInt(hi - lo + 1))));
}

describe('tsp on asymmetric matrices', () => {
  it('the DP certifies the brute-force optimum over every permutation (n ≤ 8), the tour read in its order', () => {
    let cases = 0;
    for (let n = 2; n <= 8; n++) {
      for (let s = 0; s < 12; s++) {
        const m = randomDirected(900 + 31 * n + s, n, s % 3 === 0 ? -50 : 0, s % 2 === 0 ? 100 : 10_000);
        const p = canonicalTsp({ matrix: m });
        const best = bruteForce(m);
        for (const effort of ['flash', 'medium'] as Effort[]) {
          const r = solve(p, effort, s);
          expect(r.proof, `n=${n} s=${s}`).toBe('dynamic_program');
          expect(r.objective, `n=${n} s=${s}`).toBe(best);
          expect(r.answer[0]).toBe(0);
          expect(evaluateTsp(p, r.answer)).toBe(best);  // directed, in the given order
        }
        cases++;
      }
    }
    expect(cases).toBe(84);
  });

  it('the 2n-city symmetric form: its exact optimum spells the directed optimum (n ≤ 8, by brute force)', () => {
    for (let n = 2; n <= 8; n++) {
      for (let s = 0; s < 4; s++) {
        const m = randomDirected(700 + 13 * n + s, n, s === 0 ? -1000 : 0, 1000);
        const p = canonicalTsp({ matrix: m });
        const form = symmetricForm(p);
        const r = solve(form.problem, 'medium', s);  // 2n ≤ 16 cities: the symmetric DP, certified
        expect(r.proof).toBe('dynamic_program');
        const t = directedTour(n, r.answer);
        expect(t, `n=${n} s=${s}`).not.toBeNull();
        expect(r.objective + form.offset).toBe(bruteForce(m));
        expect(evaluateTsp(p, t!)).toBe(bruteForce(m));
      }
    }
  });

  it('beyond the DP (13–15 cities at flash): a directed tour, its length recomputed, its bound at most the exact optimum', () => {
    for (let s = 0; s < 6; s++) {
      const n = 13 + (s % 3);
      const m = randomDirected(500 + s, n, s % 2 === 0 ? -200 : 1, 1000);
      const p = canonicalTsp({ matrix: m });
      const opt = heldKarp(n, (i, j) => (i === j ? 0 : m[i][j]), new Limits(null, Infinity), { iterations: 0, nodes: 0, restarts: 0 })!;
      let best = 0;
      for (let k = 0; k < n; k++) best += m[opt[k]][opt[(k + 1) % n]];
      const r = solve(p, 'flash', s);
      expect(isTour(r.answer, n)).toBe(true);
      expect(r.answer[0]).toBe(0);
      expect(r.objective).toBe(evaluateTsp(p, r.answer));
      expect(r.objective).toBeGreaterThanOrEqual(best);
      if (r.proof !== null) expect(r.objective).toBe(best);
      else {
        expect(r.bound).toBeDefined();
        expect(r.bound!).toBeLessThanOrEqual(best);
      }
    }
  });

  it('a cancel before the solve: ≤ 11 cities still certified by the DP; 12–20 cities a directed tour from the 2n form with a bound at most the optimum', () => {
    for (let s = 0; s < 8; s++) {
      const n = s < 2 ? 10 + s : 12 + s;
      const m = randomDirected(600 + s, n, -100, 1000);
      const p = canonicalTsp({ matrix: m });
      const opt = heldKarp(n, (i, j) => (i === j ? 0 : m[i][j]), new Limits(null, Infinity), { iterations: 0, nodes: 0, restarts: 0 })!;
      let best = 0;
      for (let k = 0; k < n; k++) best += m[opt[k]][opt[(k + 1) % n]];
      const signal = newCancelSignal();
      Atomics.store(signal.flag, 0, 1);
      const r = solveTsp({ command: 'tsp', problem: p, effort: 'high', seed: s }, signal);
      expect(isTour(r.answer, n)).toBe(true);
      expect(r.objective).toBe(evaluateTsp(p, r.answer));
      if (n <= 11) expect([r.proof, r.objective]).toEqual(['dynamic_program', best]);
      else {
        expect([r.proof, r.stoppedAtDeadline], `n=${n}`).toEqual([null, true]);
        expect(r.bound!).toBeLessThanOrEqual(best);
      }
    }
  });

  it('a 120-city one-way instance: a permutation whose length is the directed re-score, with a sound bound', () => {
    const n = 120;
    const m = randomDirected(4242, n, -100, 1000);
    const p = canonicalTsp({ matrix: m });
    const r = solve(p, 'flash', 3);
    expect(isTour(r.answer, n)).toBe(true);
    expect(r.answer[0]).toBe(0);
    expect(r.objective).toBe(evaluateTsp(p, r.answer));
    // Any directed tour costs at least Σ of each city's cheapest way out.
    let cheapestOut = 0;
    for (let i = 0; i < n; i++) cheapestOut += Math.min(...m[i].filter((_, j) => j !== i));
    expect(r.objective).toBeGreaterThanOrEqual(cheapestOut);
    if (r.proof === null) expect(r.bound!).toBeLessThanOrEqual(r.objective);
    // A reversed reading is a different (longer here) directed tour: direction matters.
    const rev = Int32Array.from([0, ...Array.from(r.answer).slice(1).reverse()]);
    expect(evaluateTsp(p, rev)).not.toBe(r.objective);
  }, 60_000);
});
