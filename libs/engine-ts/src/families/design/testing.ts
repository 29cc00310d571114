/**
 * Seeded `design` instances and an independent brute force (no code shared with the engines), for
 * both engines' tests.
 */
import { Prng } from '../../prng';
import type { DesignInput } from './canonical';

/**
 * cos(2πd/K) with the rational values (0, ±½, ±1) snapped to exactly those: Math.cos(2π/3) is
 * −0.4999999999999998, and a half must round up (docs/design.md).
 */
export function snappedCos(d: number, K: number): number {
  const c = Math.cos((2 * Math.PI * d) / K);
  for (const r of [-1, -0.5, 0, 0.5, 1]) if (Math.abs(c - r) < 1e-12) return r;
  return c;
}

/** Energy of x straight from the request fields (cosine quantised as commands says: halves up). */
export function naiveDesignEnergy(d: DesignInput, x: ArrayLike<number>): number {
  let e = 0;
  for (const [s, v, w] of d.bias ?? []) if (x[s] === v) e += w;
  for (const [i, j] of d.bonds ?? []) {
    const a = x[i];
    const b = x[j];
    if (d.table !== undefined) e += d.table[a][b];
    else if (d.circular !== undefined) e += Math.floor(-d.circular.j * (d.circular.scale ?? 1) * snappedCos(Math.min((a - b + d.K) % d.K, (b - a + d.K) % d.K), d.K) + 0.5);
  }
  return e;
}

/** The least energy over all K^L answers (keep K^L ≤ ~10^5). */
export function bruteDesign(d: DesignInput): number {
  const x = new Array<number>(d.L).fill(0);
  let best = Infinity;
  for (;;) {
    best = Math.min(best, naiveDesignEnergy(d, x));
    let k = 0;
    while (k < d.L && ++x[k] === d.K) x[k++] = 0;
    if (k === d.L) return best;
  }
}

export type DesignShape = 'general' | 'tree' | 'chain' | 'colouring';

/** A random instance: a table (any sign, integers or quarters), a circular coupling or none; bias; repeated bonds. */
export function randomDesign(seed: number, L: number, K: number, shape: DesignShape = 'general'): DesignInput {
  const r = new Prng(seed);
  const bonds: [number, number][] = [];
  if (shape === 'tree') for (let s = 1; s < L; s++) bonds.push(r.nextInt(2) ? [r.nextInt(s), s] : [s, r.nextInt(s)]);
  else if (shape === 'chain') for (let s = 1; s < L; s++) bonds.push([s - 1, s]);
  else {
    const density = shape === 'colouring' ? 0.5 : 0.2 + r.nextFloat() * 0.5;
    for (let i = 0; i < L; i++) for (let j = i + 1; j < L; j++) if (r.nextFloat() < density) bonds.push(r.nextInt(2) ? [i, j] : [j, i]);
    if (shape === 'general' && bonds.length > 0 && r.nextInt(3) === 0) bonds.push(bonds[r.nextInt(bonds.length)]);
  }
  if (shape === 'colouring') {
    return { L, K, bonds, table: Array.from({ length: K }, (_, a) => Array.from({ length: K }, (_, b) => (a === b ? 1 : 0))) };
  }
  const kind = seed % 4;
  const bias: [number, number, number][] = [];
  const nb = r.nextInt(2 * L + 1);
  for (let t = 0; t < nb; t++) bias.push([r.nextInt(L), r.nextInt(K), kind === 3 ? (r.nextInt(41) - 20) / 4 : r.nextInt(11) - 5]);
  if (kind === 1) return { L, K, bias, bonds, circular: { j: 1 + r.nextInt(5), ...(r.nextInt(2) ? { scale: 2.5 } : {}) } };
  if (kind === 2 && seed % 8 === 2) return { L, K, bias, bonds };
  const table = Array.from({ length: K }, () => new Array<number>(K).fill(0));
  for (let a = 0; a < K; a++) {
    for (let b = a; b < K; b++) {
      const v = kind === 3 ? (r.nextInt(41) - 20) / 4 : r.nextInt(13) - 4;
      table[a][b] = v;
      table[b][a] = v;
    }
  }
  return { L, K, bias, bonds, table };
}
