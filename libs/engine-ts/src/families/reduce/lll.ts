/**
 * Exact LLL on BigInt rows: the integral algorithm of de Weger (Cohen, A Course in Computational
 * Algebraic Number Theory, Algorithm 2.6.7): the Gram–Schmidt data kept as integers
 * d_i = det(Gram of the first i vectors) and λ_ij = d_{j+1}·μ_ij, so every test is exact:
 * size reduction to |μ_ij| ≤ 1/2 and the Lovász condition d_{k+1}·d_{k−1} ≥ δ·d_k² − λ_{k,k−1}²
 * with δ the exact binary value of the double. The transform U (U·B = B') and its inverse V
 * (V·B' = B) follow every row operation. A dependent input (some d_i = 0) is first brought to
 * row echelon form by unimodular row operations (Euclid down each column), which leaves its
 * zero vectors; these go first, and LLL runs on the independent rest.
 */
import type { IntMatrix } from './problem';
import { deltaFraction } from './canonical';

export interface Reduction {
  /** The reduced basis B' (zero vectors first). */
  readonly basis: IntMatrix;
  /** U with U·B = B' (unimodular). */
  readonly u: IntMatrix;
  /** V = U^{-1}: V·B' = B. */
  readonly v: IntMatrix;
  /** The number of nonzero vectors of B' (the rank of the lattice). */
  readonly rank: number;
  readonly swaps: number;
  readonly reductions: number;
  /** A limit stopped it: B' is a basis of the same lattice but not reduced. */
  readonly stopped: boolean;
}

const abs = (x: bigint): bigint => (x < 0n ? -x : x);

/** round(a / b) for b > 0, ties away from zero never reached by the callers (they test 2|a| > b first). */
function roundDiv(a: bigint, b: bigint): bigint {
  const twice = 2n * a + b;
  const den = 2n * b;
  const q = twice / den;
  return twice < 0n && q * den !== twice ? q - 1n : q;
}

const dot = (x: readonly bigint[], y: readonly bigint[]): bigint => {
  let s = 0n;
  for (let i = 0; i < x.length; i++) if (x[i] !== 0n && y[i] !== 0n) s += x[i] * y[i];
  return s;
};

const identity = (m: number): IntMatrix => Array.from({ length: m }, (_, i) => Array.from({ length: m }, (_, j) => (i === j ? 1n : 0n)));

/** The basis with its transforms under unimodular row operations. */
class Rows {
  readonly b: IntMatrix;
  readonly u: IntMatrix;
  readonly v: IntMatrix;
  reductions = 0;
  swaps = 0;
  constructor(b: IntMatrix) {
    this.b = b.map((r) => r.slice());
    this.u = identity(b.length);
    this.v = identity(b.length);
  }
  /** row k −= q·row l. */
  addMul(k: number, l: number, q: bigint): void {
    if (q === 0n) return;
    this.reductions++;
    const bk = this.b[k], bl = this.b[l];
    for (let i = 0; i < bk.length; i++) if (bl[i] !== 0n) bk[i] -= q * bl[i];
    const uk = this.u[k], ul = this.u[l];
    for (let i = 0; i < uk.length; i++) if (ul[i] !== 0n) uk[i] -= q * ul[i];
    for (const row of this.v) if (row[k] !== 0n) row[l] += q * row[k];
  }
  swap(i: number, j: number): void {
    if (i === j) return;
    this.swaps++;
    [this.b[i], this.b[j]] = [this.b[j], this.b[i]];
    [this.u[i], this.u[j]] = [this.u[j], this.u[i]];
    for (const row of this.v) [row[i], row[j]] = [row[j], row[i]];
  }
}

/**
 * Unimodular row echelon form (Euclid down each column); then the zero rows are moved to the front,
 * the others keeping their order. Returns the number of zero rows.
 */
