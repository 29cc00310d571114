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

export function checkLagrangian(c: Cover, cert: unknown, step: string, fix: SetFixings = new Map()): Q {
  const o = obj(cert, step);
  onlyKeys(o, ['y'], step);
  const raw = arr(o.y, `${step}.y`);
  need(raw.length === c.universe, `${step}.y`, `${step}.y: expected ${c.universe} numbers (one per element), got ${raw.length}`);
  const y = raw.map((x, e) => num(x, `${step}.y[${e}]`));
  y.forEach((v, e) => need(v.n >= 0n, `${step}.y`, `${step}.y[${e}] is negative`));
  const S = lcmDen([...y, ...c.costs]);
  const ys = y.map((v) => scaled(v, S));
  let total = 0n;
  for (const v of ys) total += v;
  c.sets.forEach((set, t) => {
    const f = fix.get(t);
    if (f === 0) return;
    let r = scaled(c.costs[t], S);
    for (const e of set) r -= ys[e];
    if (f === 1 || r < 0n) total += r;
  });
  return q(total, S);
}
