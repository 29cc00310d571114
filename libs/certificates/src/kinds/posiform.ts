/**
 * `posiform` (optimize): the QUBO written as C + Σ a_k·(a product of one or two literals), every
 * a_k ≥ 0, a literal being x_i or 1 − x_i (docs/certificates.md "posiform"). The checker expands
 * every term and compares the polynomial with the problem's coefficient by coefficient, exactly;
 * then E(x) ≥ C for every x ∈ {0,1}^n (every term is ≥ 0). Roof duality's certificate: the
 * residual network of a flow on the implication network is such a posiform.
 */
import { lcmDen, num, scaled, q, toText, type Q } from '../rational';
import { need } from '../report';
import { arr, obj, onlyKeys } from '../shape';
import type { Qubo } from '../problem';

/** A tree path's fixings: variable → 0 or 1 (the leaf's posiform may use only the free variables). */
export type VarFixings = ReadonlyMap<number, 0 | 1>;

/** The problem restricted by `fix`: the constant, h and w of the free variables (fixed ones substituted). */
function restricted(qb: Qubo, fix: VarFixings): { c: Q[]; h: Map<number, Q[]>; w: Map<number, Q[]> } {
  // Lists of rationals per coefficient, summed once scaled (no repeated gcds).
  const c: Q[] = [];
  const h = new Map<number, Q[]>();
  const w = new Map<number, Q[]>();
  const push = (m: Map<number, Q[]>, k: number, v: Q): void => { const l = m.get(k); if (l) l.push(v); else m.set(k, [v]); };
  for (let i = 0; i < qb.n; i++) {
    const f = fix.get(i);
    if (f === undefined) push(h, i, qb.h[i]);
    else if (f === 1) c.push(qb.h[i]);
  }
  for (const e of qb.pairs) {
    const fi = fix.get(e.i), fj = fix.get(e.j);
    if (fi === undefined && fj === undefined) push(w, e.i * qb.n + e.j, e.w);
    else if (fi === undefined) { if (fj === 1) push(h, e.i, e.w); }
    else if (fj === undefined) { if (fi === 1) push(h, e.j, e.w); }
    else if (fi === 1 && fj === 1) c.push(e.w);
  }
  return { c, h, w };
}

/** A literal: i + 1 for x_i, −(i + 1) for 1 − x_i (a JSON integer). */
function literal(x: unknown, n: number, where: string, step: string): { v: number; pos: boolean } {
  need(typeof x === 'number' && Number.isInteger(x) && x !== 0 && Math.abs(x) <= n, step, `${where}: a literal is i + 1 (x_i) or −(i + 1) (1 − x_i) with 0 ≤ i < ${n}`);
  return { v: Math.abs(x as number) - 1, pos: (x as number) > 0 };
}

/**
 * Checks a `posiform` for the QUBO (restricted by `fix` in a tree leaf) and returns its bound C.
 * Steps: `posiform.terms[t]` (a malformed term, a negative coefficient, a fixed or repeated
 * variable), `posiform.identity` (the expansion differs from the problem; the detail names the
 * first coefficient that differs).
 */
export function checkPosiform(qb: Qubo, cert: unknown, step: string, fix: VarFixings = new Map()): Q {
  const o = obj(cert, step);
  onlyKeys(o, ['constant', 'terms'], step);
  const C = num(o.constant, `${step}.constant`);
  const terms = arr(o.terms, `${step}.terms`);
  const n = qb.n;
  const P = restricted(qb, fix);
  // The posiform's expansion, as lists of rationals per coefficient (sign folded in).
  const c: Q[] = [C];
  const h = new Map<number, Q[]>();
  const w = new Map<number, Q[]>();
  const push = (m: Map<number, Q[]>, k: number, v: Q): void => { const l = m.get(k); if (l) l.push(v); else m.set(k, [v]); };
  terms.forEach((t0, t) => {
    const where = `${step}.terms[${t}]`;
    const t1 = arr(t0, where, where);
    need(t1.length === 2 || t1.length === 3, where, `${where}: expected [a, literal] or [a, literal, literal]`);
    const a = num(t1[0], `${where}[0]`);
    need(a.n >= 0n, where, `${where}: the coefficient ${toText(a)} is negative`);
    const lits = t1.slice(1).map((x, k) => literal(x, n, `${where}[${k + 1}]`, where));
    for (const l of lits) need(!fix.has(l.v), where, `${where}: x_${l.v} is fixed on the leaf's path`);
    const na: Q = { n: -a.n, d: a.d };
    if (lits.length === 1) {
      const [l] = lits;
      if (l.pos) push(h, l.v, a);
      else { c.push(a); push(h, l.v, na); }
      return;
    }
    let [l, m] = lits;
    need(l.v !== m.v, where, `${where}: the two literals are on one variable`);
    if (l.v > m.v) [l, m] = [m, l];
    const key = l.v * n + m.v;
    // (l)(m) with x̄ = 1 − x: the four cases.
    if (l.pos && m.pos) push(w, key, a);
    else if (l.pos) { push(h, l.v, a); push(w, key, na); }
    else if (m.pos) { push(h, m.v, a); push(w, key, na); }
    else { c.push(a); push(h, l.v, na); push(h, m.v, na); push(w, key, a); }
  });
  const sum = (xs: readonly Q[] | undefined): Q => {
    if (!xs || xs.length === 0) return q(0n);
    const d = lcmDen(xs);
    let s = 0n;
    for (const x of xs) s += scaled(x, d);
    return q(s, d);
  };
  const differs = (name: string, mine: Q, theirs: Q): string =>
    `${step}: the posiform's ${name} is ${toText(mine)}, the problem's ${toText(theirs)}`;
  const pc = sum(c), ec = sum(P.c);
  need(pc.n * ec.d === ec.n * pc.d, `${step}.identity`, () => differs('constant term', pc, ec));
  for (const k of new Set([...h.keys(), ...P.h.keys()])) {
    const a = sum(h.get(k)), b = sum(P.h.get(k));
    need(a.n * b.d === b.n * a.d, `${step}.identity`, () => differs(`coefficient of x_${k}`, a, b));
  }
  for (const k of new Set([...w.keys(), ...P.w.keys()])) {
    const a = sum(w.get(k)), b = sum(P.w.get(k));
    need(a.n * b.d === b.n * a.d, `${step}.identity`, () => differs(`coefficient of x_${Math.floor(k / n)}·x_${k % n}`, a, b));
  }
  return C;
}
