/** Seeded `xorsat` instances and an independent brute force (no code shared with the engines). */
import { Prng } from '../prng';

export interface XorsatInput {
  readonly n: number;
  readonly equations: { vars: number[]; rhs: number }[];
}

/** Violated equations of x (0/1 per variable), straight from the input (repeats cancel by parity). */
export function naiveXorsatViolations(d: XorsatInput, x: ArrayLike<number>): number {
  let v = 0;
  for (const eq of d.equations) {
    let s = eq.rhs;
    for (const i of eq.vars) s ^= x[i];
    v += s & 1;
  }
  return v;
}

/** Fewest violations over all 2^n assignments, the GF(2) rank (by plain row reduction over arrays) and the solution count (keep n ≤ ~16). */
export function bruteXorsat(d: XorsatInput): { violations: number; solutions: number; rank: number } {
  let best = Infinity;
  let solutions = 0;
  const x = new Array<number>(d.n).fill(0);
  for (let mask = 0; mask < 2 ** d.n; mask++) {
    for (let i = 0; i < d.n; i++) x[i] = Math.floor(mask / 2 ** i) % 2;
    const v = naiveXorsatViolations(d, x);
    if (v === 0) solutions++;
    best = Math.min(best, v);
  }
  // Rank of the coefficient rows as arrays of 0/1.
  const rows = d.equations.map((eq) => {
    const r = new Array<number>(d.n).fill(0);
    for (const i of eq.vars) r[i] ^= 1;
    return r;
  });
  let rank = 0;
  for (let c = 0; c < d.n && rank < rows.length; c++) {
    const pr = rows.findIndex((r, k) => k >= rank && r[c] === 1);
    if (pr < 0) continue;
    [rows[rank], rows[pr]] = [rows[pr], rows[rank]];
    for (let k = 0; k < rows.length; k++) if (k !== rank && rows[k][c] === 1) for (let j = 0; j < d.n; j++) rows[k][j] ^= rows[rank][j];
    rank++;
  }
  return { violations: best, solutions, rank };
}

/**
 * A random system: `m` equations of 0..maxVars variables (repeats allowed, so some cancel); planted
 * (consistent: rhs from a hidden assignment) when `planted`, else random right-hand sides.
 */
export function randomXorsat(seed: number, n: number, m: number, maxVars: number, planted: boolean): XorsatInput {
  const r = new Prng(seed);
  const hidden = Array.from({ length: n }, () => r.nextInt(2));
  const equations = Array.from({ length: m }, () => {
    const k = r.nextInt(maxVars + 1);
    const vars = Array.from({ length: k }, () => r.nextInt(n));
    let rhs = r.nextInt(2);
    if (planted) {
      rhs = 0;
      for (const i of vars) rhs ^= hidden[i];
    }
    return { vars, rhs };
  });
  return { n, equations };
}
