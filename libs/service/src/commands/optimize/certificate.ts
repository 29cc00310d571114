/**
 * optimize's certificates (docs/certificates.md `posiform`, `tree`). Roof duality, exactly: the
 * QUBO's coefficients, read as the checkers read them (a JSON number as its shortest decimal,
 * duplicates summed exactly from the request's own terms), are scaled by the least power of ten S
 * that makes them integers, the implication network of the
 * function G = 2S·E (node T, F, x_i, x̄_i; a term K·u·v gives arcs u → v̄ and v → ū of capacity
 * K/2, a linear term K·u arcs u → F and T → ū) carries a maximum flow (Dinic, integer capacities,
 * exact in doubles), and the residual network of any flow of value ν is a posiform of G with
 * constant 2S·c0 + ν: each arc u → w with residual r contributes r·u·w̄ (T = 1, F = 0; an arc into
 * T or out of F contributes nothing). Divided by 2S that is a posiform of E, written with exact
 * decimals. The producer expands it and checks the identity before it attaches anything.
 *
 * - A heuristic answer's `bound` carries the root posiform; when the engine's bound is stronger
 *   than it (branch and bound's, or float rounding), the bound is restated to what it proves.
 * - A certified answer carries the root posiform when it reaches the energy; else a `tree` over
 *   variables (x_i = 0 / x_i = 1) whose leaves are the posiforms of the restricted QUBOs, built
 *   here depth first (branching on the free variable of most absolute weight) up to
 *   TREE_MAX_NODES nodes (fewer on large problems: TREE_MAX_ARCS) and TREE_MAX_TERMS leaf terms;
 *   past either, null with the reason.
 */
import type { QuboProblem } from '@svc/engine-ts/families/qubo';
import type { CertificateProducer } from '../command-module';
import { exactDecimal } from '../shared/exact-decimal';

/** The most nodes of a tree the producer builds, and the most posiform terms over its leaves (about 1 MB of JSON). */
export const TREE_MAX_NODES = 2001;
export const TREE_MAX_TERMS = 60_000;
/** The most arcs the tree's flows may build together (nodes × 4·(n + pairs)): about a second of producer time at worst. */
export const TREE_MAX_ARCS = 20_000_000;
/** Arcs scanned by one flow before it stops (a partial flow still proves its own constant). */
const FLOW_WORK = 200_000_000;

/** The QUBO scaled to integers: value·10^places exact, every sum of the flow below 2^53. */
interface Scaled {
  n: number;
  /** Coefficients are integers in units of 10^−places (the checkers read numbers as their decimals). */
  places: number;
  h: Float64Array;
  i: Int32Array;
  j: Int32Array;
  w: Float64Array;
  integral: boolean;
}

