import { xorViolations } from '@svc/contracts/scoring';
import type { Rescored } from '../../internal/rescore';

/** Validated JSON input of `xorsat` (the fields the re-score reads). */
export interface XorsatTerms {
  readonly n: number;
  readonly equations: readonly { readonly vars: readonly number[]; readonly rhs: number }[];
}

/** Violated equations of x, straight from the request JSON (a repeated variable cancels by parity). */
export function xorsatViolations(t: XorsatTerms, x: ArrayLike<number>): number {
  return xorViolations(t.equations, x);
}

/** The violations of x with the number of equations as the tolerance scale (counts are exact). */
export function rescoreXorsat(t: XorsatTerms, x: ArrayLike<number>): Rescored {
  return { value: xorsatViolations(t, x), weightSum: t.equations.length };
}

/** What the system itself says, whatever the answer: the rank of its coefficients and whether it is consistent. */
export interface XorsatSystem {
  readonly rank: number;
  readonly consistent: boolean;
  /** Satisfying assignments as a decimal string: 2^(n−rank) when consistent, "0" otherwise. */
  readonly solutions: string;
}

/** Word operations above which the service does not run its own elimination (about 50 ms). */
export const XORSAT_RECHECK_WORK = 2 ** 26;

/** True when xorsatSystem's elimination of these terms costs at most XORSAT_RECHECK_WORK word operations (m · ⌈(n+1)/32⌉ · min(m, n+1)). */
export function recheckable(t: XorsatTerms): boolean {
  const m = t.equations.length;
  return m * Math.ceil((t.n + 1) / 32) * Math.min(m, t.n + 1) <= XORSAT_RECHECK_WORK;
}

/** Satisfying assignments as a decimal string: 2^(n−rank) when consistent, "0" otherwise. */
export function solutionsOf(n: number, rank: number, consistent: boolean): string {
  return consistent ? (1n << BigInt(n - rank)).toString() : '0';
}

/**
 * Column-by-column Gaussian elimination of the augmented matrix [A | rhs] over GF(2) (not the
 * engines' strips, peeling or lazy elimination): rank(A) counts pivots left of the rhs column; a
 * pivot in the rhs column means 0 = 1, an inconsistent system. Dense: only where `recheckable`.
 */
export function xorsatSystem(t: XorsatTerms): XorsatSystem {
  const n = t.n;
  const m = t.equations.length;
  const W = ((n + 1 + 31) >>> 5);
  const rows: Uint32Array[] = t.equations.map((eq) => {
    const r = new Uint32Array(W);
    for (const i of eq.vars) r[i >>> 5] ^= 1 << (i & 31);
    if (eq.rhs === 1) r[n >>> 5] ^= 1 << (n & 31);
    return r;
  });
  let rank = 0;
  let consistent = true;
  for (let c = 0; c <= n && rank < m; c++) {
    const w = c >>> 5;
    const bit = 1 << (c & 31);
    let pr = rank;
    while (pr < m && (rows[pr][w] & bit) === 0) pr++;
    if (pr === m) continue;
    [rows[rank], rows[pr]] = [rows[pr], rows[rank]];
    const P = rows[rank];
    for (let k = rank + 1; k < m; k++) {
      const R = rows[k];
      if ((R[w] & bit) === 0) continue;
      for (let q = w; q < W; q++) R[q] ^= P[q];
    }
    if (c === n) consistent = false;
    else rank++;
  }
  return { rank, consistent, solutions: solutionsOf(n, rank, consistent) };
}
