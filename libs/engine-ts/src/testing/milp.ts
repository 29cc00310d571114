/** Seeded `milp` instances and an independent optimum (no code shared with the engines). */
import { Prng } from '../prng';
import type { MilpVarInput } from '../families/milp/canonical';

export interface MilpInput {
  readonly vars: MilpVarInput[];
  readonly linear: Record<string, number>;
  readonly diag: Record<string, number>;
  readonly quadratic: [number, number, number][];
}

export function naiveMilpObjective(d: MilpInput, x: ArrayLike<number>): number {
  let f = 0;
  for (let i = 0; i < d.vars.length; i++) f += 0.5 * (d.diag[String(i)] ?? 0) * x[i] * x[i] + (d.linear[String(i)] ?? 0) * x[i];
  for (const [i, j, w] of d.quadratic) f += w * x[i] * x[j];
  return f;
}

/**
 * The least objective of a convex instance: every 0/1 assignment of the binaries, the continuous
 * part by projected coordinate descent run to convergence (40,000 sweeps at most).
 */
export function bruteMilp(d: MilpInput): number {
  const n = d.vars.length;
  const bins = d.vars.flatMap((v, i) => (v.domain === 'binary' ? [i] : []));
  const cont = d.vars.flatMap((v, i) => (v.domain === 'continuous' ? [i] : []));
  const lo = d.vars.map((v) => (v.domain === 'binary' ? 0 : v.lo ?? -Infinity));
  const hi = d.vars.map((v) => (v.domain === 'binary' ? 1 : v.hi ?? Infinity));
  const H = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) H[i][i] = d.diag[String(i)] ?? 0;
  for (const [i, j, w] of d.quadratic) {
    H[i][j] += w;
    H[j][i] += w;
  }
  let best = Infinity;
  for (let mask = 0; mask < 1 << bins.length; mask++) {
    const x = new Array<number>(n).fill(0);
    bins.forEach((i, k) => (x[i] = (mask >> k) & 1));
    for (const i of cont) x[i] = Math.min(hi[i] as number, Math.max(lo[i] as number, 0));
    for (let sweep = 0; sweep < 40_000; sweep++) {
      let moved = 0;
      for (const i of cont) {
        let g = d.linear[String(i)] ?? 0;
        for (let j = 0; j < n; j++) g += H[i][j] * x[j];
        const next = Math.min(hi[i] as number, Math.max(lo[i] as number, x[i] - g / H[i][i]));
        moved = Math.max(moved, Math.abs(next - x[i]));
        x[i] = next;
      }
      if (moved < 1e-14) break;
    }
    best = Math.min(best, naiveMilpObjective(d, x));
  }
  return best;
}

/**
 * A random instance. Convex: the continuous block is MᵀM + δI (positive definite), some bounds
 * infinite; couplings with binaries of any size. Not convex: an indefinite block over finite boxes.
 */
export function randomMilp(seed: number, nb: number, nc: number, convex = true): MilpInput {
  const r = new Prng(seed);
  const n = nb + nc;
  const kinds: ('b' | 'c')[] = [...Array(nb).fill('b'), ...Array(nc).fill('c')];
  for (let i = n - 1; i > 0; i--) {
    const j = r.nextInt(i + 1);
    [kinds[i], kinds[j]] = [kinds[j], kinds[i]];
  }
  const cont = kinds.flatMap((k, i) => (k === 'c' ? [i] : []));
  const vars: MilpVarInput[] = kinds.map((k) => {
    if (k === 'b') return { domain: 'binary' };
    const f = r.nextInt(4);
    const lo = -1 - r.nextInt(5);
    const hi = 1 + r.nextInt(5);
    return !convex || f === 0 ? { domain: 'continuous', lo, hi } : f === 1 ? { domain: 'continuous', lo } : f === 2 ? { domain: 'continuous', hi } : { domain: 'continuous', lo: null, hi: null };
  });
  const linear: Record<string, number> = {};
  const diag: Record<string, number> = {};
  const quadratic: [number, number, number][] = [];
  for (let i = 0; i < n; i++) linear[String(i)] = r.nextInt(21) - 10;
  const M = cont.map(() => cont.map(() => r.nextInt(7) - 3));
  cont.forEach((ci, a) => {
    cont.forEach((cj, b) => {
      let s = 0;
      for (let k = 0; k < cont.length; k++) s += M[k][a] * M[k][b];
      if (!convex) s = r.nextInt(9) - 4;
      if (a === b) diag[String(ci)] = convex ? s + 1 : s;
      else if (a < b && s !== 0) quadratic.push([ci, cj, s]);
    });
  });
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if ((kinds[i] === 'b' || kinds[j] === 'b') && r.nextFloat() < 0.5) quadratic.push([i, j, r.nextInt(13) - 6]);
    }
    if (kinds[i] === 'b' && r.nextInt(2)) diag[String(i)] = r.nextInt(9) - 4;
  }
  return { vars, linear, diag, quadratic };
}
