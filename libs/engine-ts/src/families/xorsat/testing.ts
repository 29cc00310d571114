/** Seeded `xorsat` instances and an independent brute force (no code shared with the engines). */
import { Prng } from '../../prng';

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

/**
 * The GF(2) rank of the coefficients and whether the system is consistent, by plain row reduction
 * of [A | rhs] over one byte per entry (column by column; keep n·m under ~10^7).
 */
export function plainRankXorsat(d: XorsatInput): { rank: number; consistent: boolean } {
  const n = d.n;
  const rows = d.equations.map((eq) => {
    const r = new Uint8Array(n + 1);
    for (const i of eq.vars) r[i] ^= 1;
    r[n] = eq.rhs;
    return r;
  });
  let rank = 0;
  let consistent = true;
  for (let c = 0; c <= n && rank < rows.length; c++) {
    let pr = rank;
    while (pr < rows.length && rows[pr][c] === 0) pr++;
    if (pr === rows.length) continue;
    [rows[rank], rows[pr]] = [rows[pr], rows[rank]];
    const P = rows[rank];
    for (let k = rank + 1; k < rows.length; k++) {
      const R = rows[k];
      if (R[c] === 1) for (let j = c; j <= n; j++) R[j] ^= P[j];
    }
    if (c === n) consistent = false;
    else rank++;
  }
  return { rank, consistent };
}

/** Fewest violations over all 2^n assignments, the GF(2) rank (plainRankXorsat) and the solution count (keep n ≤ ~16). */
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
  return { violations: best, solutions, rank: plainRankXorsat(d).rank };
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

/**
 * A sparse system of the bench's shape: `m` equations of minVars..maxVars distinct variables
 * (uniform), planted (consistent: rhs from a hidden assignment) when `planted`, else random
 * right-hand sides; with `noise`, that many planted right-hand sides flipped (a noisy system).
 */
export function sparseXorsat(seed: number, n: number, m: number, minVars: number, maxVars: number, planted: boolean, noise = 0): XorsatInput {
  const r = new Prng(seed);
  const hidden = Uint8Array.from({ length: n }, () => r.nextInt(2));
  const equations = Array.from({ length: m }, () => {
    const k = Math.min(n, minVars + r.nextInt(maxVars - minVars + 1));
    const vars: number[] = [];
    while (vars.length < k) {
      const i = r.nextInt(n);
      if (!vars.includes(i)) vars.push(i);
    }
    let rhs = r.nextInt(2);
    if (planted) {
      rhs = 0;
      for (const i of vars) rhs ^= hidden[i];
    }
    return { vars, rhs };
  });
  for (let t = 0; t < noise; t++) equations[r.nextInt(m)].rhs ^= 1;
  return { n, equations };
}