/** The request's own terms (JSON numbers, duplicates unsummed), kept by the adapter for the producer. */
export interface RawTerms {
  readonly linear?: Readonly<Record<string, number>>;
  readonly quadratic?: ReadonlyArray<readonly number[]>;
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/;
/** The most decimal places the exact scaling takes (beyond: no certificate). */
const MAX_PLACES = 40;

/** A double as the checkers read it (its shortest round-trip decimal): mantissa and decimal places, or null. */
function decimalOf(x: number): { m: bigint; places: number } | null {
  const d = DECIMAL.exec(String(x));
  if (d === null) return null;
  const frac = d[3] ?? '';
  const places = frac.length - Number(d[4] ?? 0);
  let m = BigInt(d[2] + frac);
  if (d[1] === '-') m = -m;
  return places >= 0 ? { m, places } : { m: m * 10n ** BigInt(-places), places: 0 };
}

/**
 * The problem scaled by the least power of ten that makes every coefficient, read as the checkers
 * read it, an integer; duplicates summed exactly (from the request's own terms when given, else
 * from the canonical problem's doubles, e.g. the binary lane's). Null when a sum of the flow could
 * leave 2^53 or a number needs over MAX_PLACES decimals.
 */
export function scaleQubo(p: QuboProblem, raw?: RawTerms): Scaled | null {
  const n = p.n;
  const lin: Array<[number, number]> = [];
  const quad: Array<[number, number, number]> = [];
  if (raw !== undefined) {
    for (const [k, v] of Object.entries(raw.linear ?? {})) lin.push([Number(k), v]);
    for (const t of raw.quadratic ?? []) {
      if (t[0] === t[1]) lin.push([t[0], t[2]]);
      else quad.push([Math.min(t[0], t[1]), Math.max(t[0], t[1]), t[2]]);
    }
  } else {
    for (let i = 0; i < n; i++) if (p.linear[i] !== 0) lin.push([i, p.linear[i]]);
    for (let k = 0; k < p.pairs.w.length; k++) quad.push([p.pairs.i[k], p.pairs.j[k], p.pairs.w[k]]);
  }
  const dl: Array<{ m: bigint; places: number }> = [];
  const dq: Array<{ m: bigint; places: number }> = [];
  let places = 0;
  for (const [, v] of lin) { const d = decimalOf(v); if (d === null) return null; dl.push(d); places = Math.max(places, d.places); }
  for (const [, , v] of quad) { const d = decimalOf(v); if (d === null) return null; dq.push(d); places = Math.max(places, d.places); }
  if (places > MAX_PLACES) return null;
  const up = (d: { m: bigint; places: number }): bigint => d.m * 10n ** BigInt(places - d.places);
  const h = new Array<bigint>(n).fill(0n);
  lin.forEach(([i], t) => { h[i] += up(dl[t]); });
  // Pairs: summed exactly in the canonical problem's pair order (its pairs are the merged set).
  const slot = new Map<number, number>();
  for (let k = 0; k < p.pairs.w.length; k++) slot.set(p.pairs.i[k] * n + p.pairs.j[k], k);
  const wq = new Array<bigint>(p.pairs.w.length).fill(0n);
  const extra: Array<[number, number, bigint]> = [];
  quad.forEach(([i, j], t) => {
    const k = slot.get(i * n + j);
    if (k !== undefined) wq[k] += up(dq[t]);
    else extra.push([i, j, up(dq[t])]);
  });
  // A pair the canonical problem dropped (its double sum was 0) whose exact sum is not: keep it.
  const ei: number[] = [];
  const ej: number[] = [];
  const ew: bigint[] = [];
  const extraSlot = new Map<number, number>();
  for (const [i, j, v] of extra) {
    const key = i * n + j;
    const at = extraSlot.get(key);
    if (at === undefined) { extraSlot.set(key, ew.length); ei.push(i); ej.push(j); ew.push(v); } else ew[at] += v;
  }
  let abs = 0n;
  const scale = 10n ** BigInt(places);
  let integral = true;
  for (const v of [...h, ...wq, ...ew]) { abs += v < 0n ? -v : v; if (v % scale !== 0n) integral = false; }
  // G = 2L·E: every capacity, flow and residual sum is at most 4·L·Σ|coefficient| (units 1/2L).
  if (abs * 8n >= 2n ** 53n) return null;
  return {
    n, places, integral,
    h: Float64Array.from(h, Number),
    i: Int32Array.from([...p.pairs.i, ...ei]),
    j: Int32Array.from([...p.pairs.j, ...ej]),
    w: Float64Array.from([...wq, ...ew], Number),
  };
}

/** A posiform of the QUBO restricted by a fixing: terms [coefficient, literal, literal?] (literals ±(i+1)) and constant, both in units of 1/2S. */
interface Posiform {
  constant: number;
  terms: Array<[number, number] | [number, number, number]>;
}

/**
 * The roof-dual posiform of `s` restricted by `fix` (fix[i] = −1 free, 0 or 1 fixed), in units of
 * 1/(2S), or null when the identity check fails (a fault: nothing is attached).
 *
 * Arcs come in groups of four (two arcs and their reverses), one group per posiform term of the
 * network: a pair group's forward arcs are the term and their reverses its complement term
 * (x_i·x_j and x̄_i·x̄_j for W > 0; x_i·x̄_j and x̄_i·x_j for W < 0); a linear group's forward arcs
 * are the term u (u → F, T → ū) and its reverses vanish (F → u, ū → T). So the residual posiform
 * is read group by group, each term appearing in one group only.
 */
export function roofPosiform(s: Scaled, fix: Int8Array): Posiform | null {
  const n = s.n;
  // The restricted function (units of S): constant K, linear a_i, pairs of free variables.
  let K = 0;
  const lin = new Float64Array(n);
  const pairs: number[] = [];
  for (let i = 0; i < n; i++) {
    if (fix[i] < 0) lin[i] += s.h[i];
    else if (fix[i] === 1) K += s.h[i];
  }
  for (let k = 0; k < s.w.length; k++) {
    const i = s.i[k], j = s.j[k], w = s.w[k];
    if (w === 0) continue;
    if (fix[i] < 0 && fix[j] < 0) pairs.push(k);
    else if (fix[i] < 0) { if (fix[j] === 1) lin[i] += w; }
    else if (fix[j] < 0) { if (fix[i] === 1) lin[j] += w; }
    else if (fix[i] === 1 && fix[j] === 1) K += w;
  }
  const a = Float64Array.from(lin);
  for (const k of pairs) if (s.w[k] < 0) lin[s.i[k]] += s.w[k];
  let groups = pairs.length;
  for (let i = 0; i < n; i++) if (fix[i] < 0 && lin[i] !== 0) groups++;
  // The network of G = 2S·E_free: node 0 = T, 1 = F, 2 + 2i = x_i, 3 + 2i = x̄_i; arc e's reverse is e ^ 1.
  const nodes = 2 * n + 2;
  const m = 4 * groups;
  const from = new Int32Array(m);
  const to = new Int32Array(m);
  const cap = new Float64Array(m);
  let at = 0;
  const arc = (u: number, v: number, c: number): void => {
    from[at] = u; to[at] = v; cap[at++] = c;
    from[at] = v; to[at] = u; cap[at++] = 0;
  };
  const x = (i: number): number => 2 + 2 * i;
  const xb = (i: number): number => 3 + 2 * i;
  for (const k of pairs) {
    const i = s.i[k], j = s.j[k], w = s.w[k];
    if (w > 0) { arc(x(i), xb(j), w); arc(x(j), xb(i), w); }
    else { arc(x(i), x(j), -w); arc(xb(j), xb(i), -w); }
  }
  let c0 = 0;
  const linVar: number[] = [];
  for (let i = 0; i < n; i++) {
    if (fix[i] >= 0 || lin[i] === 0) continue;
    linVar.push(i);
    if (lin[i] > 0) { arc(x(i), 1, lin[i]); arc(0, xb(i), lin[i]); }
    else { c0 += lin[i]; arc(xb(i), 1, -lin[i]); arc(0, x(i), -lin[i]); }
  }
  const flow = maxFlow(nodes, from, to, cap);
  // Residual groups as terms.
  const terms: Posiform['terms'] = [];
  let g = 0;
  for (const k of pairs) {
    const e = 4 * g++;
    const i = s.i[k] + 1, j = s.j[k] + 1;
    const fwd = cap[e] + cap[e + 2];
    const rev = cap[e + 1] + cap[e + 3];
    if (s.w[k] > 0) {
      if (fwd > 0) terms.push([fwd, i, j]);
      if (rev > 0) terms.push([rev, -i, -j]);
    } else {
      if (fwd > 0) terms.push([fwd, i, -j]);
      if (rev > 0) terms.push([rev, -i, j]);
    }
  }
  for (const i of linVar) {
    const e = 4 * g++;
    const r = cap[e] + cap[e + 2];
    if (r > 0) terms.push([r, lin[i] > 0 ? i + 1 : -(i + 1)]);
  }
  // Units of 1/(2S): G's constant is 2·c0 + flow, the fixed part 2K.
  const constant = 2 * K + 2 * c0 + flow;
  return identityHolds(n, a, K, pairs, s, constant, terms) ? { constant, terms } : null;
}

/** Dinic's maximum flow from node 0 to node 1 on integer capacities (residuals left in `cap`); stops after FLOW_WORK arcs scanned. */
function maxFlow(nodes: number, from: Int32Array, to: Int32Array, cap: Float64Array): number {
  const m = cap.length;
  const start = new Int32Array(nodes + 1);
  for (let e = 0; e < m; e++) start[from[e] + 1]++;
  for (let v = 0; v < nodes; v++) start[v + 1] += start[v];
  const adj = new Int32Array(m);
  const fill = start.slice(0, nodes);
  for (let e = 0; e < m; e++) adj[fill[from[e]]++] = e;
  const level = new Int32Array(nodes);
  const it = new Int32Array(nodes);
  const queue = new Int32Array(nodes);
  const path = new Int32Array(nodes);
  let flow = 0;
  let work = 0;
  while (work < FLOW_WORK) {
    level.fill(-1);
    level[0] = 0;
    let qh = 0, qt = 0;
    queue[qt++] = 0;
    while (qh < qt) {
      const u = queue[qh++];
      for (let q = start[u]; q < start[u + 1]; q++) {
        const e = adj[q];
        work++;
        if (cap[e] > 0 && level[to[e]] < 0) { level[to[e]] = level[u] + 1; queue[qt++] = to[e]; }
      }
    }
    if (level[1] < 0) break;
    it.set(start.subarray(0, nodes));
    let depth = 0;
    let u = 0;
    while (work < FLOW_WORK) {
      if (u === 1) {
        let b = Infinity;
        for (let d = 0; d < depth; d++) b = Math.min(b, cap[path[d]]);
        let back = depth;
        for (let d = 0; d < depth; d++) {
          const e = path[d];
          cap[e] -= b;
          cap[e ^ 1] += b;
          if (back === depth && cap[e] === 0) back = d;
        }
        flow += b;
        depth = back;
        u = depth === 0 ? 0 : to[path[depth - 1]];
        continue;
      }
      let q = it[u];
      for (; q < start[u + 1]; q++) {
        work++;
        const e = adj[q];
        if (cap[e] > 0 && level[to[e]] === level[u] + 1) break;
      }
      it[u] = q;
      if (q < start[u + 1]) { path[depth++] = adj[q]; u = to[adj[q]]; continue; }
      level[u] = -1;
      if (depth === 0) break;
      depth--;
      u = depth === 0 ? 0 : from[path[depth]];
      it[u]++;
    }
  }
  return flow;
}

/**
 * The posiform (units of 1/2S) expands to 2S·E restricted (linear `a` and constant K in units of
 * S, the free pairs `pairs`), coefficient by coefficient: every literal free, every coefficient
 * positive, each pair's terms on that pair.
 */
function identityHolds(n: number, a: Float64Array, K: number, pairs: number[], s: Scaled, constant: number, terms: Posiform['terms']): boolean {
  let c = constant;
  const h = new Float64Array(n);
  const free = new Uint8Array(n);
  for (let i = 0; i < n; i++) h[i] = -2 * a[i];
  const slot = new Map<number, number>();
  const w = new Float64Array(pairs.length);
  pairs.forEach((k, t) => {
    free[s.i[k]] = free[s.j[k]] = 1;
    slot.set(s.i[k] * n + s.j[k], t);
    w[t] = -2 * s.w[k];
  });
  for (const t of terms) {
    const r = t[0];
    if (!(r > 0)) return false;
    if (t.length === 2) {
      const l = t[1], v = Math.abs(l) - 1;
      if (l > 0) h[v] += r; else { c += r; h[v] -= r; }
      continue;
    }
    const [, l1, l2] = t;
    const u = Math.abs(l1) - 1, v = Math.abs(l2) - 1;
    const at = slot.get(Math.min(u, v) * n + Math.max(u, v));
    if (at === undefined) return false;
    if (l1 > 0 && l2 > 0) w[at] += r;
    else if (l1 > 0) { h[u] += r; w[at] -= r; }
    else if (l2 > 0) { h[v] += r; w[at] -= r; }
    else { c += r; h[u] -= r; h[v] -= r; w[at] += r; }
  }
  if (c !== 2 * K) return false;
  for (let i = 0; i < n; i++) if (h[i] !== 0) return false;
  for (let t = 0; t < w.length; t++) if (w[t] !== 0) return false;
  return true;
}

/** The JSON of a posiform in units of 1/(2·10^places). */
function posiformJson(p: Posiform, places: number): { kind: 'posiform'; constant: string; terms: Array<Array<string | number>> } {
  // Integer problems (places 0): halves, written directly; else the exact decimal of v / (2·10^places).
  const dec = places === 0
    ? (v: number): string => (v % 2 === 0 ? String(v / 2) : `${v < 0 && v > -2 ? '-' : ''}${Math.trunc(v / 2)}.5`)
    : (v: number): string => `${v < 0 ? '-' : ''}${exactDecimal(BigInt(Math.abs(v)), 1, places)}`;
  return { kind: 'posiform', constant: dec(p.constant), terms: p.terms.map((t) => [dec(t[0]), ...t.slice(1)]) };
}

/** 2·10^places·energy of x, exactly (integers below 2^53 by scaleQubo's check). */
function scaledEnergy(s: Scaled, x: ArrayLike<number>): number {
  let e = 0;
  for (let i = 0; i < s.n; i++) if (x[i]) e += 2 * s.h[i];
  for (let k = 0; k < s.w.length; k++) if (x[s.i[k]] && x[s.j[k]]) e += 2 * s.w[k];
  return e;
}

/**
 * A `tree` whose every leaf's posiform reaches `target` (units of 1/2S), built depth first, or
 * the reason there is none within the caps.
 */
export function posiformTree(s: Scaled, target: number, root?: Posiform): { nodes: unknown[] } | { omitted: string } {
  const n = s.n;
  // Branching order: the variables by Σ|w| + |h| descending (ties by index).
  const weight = new Float64Array(n);
  for (let i = 0; i < n; i++) weight[i] = Math.abs(s.h[i]);
  for (let k = 0; k < s.w.length; k++) { weight[s.i[k]] += Math.abs(s.w[k]); weight[s.j[k]] += Math.abs(s.w[k]); }
  const order = Array.from({ length: n }, (_, i) => i).sort((p, q) => weight[q] - weight[p] || p - q);
  const fix = new Int8Array(n).fill(-1);
  const nodes: unknown[] = [];
  const maxNodes = Math.min(TREE_MAX_NODES, Math.floor(TREE_MAX_ARCS / (4 * (n + s.w.length))));
  let terms = 0;
  let fault = false;
  const visit = (depth: number): boolean => {
    if (nodes.length >= maxNodes || terms > TREE_MAX_TERMS) return false;
    // The root's posiform is the caller's when given (no second flow).
    const p = depth === 0 && root !== undefined ? root : roofPosiform(s, fix);
    if (p === null) { fault = true; return false; }
    if (p.constant >= target) {
      terms += p.terms.length;
      nodes.push({ leaf: posiformJson(p, s.places) });
      return terms <= TREE_MAX_TERMS;
    }
    // Every variable fixed: the constant is the point's energy, so it reaches any true optimum.
    if (depth >= n) { fault = true; return false; }
    const v = order[depth];
    nodes.push({ split: v });
    for (const b of [0, 1] as const) {
      fix[v] = b;
      const ok = visit(depth + 1);
      fix[v] = -1;
      if (!ok) return false;
    }
    return true;
  };
  if (visit(0)) return { nodes };
  if (fault) return { omitted: 'the roof-duality tree found a region below the answer\'s energy (no certificate)' };
  return { omitted: `the roof-duality tree needs over ${maxNodes} nodes or ${TREE_MAX_TERMS} terms (re-run locally)` };
}

/** The request's own terms of a prepared optimize solve (set by the adapter; absent on the binary lane). */
export const RAW_TERMS = new WeakMap<object, RawTerms>();

export const optimizeCertificate: CertificateProducer = (prep, r, done) => {
  const p = prep.problem;
  if (p.kind !== 'qubo') return { omitted: 'not produced for this problem' };
  if (done.proof === null && done.bound === undefined) return { omitted: 'heuristic answer: nothing to prove' };
  const s = scaleQubo(p, RAW_TERMS.get(prep));
  if (s === null) return { omitted: 'the coefficients need too many digits for the exact roof-duality flow' };
  const free = new Int8Array(s.n).fill(-1);
  const root = roofPosiform(s, free);
  if (root === null) return { omitted: 'the roof-duality posiform failed its own identity check (no certificate)' };
  const unit = 2n * 10n ** BigInt(s.places);
  const energy = scaledEnergy(s, r.answer);
  // Integral objectives: a bound above energy − 1 proves the energy (no integer between).
  const integral = s.integral && Number.isSafeInteger(Number(unit));
  const target = integral ? energy - Number(unit) + 1 : energy;
  if (done.proof !== null) {
    if (root.constant >= target) return { certificate: posiformJson(root, s.places) };
    const tree = posiformTree(s, target, root);
    if ('omitted' in tree) return done.proof === 'exhaustive' && !tree.omitted.startsWith('the roof-duality tree found') ? { omitted: `exhaustive enumeration; ${tree.omitted}` } : tree;
    return { certificate: { kind: 'tree', nodes: tree.nodes } };
  }
  const certificate = posiformJson(root, s.places);
  // The bound it proves as a double never above it: ⌈C⌉ exactly for integral problems, else the
  // nearest double of C lowered by one ulp's worth (the claims' slack covers it).
  const c = BigInt(root.constant);
  const ceil = c >= 0n ? (c + unit - 1n) / unit : -((-c) / unit);
  const near = Number(certificate.constant);
  const proven = integral ? Number(ceil) : near - Math.abs(near) * 2 ** -52 - Number.MIN_VALUE;
  const bound = done.bound!;
  if (proven >= bound) return { certificate };
  const e = r.objective;
  return { certificate, restate: { bound: proven, gap: Math.abs(e - proven) / Math.max(1, Math.abs(e)) } };
};
