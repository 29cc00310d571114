/**
 * Asymmetric (one-way) matrices: the standard 2n-city symmetric transformation (Jonker and
 * Volgenant 1983, as in LKH). City i becomes an in-node i and an out-node n + i; with
 * R = max − min of the off-diagonal entries, c'(i, j) = c(i, j) − min ∈ [0, R]:
 *   w(in i, out i)  = 0                 (the fixed edge)
 *   w(out i, in j)  = c'(i, j) + M      (i ≠ j: the one-way leg i → j)
 *   w(in i, in j)   = w(out i, out j) = F
 * with M = n·R + 1 and F = M + n·R + 1. A tour through all n fixed edges alternates in/out and
 * costs L + n·(M − min) for the directed tour L it spells; every other tour costs more than every
 * such tour (fewer fixed edges: at least (n + 1)·M > n·(M + R); an in–in edge comes with an
 * out–out one: at least n·M + 2(F − M) > n·(M + R)). So the symmetric optimum is the directed one
 * and a lower bound B of the symmetric instance gives B − n·(M − min) for the directed one. Every
 * sum stays an exact double while 2n·F ≤ 2^52 (contracts refuses larger ranges; checked here too).
 * Shared with the native twin (core/tsp/solve.cc) and the contracts' range check.
 */
import type { TspProblem } from './problem';

/** Exact-arithmetic ceiling of a transformed tour's length (2n edges of at most F). */
export const ASYMMETRIC_SUM_MAX = 2 ** 52;

/** True when a matrix problem has some d(i, j) ≠ d(j, i). */
export function isAsymmetric(p: TspProblem): boolean {
  if (p.matrix === null) return false;
  const n = p.n;
  const m = p.matrix;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (m[i * n + j] !== m[j * n + i]) return true;
  return false;
}

export interface SymmetricForm {
  /** The 2n-city symmetric problem (in-node i, out-node n + i). */
  readonly problem: TspProblem;
  /** Directed length = symmetric length + offset, for a tour through every fixed edge. */
  readonly offset: number;
}

/** min, max of the off-diagonal entries of an n×n row-major matrix. */
export function offDiagonalRange(n: number, m: ArrayLike<number>): { min: number; max: number } {
  let min = Infinity, max = -Infinity;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i === j) continue;
      const v = m[i * n + j];
      if (v < min) min = v;
      if (v > max) max = v;
    }
  }
  return { min, max };
}

/** The largest transformed tour length 2n·F of an asymmetric instance (see the file comment). */
export function transformedSumMax(n: number, range: number): number {
  const M = n * range + 1;
  const F = M + n * range + 1;
  return 2 * n * F;
}

/** The symmetric 2n-city form of an asymmetric matrix problem; throws when its sums would not be exact. */
export function symmetricForm(p: TspProblem): SymmetricForm {
  const n = p.n;
  const c = p.matrix!;
  const { min, max } = offDiagonalRange(n, c);
  const R = max - min;
  if (!(transformedSumMax(n, R) <= ASYMMETRIC_SUM_MAX)) throw new Error(`asymmetric tsp: the entries' range ${R} over ${n} cities is too wide for exact arithmetic`);
  const M = n * R + 1;
  const F = M + n * R + 1;
  const N = 2 * n;
  const w = new Float64Array(N * N);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i === j) {
        w[i * N + (n + i)] = 0;
        w[(n + i) * N + i] = 0;
        continue;
      }
      w[i * N + j] = F;
      w[(n + i) * N + (n + j)] = F;
      const leg = c[i * n + j] - min + M;
      w[(n + i) * N + j] = leg;
      w[j * N + (n + i)] = leg;
    }
  }
  return { problem: { kind: 'tsp', n: N, matrix: w, points: null, metric: null }, offset: n * (min - M) };
}

/**
 * The directed tour of n cities spelled by a 2n-city tour through every fixed edge (in i next to
 * out i), from city 0 in the direction in 0 → out 0; null when the tour misses a fixed edge.
 */
export function directedTour(n: number, t: ArrayLike<number>): Int32Array | null {
  const N = 2 * n;
  if (t.length !== N) return null;
  let z = 0;
  while (z < N && t[z] !== 0) z++;
  if (z === N) return null;
  const fwd = t[(z + 1) % N] === n;
  if (!fwd && t[(z + N - 1) % N] !== n) return null;
  const at = (k: number) => (fwd ? t[(z + k) % N] : t[(z - k + N) % N]);
  const out = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const a = at(2 * k);
    if (a < 0 || a >= n || at(2 * k + 1) !== n + a) return null;
    out[k] = a;
  }
  return out;
}
