/**
 * `cycle_packing` (rank, Kemeny): triangles i→j→k→i of the strict majority relation with λ ≥ 0,
 * the λ's on any arc at most its margin |w_ij − w_ji|; bound = base + Σλ with
 * base = Σ_{i<j} min(w_ij, w_ji) (docs/certificates.md "cycle_packing"). Inside a branch tree a pair
 * fixed on the path costs exactly the votes it contradicts, and a triangle may not use a fixed pair.
 */
import { add, lcmDen, num, q, scaled, type Q } from '../rational';
import { need } from '../report';
import { arr, index, obj, onlyKeys } from '../shape';
import type { Rank } from '../problem';

/** Pair literals on a path: key min·n + max → the item placed first. */
export type PairFixings = Map<number, number>;

export function rankBase(r: Rank, fix: PairFixings): bigint {
  let base = 0n;
  for (let i = 0; i < r.n; i++) {
    for (let j = i + 1; j < r.n; j++) {
      const first = fix.get(i * r.n + j);
      const a = r.w[i][j], b = r.w[j][i];
      base += BigInt(first === undefined ? Math.min(a, b) : first === i ? b : a);
    }
  }
  return base;
}

export function checkCyclePacking(r: Rank, cert: unknown, step: string, fix: PairFixings = new Map()): Q {
  const o = obj(cert, step);
  onlyKeys(o, ['base', 'triangles'], step);
  const n = r.n;
  const base = rankBase(r, fix);
  if (o.base !== undefined) {
    const stated = num(o.base, `${step}.base`);
    need(stated.d === 1n && stated.n === base, `${step}.base`, `${step}.base: states ${o.base}, the votes give ${base}`);
  }
  const tris = arr(o.triangles, `${step}.triangles`);
  const lambdas: Q[] = [];
  const arcs: number[][] = [];
  tris.forEach((t, k) => {
    const where = `${step}.triangles[${k}]`;
    const tt = arr(t, where);
    need(tt.length === 4, 'shape', `${where}: expected [i, j, k, λ]`);
    const v = [0, 1, 2].map((m) => index(tt[m], n, `${where}[${m}]`));
    need(v[0] !== v[1] && v[1] !== v[2] && v[0] !== v[2], where, `${where}: the three items must differ`);
    const lam = num(tt[3], `${where}[3]`);
    need(lam.n >= 0n, where, `${where}: λ is negative`);
    for (let m = 0; m < 3; m++) {
      const a = v[m], b = v[(m + 1) % 3];
      need(r.w[a][b] > r.w[b][a], where, `${where}: ${a}→${b} is not a majority arc (${r.w[a][b]} votes against ${r.w[b][a]})`);
      need(!fix.has(Math.min(a, b) * n + Math.max(a, b)), where, `${where}: uses the pair ${a}, ${b} fixed on its branch path`);
    }
    lambdas.push(lam);
    arcs.push(v);
  });
  // Σλ per arc ≤ margin, in integers scaled by the common denominator.
  const S = lcmDen(lambdas);
  const load = new Map<number, bigint>();
  arcs.forEach((v, k) => {
    for (let m = 0; m < 3; m++) {
      const a = v[m], b = v[(m + 1) % 3];
      const key = a * n + b;
      const l = (load.get(key) ?? 0n) + scaled(lambdas[k], S);
      need(l <= BigInt(r.w[a][b] - r.w[b][a]) * S, `${step}.triangles[${k}]`, `${step}.triangles[${k}]: the λ's on arc ${a}→${b} sum past its margin ${r.w[a][b] - r.w[b][a]}`);
      load.set(key, l);
    }
  });
  let bound = q(base);
  for (const l of lambdas) bound = add(bound, l);
  return bound;
}
