/**
 * The exact check of a reduction, independent of how it was made (engine-ts lll.ts, the C++ core,
 * or a caller): B' is LLL-reduced with parameter delta — zero vectors first, the rest independent,
 * |μ_ij| ≤ 1/2 and the Lovász condition, tested on the integral Gram–Schmidt data (d_i, λ_ij)
 * computed from scratch — and B' spans the same lattice as B: U·B = B' and V·B' = B with integer
 * U, V (each lattice inside the other; with a full-rank B this makes V·U = I, det U = ±1; with a
 * dependent B, V·U = I is checked too).
 */
import { deltaFraction } from './canonical';
import type { IntMatrix } from './problem';

export interface ReducedCheck {
  readonly ok: boolean;
  /** What failed, or a summary of what holds. */
  readonly detail: string;
  /** Nonzero vectors of B' (meaningful when ok). */
  readonly rank: number;
  /** The squared Euclidean norm of the shortest nonzero vector of B' (0n when there is none). */
  readonly shortestSquared: bigint;
}

const abs = (x: bigint): bigint => (x < 0n ? -x : x);
const dot = (x: readonly bigint[], y: readonly bigint[]): bigint => {
  let s = 0n;
  for (let i = 0; i < x.length; i++) s += x[i] * y[i];
  return s;
};

/** Is `b` LLL-reduced with parameter delta (exactly)? */
export function checkReduced(b: IntMatrix, delta: number): ReducedCheck {
  const { num, den } = deltaFraction(delta);
  const bad = (detail: string): ReducedCheck => ({ ok: false, detail, rank: 0, shortestSquared: 0n });
  let z = 0;
  while (z < b.length && b[z].every((x) => x === 0n)) z++;
  for (let i = z; i < b.length; i++) if (b[i].every((x) => x === 0n)) return bad(`vector ${i} is zero but follows a nonzero vector (zero vectors come first)`);
  const rows = b.slice(z);
  const n = rows.length;
  const d: bigint[] = [1n];
  const lambda: bigint[][] = [];
  let shortestSquared = 0n;
  for (let i = 0; i < n; i++) {
    lambda.push([]);
    for (let j = 0; j <= i; j++) {
      let u = dot(rows[i], rows[j]);
      for (let k = 0; k < j; k++) {
        const t = d[k + 1] * u - lambda[i][k] * lambda[j][k];
        if (t % d[k] !== 0n) return bad(`inexact Gram–Schmidt step at (${z + i}, ${z + j}): an arithmetic fault`);
        u = t / d[k];
      }
      if (j < i) lambda[i].push(u);
      else d.push(u);
    }
    if (d[i + 1] === 0n) return bad(`vector ${z + i} depends on the vectors before it (a reduced basis lists its zero vectors first and the rest independent)`);
    const sq = dot(rows[i], rows[i]);
    if (shortestSquared === 0n || sq < shortestSquared) shortestSquared = sq;
    for (let j = 0; j < i; j++) {
      if (2n * abs(lambda[i][j]) > d[j + 1]) return bad(`not size-reduced: |μ(${z + i},${z + j})| > 1/2`);
    }
    if (i > 0) {
      const lam = lambda[i][i - 1];
      if (den * (d[i + 1] * d[i - 1] + lam * lam) < num * d[i] * d[i]) return bad(`Lovász condition fails at vector ${z + i} (delta ${delta})`);
    }
  }
  return { ok: true, detail: `LLL-reduced with delta ${delta}: ${z} zero vector(s), ${n} independent, |μ| ≤ 1/2, Lovász holds (exact integral Gram–Schmidt)`, rank: n, shortestSquared };
}

/** a·b for integer matrices (a: p×q, b: q×r); null on a shape mismatch. */
export function multiply(a: IntMatrix, b: IntMatrix): IntMatrix | null {
  const q = b.length;
  if (a.some((row) => row.length !== q)) return null;
  const r = q === 0 ? 0 : b[0].length;
  return a.map((row) => {
    const out = new Array<bigint>(r).fill(0n);
    for (let k = 0; k < q; k++) {
      const x = row[k];
      if (x === 0n) continue;
      const bk = b[k];
      for (let j = 0; j < r; j++) out[j] += x * bk[j];
    }
    return out;
  });
}

const equal = (a: IntMatrix | null, b: IntMatrix): boolean => a !== null && a.length === b.length && a.every((row, i) => row.length === b[i].length && row.every((x, j) => x === b[i][j]));

/** Do U·B = B' and V·B' = B hold (and V·U = I when B is dependent, i.e. rank < rows)? */
export function checkSameLattice(b: IntMatrix, reduced: IntMatrix, u: IntMatrix, v: IntMatrix, rank: number): { ok: boolean; detail: string } {
  if (!equal(multiply(u, b), reduced)) return { ok: false, detail: 'U·B ≠ B\': the transform does not produce the answer' };
  if (!equal(multiply(v, reduced), b)) return { ok: false, detail: 'V·B\' ≠ B: the answer does not generate the input vectors' };
  if (rank < b.length) {
    const vu = multiply(v, u);
    if (vu === null || !vu.every((row, i) => row.every((x, j) => x === (i === j ? 1n : 0n)))) return { ok: false, detail: 'V·U ≠ I: the transform is not unimodular' };
  }
  return { ok: true, detail: `same lattice: U·B = B' and V·B' = B with integer U, V${rank < b.length ? ', V·U = I' : ' (B independent, so V·U = I and det U = ±1)'}` };
}

/** √x as the nearest double (x an exact integer, possibly beyond 2^53). */
export function sqrtToDouble(x: bigint): number {
  if (x < 1n << 1000n) {
    const s = Math.sqrt(Number(x));
    if (Number.isFinite(s)) return s;
  }
  // Beyond a double's range for x: scale by an even power of two.
  const shift = BigInt(x.toString(2).length - 1000) & ~1n;
  return Math.sqrt(Number(x >> shift)) * 2 ** Number(shift / 2n);
}
