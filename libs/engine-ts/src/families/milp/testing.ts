/** Seeded `milp` instances and an independent optimum (no code shared with the engines). */
import { Prng } from '../../prng';
import type { MilpVarInput } from './canonical';

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
 * The least objective of an instance whose continuous part is convex (positive SEMIdefinite, so
 * singular curvature, fixed and linear-only variables included): every 0/1 assignment of the
 * binaries, and for each every face of the continuous box — each variable at lo, at hi or free — with
 * the free block's stationary point by Gaussian elimination with partial pivoting, kept when it is
 * unique and inside the box. A convex QP over a box has an optimum on a face whose free block is
 * non-singular (move along a flat direction to a bound), so the least of these is the optimum.
 * Keep 2^binaries · 3^continuous small (≤ ~10^5).
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
  const faces = 3 ** cont.length;
  for (let mask = 0; mask < 1 << bins.length; mask++) {
    for (let face = 0; face < faces; face++) {
      const x = new Array<number>(n).fill(0);
      bins.forEach((i, k) => (x[i] = (mask >> k) & 1));
      const free: number[] = [];
      let ok = true;
      for (let k = 0, f = face; k < cont.length; k++, f = Math.floor(f / 3)) {
        const i = cont[k];
        const side = f % 3;
        if (side === 2) free.push(i);
        else {
          x[i] = side === 0 ? lo[i] : hi[i];
          if (!Number.isFinite(x[i])) ok = false;
        }
      }
      if (!ok) continue;
      // H_FF x_F = −(c_F + H_F,rest x_rest), augmented matrix, partial pivoting.
      const m = free.length;
      const M = free.map((i) => {
        let r = d.linear[String(i)] ?? 0;
        for (let j = 0; j < n; j++) if (!free.includes(j)) r += H[i][j] * x[j];
        return [...free.map((j) => H[i][j]), -r];
      });
      let singular = false;
      for (let c = 0; c < m && !singular; c++) {
        let piv = c;
        for (let r = c + 1; r < m; r++) if (Math.abs(M[r][c]) > Math.abs(M[piv][c])) piv = r;
        if (Math.abs(M[piv][c]) < 1e-9) singular = true;
        else {
          [M[c], M[piv]] = [M[piv], M[c]];
          for (let r = 0; r < m; r++) {
            if (r === c) continue;
            const q = M[r][c] / M[c][c];
            for (let k = c; k <= m; k++) M[r][k] -= q * M[c][k];
          }
        }
      }
      if (singular) continue;
      free.forEach((i, r) => (x[i] = M[r][m] / M[r][r]));
      if (free.some((i) => x[i] < lo[i] - 1e-9 || x[i] > hi[i] + 1e-9)) continue;
      for (const i of free) x[i] = Math.min(hi[i], Math.max(lo[i], x[i]));
      best = Math.min(best, naiveMilpObjective(d, x));
    }
  }
  return best;
}

/** nb binaries and nc continuous variables in a random order (a Fisher–Yates shuffle), and the continuous indices. */
function shuffledKinds(r: Prng, nb: number, nc: number): { kinds: ('b' | 'c')[]; cont: number[] } {
  const kinds: ('b' | 'c')[] = [...Array(nb).fill('b'), ...Array(nc).fill('c')];
  for (let i = nb + nc - 1; i > 0; i--) {
    const j = r.nextInt(i + 1);
    [kinds[i], kinds[j]] = [kinds[j], kinds[i]];
  }
  return { kinds, cont: kinds.flatMap((k, i) => (k === 'c' ? [i] : [])) };
}

/**
 * A random instance whose continuous curvature is positive semidefinite but singular, the classes
 * that once drew false certificates: continuous variables without `diag` (linear-only, coupled to
 * binaries), fixed ones (lo = hi), rank-deficient blocks MᵀM (fewer rows than columns) coupled to
 * binaries; every continuous bound finite (an infinite one needs diag > 0, given only to an isolated
 * variable). Integer data.
 */
export function randomSingularMilp(seed: number, nb: number, nc: number): MilpInput {
  const r = new Prng(seed);
  const n = nb + nc;
  const { kinds, cont } = shuffledKinds(r, nb, nc);
  const linear: Record<string, number> = {};
  const diag: Record<string, number> = {};
  const quadratic: [number, number, number][] = [];
  // Roles of the continuous variables: 0 linear-only, 1 fixed, 2 in the rank-deficient block, 3 isolated with diag > 0 and an infinite bound.
  const role = cont.map(() => r.nextInt(4));
  const block = cont.filter((_, a) => role[a] === 2);
  const rows = Math.max(1, block.length - 1 - r.nextInt(2));
  const M = Array.from({ length: rows }, () => block.map(() => r.nextInt(5) - 2));
  const vars: MilpVarInput[] = kinds.map((k, i) => {
    if (k === 'b') return { domain: 'binary' };
    const a = cont.indexOf(i);
    const lo = -1 - r.nextInt(4);
    const hi = r.nextInt(4);
    if (role[a] === 1) return { domain: 'continuous', lo: hi - 2, hi: hi - 2 };
    if (role[a] === 3) return r.nextInt(2) ? { domain: 'continuous', lo } : { domain: 'continuous', lo: null, hi };
    return { domain: 'continuous', lo, hi };
  });
  block.forEach((ci, a) => {
    block.forEach((cj, b) => {
      let s = 0;
      for (let k = 0; k < rows; k++) s += M[k][a] * M[k][b];
      if (a === b && s !== 0) diag[String(ci)] = s;
      else if (a < b && s !== 0) quadratic.push([ci, cj, s]);
    });
  });
  cont.forEach((ci, a) => {
    if (role[a] === 3) diag[String(ci)] = 1 + r.nextInt(3);
    if (role[a] === 1 && r.nextInt(2)) diag[String(ci)] = r.nextInt(5) - 2; // a fixed variable's curvature is a constant
  });
  for (let i = 0; i < n; i++) linear[String(i)] = r.nextInt(13) - 6;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const fixedPair = [i, j].some((v) => kinds[v] === 'c' && role[cont.indexOf(v)] === 1);
      if ((kinds[i] === 'b' || kinds[j] === 'b' || fixedPair) && r.nextFloat() < 0.5) quadratic.push([i, j, r.nextInt(13) - 6]);
    }
    if (kinds[i] === 'b' && r.nextInt(2)) diag[String(i)] = r.nextInt(9) - 4;
  }
  return { vars, linear, diag, quadratic };
}

/**
 * A random instance. Convex: the continuous block is MᵀM + δI (positive definite), some bounds
 * infinite; couplings with binaries of any size. Not convex: an indefinite block over finite boxes.
 */
export function randomMilp(seed: number, nb: number, nc: number, convex = true): MilpInput {
  const r = new Prng(seed);
  const n = nb + nc;
  const { kinds, cont } = shuffledKinds(r, nb, nc);
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
