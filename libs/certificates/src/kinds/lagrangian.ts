/**
 * `lagrangian` (cover): for y ≥ 0 per element, bound = Σ_e y_e + Σ_S min(0, c_S − Σ_{e∈S} y_e)
 * (docs/certificates.md "lagrangian"). Inside a branch tree a set fixed to 1 contributes
 * c_S − Σ_{e∈S} y_e and a set fixed to 0 contributes nothing.
 */
import { lcmDen, num, q, scaled, type Q } from '../rational';
import { need } from '../report';
import { arr, obj, onlyKeys } from '../shape';
import type { Cover } from '../problem';

/** Set literals on a path: set index → 0 or 1. */
export type SetFixings = Map<number, 0 | 1>;

/**
 * One y read exactly: every set's reduced cost r_S = c_S − Σ_{e∈S} y_e and the free bound
 * Σ_e y_e + Σ_S min(0, r_S), all as integers over the common denominator `scale`. The y as
 * written (`raw`) lets a tree's next leaf with the very same y reuse them.
 */
export interface LagrangianTerms {
  readonly raw: readonly unknown[];
  readonly scale: bigint;
  readonly reduced: readonly bigint[];
  readonly free: bigint;
}

/** Reads and checks `cert`'s y (refusals at `<step>.y`), and computes its terms: one pass over the set entries. */
export function lagrangianTerms(c: Cover, cert: unknown, step: string): LagrangianTerms {
  const o = obj(cert, step);
  onlyKeys(o, ['y'], step);
  const raw = arr(o.y, `${step}.y`);
  need(raw.length === c.universe, `${step}.y`, `${step}.y: expected ${c.universe} numbers (one per element), got ${raw.length}`);
  const y = raw.map((x, e) => num(x, `${step}.y[${e}]`));
  y.forEach((v, e) => need(v.n >= 0n, `${step}.y`, `${step}.y[${e}] is negative`));
  const S = lcmDen([...y, ...c.costs]);
  const ys = y.map((v) => scaled(v, S));
  let free = 0n;
  for (const v of ys) free += v;
  const reduced = c.sets.map((set, t) => {
    let r = scaled(c.costs[t], S);
    for (const e of set) r -= ys[e];
    if (r < 0n) free += r;
    return r;
  });
  return { raw, scale: S, reduced, free };
}

/**
 * The terms again when `cert`'s y is written exactly as `prev`'s (the same JSON values, element by
 * element: then every number, and so every term, is the same), else null.
 */
export function sameTerms(prev: LagrangianTerms | null, cert: unknown): LagrangianTerms | null {
  if (prev === null || typeof cert !== 'object' || cert === null || Array.isArray(cert)) return null;
  const o = cert as Record<string, unknown>;
  const keys = Object.keys(o);
  if (keys.length !== 2 || !('y' in o) || !('kind' in o)) return null;
  const y = o.y;
  if (!Array.isArray(y) || y.length !== prev.raw.length) return null;
  for (let e = 0; e < y.length; e++) {
    const a = y[e];
    if (a !== prev.raw[e] || (typeof a !== 'number' && typeof a !== 'string')) return null;
  }
  return prev;
}

/** The bound of `t` with the path's fixings: a set fixed to 0 drops its min(0, r_S), one fixed to 1 counts r_S. */
export function boundWith(t: LagrangianTerms, fix: SetFixings): Q {
  let total = t.free;
  for (const [s, f] of fix) {
    const r = t.reduced[s];
    if (f === 0 && r < 0n) total -= r;
    else if (f === 1 && r >= 0n) total += r;
  }
  return q(total, t.scale);
}

export function checkLagrangian(c: Cover, cert: unknown, step: string, fix: SetFixings = new Map()): Q {
  return boundWith(lagrangianTerms(c, cert, step), fix);
}
