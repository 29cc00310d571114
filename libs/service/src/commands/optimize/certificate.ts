/**
 * optimize's certificates (docs/certificates.md `posiform`, `tree`). Roof duality, exactly: the
 * QUBO's coefficients are scaled by a power of two S to integers, the implication network of the
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

/** The QUBO scaled to integers: value·2^shift exact, every sum of the flow below 2^53. */
interface Scaled {
  n: number;
  shift: number;
  h: Float64Array;
  i: Int32Array;
  j: Int32Array;
  w: Float64Array;
  integral: boolean;
}

function fracBits(x: number): number {
  let k = 0;
  while (!Number.isInteger(x * 2 ** k)) if (++k > 80) return Infinity;
  return k;
}

/** The problem scaled by the least 2^shift that makes it integral, or null when the flow's sums could leave 2^53. */
export function scaleQubo(p: QuboProblem): Scaled | null {
  let shift = 0;
  let abs = 0;
  const see = (x: number): boolean => {
    if (!Number.isFinite(x)) return false;
    if (!Number.isInteger(x)) shift = Math.max(shift, fracBits(x));
    abs += Math.abs(x);
    return true;
  };
  for (let i = 0; i < p.linear.length; i++) if (!see(p.linear[i])) return null;
  for (let k = 0; k < p.pairs.w.length; k++) if (!see(p.pairs.w[k])) return null;
  // G = 2S·E: every capacity, flow and residual sum is at most 4·S·Σ|coefficient|.
  if (!(abs * 2 ** (shift + 3) < 2 ** 53)) return null;
  const S = 2 ** shift;
  const h = Float64Array.from(p.linear, (x) => x * S);
  const w = Float64Array.from(p.pairs.w, (x) => x * S);
  return { n: p.n, shift, h, i: Int32Array.from(p.pairs.i), j: Int32Array.from(p.pairs.j), w, integral: shift === 0 };
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

/** The JSON of a posiform in units of 1/2^(shift+1). */
function posiformJson(p: Posiform, shift: number): { kind: 'posiform'; constant: string; terms: Array<Array<string | number>> } {
  // Integer problems (shift 0): halves, written directly; else the exact decimal of v / 2^(shift+1).
  const dec = shift === 0
    ? (v: number): string => (v % 2 === 0 ? String(v / 2) : `${v < 0 && v > -2 ? '-' : ''}${Math.trunc(v / 2)}.5`)
    : (v: number): string => `${v < 0 ? '-' : ''}${exactDecimal(BigInt(Math.abs(v)), shift + 1, 0)}`;
  return { kind: 'posiform', constant: dec(p.constant), terms: p.terms.map((t) => [dec(t[0]), ...t.slice(1)]) };
}

/** 2S·energy of x, exactly (integers below 2^53 by scaleQubo's check). */
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
export function posiformTree(s: Scaled, target: number): { nodes: unknown[] } | { omitted: string } {
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
    const p = roofPosiform(s, fix);
    if (p === null) { fault = true; return false; }
    if (p.constant >= target) {
      terms += p.terms.length;
      nodes.push({ leaf: posiformJson(p, s.shift) });
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

export const optimizeCertificate: CertificateProducer = (prep, r, done) => {
  const p = prep.problem;
  if (p.kind !== 'qubo') return { omitted: 'not produced for this problem' };
  if (done.proof === null && done.bound === undefined) return { omitted: 'heuristic answer: nothing to prove' };
  const s = scaleQubo(p);
  if (s === null) return { omitted: 'the coefficients span too many binary digits for the exact roof-duality flow' };
  const free = new Int8Array(s.n).fill(-1);
  const root = roofPosiform(s, free);
  if (root === null) return { omitted: 'the roof-duality posiform failed its own identity check (no certificate)' };
  const unit = 2 ** (s.shift + 1);
  const energy = scaledEnergy(s, r.answer);
  // Integral objectives: a bound above energy − 1 proves the energy (no integer between).
  const target = s.integral ? energy - unit + 1 : energy;
  if (done.proof !== null) {
    if (root.constant >= target) return { certificate: posiformJson(root, s.shift) };
    const tree = posiformTree(s, target);
    if ('omitted' in tree) return done.proof === 'exhaustive' && !tree.omitted.startsWith('the roof-duality tree found') ? { omitted: `exhaustive enumeration; ${tree.omitted}` } : tree;
    return { certificate: { kind: 'tree', nodes: tree.nodes } };
  }
  const certificate = posiformJson(root, s.shift);
  // The bound it proves as a double (an integer below 2^53 over a power of two: exact), ⌈·⌉ for integral problems.
  const proven = s.integral ? Math.ceil(root.constant / unit) : root.constant / unit;
  const bound = done.bound!;
  if (proven >= bound) return { certificate };
  const e = r.objective;
  return { certificate, restate: { bound: proven, gap: Math.abs(e - proven) / Math.max(1, Math.abs(e)) } };
};
