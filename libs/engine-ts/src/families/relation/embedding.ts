/**
 * The search PSLQ hands over when its candidate is refused (over max_height, or not a relation of
 * the digits as sent) or its precision runs out: LLL (families/reduce/lll.ts, exact) on the
 * embedding lattice of the terms, rows (e_i, X_i) with X_i = ⌊x_i / 2^(prec − Dbits)⌋ the terms in
 * fixed point at the D working digits. A relation a of the terms is the lattice vector (a, Σ a_i X_i)
 * with a last entry of about n·max|a_i|, so the short reduced rows are the small relations: when the
 * relations form a lattice of rank r ≥ 2 (PSLQ stops at the first one, which may be over
 * max_height), LLL brings out a reduced basis of it. The candidates are the reduced rows whose last
 * entry is below 2^(Dbits − tolBits) (the residual PSLQ would call a candidate), then the sums and
 * differences of two of them, in that order; `judge` returns the relation a candidate stands for
 * (normalised and checked exactly) or null, and the lowest-height relation wins (the first on ties).
 *
 * The reduced basis also bounds every relation of the true values from below, rigorously: the
 * lattice holds (a, a·X) for each integer a, every nonzero lattice vector has norm at least
 * min_i ‖b_i*‖ (Gram–Schmidt), and for a relation a of true values within the allowances,
 * |a·X| ≤ c·‖a‖₁ ≤ c·√n·‖a‖ with c = `slack` (the fixed-point truncation, below 2, plus the largest
 * allowance in units of X). So ‖a‖² ≥ M = min_i ⌊d_i / (d_(i−1)·(1 + n·c²))⌋ (d_i the Gram
 * determinants, ‖b_i*‖² = d_i/d_(i−1)), which is what an abstention may claim.
 * The C++ twin (core/relation/embedding.cc) computes the same integers.
 */
import { lllReduce } from '../reduce/lll';

/** LLL's δ for the embedding lattice. */
export const EMBEDDING_DELTA = 0.99;

export interface EmbeddingOutcome {
  readonly relation: bigint[] | null;
  /** LLL's swaps (its work). */
  readonly swaps: number;
  /** A limit stopped LLL. */
  readonly stopped: boolean;
  /** M: every relation of the true values has ‖a‖² ≥ M (0 when stopped). */
  readonly normSquaredBound: bigint;
}

/** min_i ⌊d_i / (d_(i−1)·k)⌋ over the Gram determinants d_i of the rows of b (independent rows). */
export function gramSchmidtFloor(b: readonly bigint[][], k: bigint): bigint {
  const n = b.length;
  const dot = (x: readonly bigint[], y: readonly bigint[]) => x.reduce((acc, v, i) => acc + v * y[i], 0n);
  const d: bigint[] = [1n];
  const lambda: bigint[][] = Array.from({ length: n }, () => new Array<bigint>(n).fill(0n));
  let min = -1n;
  for (let r = 0; r < n; r++) {
    for (let j = 0; j <= r; j++) {
      let u = dot(b[r], b[j]);
      for (let i = 0; i < j; i++) u = (d[i + 1] * u - lambda[r][i] * lambda[j][i]) / d[i];
      if (j < r) lambda[r][j] = u;
      else d.push(u);
    }
    const q = d[r + 1] / (d[r] * k);
    if (min < 0n || q < min) min = q;
  }
  return min < 0n ? 0n : min;
}

const abs = (a: bigint): bigint => (a < 0n ? -a : a);
const height = (a: readonly bigint[]): bigint => a.reduce((m, c) => (abs(c) > m ? abs(c) : m), 0n);

export function embeddingSearch(x: readonly bigint[], prec: number, dbits: number, tolBits: number, slack: bigint, judge: (col: bigint[]) => bigint[] | null, stop: () => boolean): EmbeddingOutcome {
  const n = x.length;
  const shift = BigInt(prec - dbits);
  const rows = x.map((xi, i) => {
    const r = new Array<bigint>(n + 1).fill(0n);
    r[i] = 1n;
    r[n] = xi >> shift;
    return r;
  });
  const red = lllReduce(rows, EMBEDDING_DELTA, stop);
  if (red.stopped) return { relation: null, swaps: red.swaps, stopped: true, normSquaredBound: 0n };
  const limit = 1n << BigInt(dbits - tolBits);
  const near = red.basis.filter((r) => r.slice(0, n).some((c) => c !== 0n) && abs(r[n]) < limit);
  const candidates: bigint[][] = near.map((r) => r.slice(0, n));
  for (let i = 0; i < near.length; i++) {
    for (let j = i + 1; j < near.length; j++) {
      candidates.push(near[i].slice(0, n).map((c, k) => c + near[j][k]));
      candidates.push(near[i].slice(0, n).map((c, k) => c - near[j][k]));
    }
  }
  let best: bigint[] | null = null;
  for (const c of candidates) {
    if (c.every((v) => v === 0n)) continue;
    const a = judge(c);
    if (a !== null && (best === null || height(a) < height(best))) best = a;
  }
  const normSquaredBound = gramSchmidtFloor(red.basis, 1n + BigInt(n) * slack * slack);
  return { relation: best, swaps: red.swaps, stopped: false, normSquaredBound };
}