function separateZeros(r: Rows): number {
  const m = r.b.length;
  const cols = m === 0 ? 0 : r.b[0].length;
  let p = 0;
  for (let c = 0; c < cols && p < m; c++) {
    for (;;) {
      let best = -1;
      for (let i = p; i < m; i++) if (r.b[i][c] !== 0n && (best < 0 || abs(r.b[i][c]) < abs(r.b[best][c]))) best = i;
      if (best < 0) break;
      r.swap(p, best);
      let done = true;
      for (let i = p + 1; i < m; i++) {
        if (r.b[i][c] === 0n) continue;
        r.addMul(i, p, r.b[i][c] / r.b[p][c]);
        if (r.b[i][c] !== 0n) done = false;
      }
      if (done) {
        p++;
        break;
      }
    }
  }
  // Rows p..m-1 are zero: bring them to the front by adjacent swaps (the order of the rest kept).
  for (let z = 0; z < m - p; z++) for (let i = p + z; i > z; i--) r.swap(i, i - 1);
  return m - p;
}

/** Whether a limit says to stop now (checked once per LLL step). */
export type StopCheck = () => boolean;

/**
 * LLL-reduces the rows of `b` with parameter delta (0.25 < delta < 1): |μ_ij| ≤ 1/2 and
 * the Lovász condition, exactly; zero vectors of a dependent input first.
 */
export function lllReduce(b: IntMatrix, delta: number, stop: StopCheck = () => false): Reduction {
  const { num, den } = deltaFraction(delta);
  const r = new Rows(b);
  const m = b.length;
  let z = 0;
  let restarted = false;
  let stopped = false;
  outer: for (;;) {
    const n = m - z;
    const row = (i: number): bigint[] => r.b[z + i];
    // d[i] = Gram determinant of the first i vectors (d[0] = 1); lambda[i][j] for j < i.
    const d: bigint[] = new Array(n + 1).fill(0n);
    d[0] = 1n;
    const lambda: bigint[][] = Array.from({ length: n }, (_, i) => new Array<bigint>(i).fill(0n));
    const gs = (k: number): boolean => {
      for (let j = 0; j <= k; j++) {
        let u = dot(row(k), row(j));
        for (let i = 0; i < j; i++) u = (d[i + 1] * u - lambda[k][i] * lambda[j][i]) / d[i];
        if (j < k) lambda[k][j] = u;
        else d[k + 1] = u;
      }
      return d[k + 1] !== 0n;
    };
    const red = (k: number, l: number): void => {
      const lkl = lambda[k][l];
      if (2n * abs(lkl) <= d[l + 1]) return;
      const q = roundDiv(lkl, d[l + 1]);
      r.addMul(z + k, z + l, q);
      lambda[k][l] -= q * d[l + 1];
      for (let i = 0; i < l; i++) lambda[k][i] -= q * lambda[l][i];
    };
    const swapK = (k: number, kmax: number): void => {
      r.swap(z + k, z + k - 1);
      for (let j = 0; j < k - 1; j++) [lambda[k][j], lambda[k - 1][j]] = [lambda[k - 1][j], lambda[k][j]];
      const lam = lambda[k][k - 1];
      const B = (d[k - 1] * d[k + 1] + lam * lam) / d[k];
      for (let i = k + 1; i <= kmax; i++) {
        const t = lambda[i][k];
        lambda[i][k] = (d[k + 1] * lambda[i][k - 1] - lam * t) / d[k];
        lambda[i][k - 1] = (B * t + lam * lambda[i][k]) / d[k + 1];
      }
      d[k] = B;
    };
    if (n === 0) break;
    if (!gs(0)) {
      if (restarted) throw new Error('reduce: a zero row after the echelon step');
      z = separateZeros(r);
      restarted = true;
      continue outer;
    }
    let k = 1;
    let kmax = 0;
    while (k < n) {
      if (stop()) {
        stopped = true;
        break outer;
      }
      if (k > kmax) {
        kmax = k;
        if (!gs(k)) {
          if (restarted) throw new Error('reduce: dependent rows after the echelon step');
          z = separateZeros(r);
          restarted = true;
          continue outer;
        }
      }
      red(k, k - 1);
      const lam = lambda[k][k - 1];
      if (den * (d[k + 1] * d[k - 1] + lam * lam) < num * d[k] * d[k]) {
        swapK(k, kmax);
        k = Math.max(1, k - 1);
      } else {
        for (let l = k - 2; l >= 0; l--) red(k, l);
        k++;
      }
    }
    break;
  }
  return { basis: r.b, u: r.u, v: r.v, rank: m - z, swaps: r.swaps, reductions: r.reductions, stopped };
}
