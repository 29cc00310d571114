/**
 * The problems and answers the checkers read (docs/certificates.md "Objectives"): each reader takes
 * the request JSON itself (no engine, no service code) and refuses at step `problem` or `answer`
 * what it cannot read. Objectives are exact rationals.
 */
import { tsplibDistance, type TsplibMetric } from '@svc/contracts/tsplib';
import { add, num, q, ZERO, type Q } from './rational';
import { Refusal, need } from './report';
import { arr, index, isObj, obj, type Obj } from './shape';

const P = 'problem';

export function problemObj(problem: unknown): Obj {
  return obj(problem, 'problem', P);
}

function count(x: unknown, where: string): number {
  need(typeof x === 'number' && Number.isInteger(x) && x >= 1, P, `${where}: expected a positive integer`);
  return x as number;
}

/* ---------- tsp ---------- */

export interface Tsp {
  n: number;
  /** The distance from i to j (an integer). */
  d(i: number, j: number): bigint;
  /** The same distance as a double (exact: every distance is a safe integer). */
  dn(i: number, j: number): number;
  /** An upper bound on |d(i, j)| (for the checkers' choice of exact double arithmetic). */
  dmax: number;
  symmetric: boolean;
}

const METRICS = ['euc_2d', 'ceil_2d', 'att', 'geo'];

export function readTsp(problem: unknown): Tsp {
  const p = problemObj(problem);
  if (p.matrix !== undefined) {
    const rows = arr(p.matrix, 'problem.matrix', P);
    const n = rows.length;
    need(n >= 2, P, 'problem.matrix: expected at least 2 cities');
    const m: bigint[][] = [];
    let dmax = 0;
    for (let i = 0; i < n; i++) {
      const r = arr(rows[i], `problem.matrix[${i}]`, P);
      need(r.length === n, P, `problem.matrix[${i}]: expected ${n} entries`);
      m.push(r.map((x, j) => {
        need(typeof x === 'number' && Number.isSafeInteger(x), P, `problem.matrix[${i}][${j}]: expected an integer`);
        dmax = Math.max(dmax, Math.abs(x as number));
        return BigInt(x as number);
      }));
    }
    let symmetric = true;
    for (let i = 0; i < n && symmetric; i++) for (let j = i + 1; j < n; j++) if (m[i][j] !== m[j][i]) { symmetric = false; break; }
    return { n, d: (i, j) => m[i][j], dn: (i, j) => Number(m[i][j]), dmax, symmetric };
  }
  const pts = arr(p.points, 'problem.points', P);
  const n = pts.length;
  need(n >= 2, P, 'problem.points: expected at least 2 cities');
  const metric = (p.metric ?? 'euc_2d') as TsplibMetric;
  need(METRICS.includes(metric), P, `problem.metric: expected one of ${METRICS.join(', ')}`);
  const xs = new Float64Array(n), ys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const pt = arr(pts[i], `problem.points[${i}]`, P);
    need(pt.length === 2 && Number.isFinite(pt[0]) && Number.isFinite(pt[1]), P, `problem.points[${i}]: expected [x, y]`);
    xs[i] = pt[0] as number; ys[i] = pt[1] as number;
  }
  let lo = Infinity, hi = -Infinity;
  for (let i = 0; i < n; i++) { lo = Math.min(lo, xs[i], ys[i]); hi = Math.max(hi, xs[i], ys[i]); }
  // Every TSPLIB distance is at most the bounding square's diagonal rounded up (geo: half the earth's circumference in km).
  const dmax = metric === 'geo' ? 20_100 : Math.ceil(Math.SQRT2 * (hi - lo)) + 2;
  const dn = (i: number, j: number) => tsplibDistance(metric, xs[i], ys[i], xs[j], ys[j]);
  return { n, d: (i, j) => BigInt(dn(i, j)), dn, dmax, symmetric: true };
}

/** A tour: a permutation of 0..n−1. */
export function readTour(answer: unknown, n: number): number[] {
  const t = arr(answer, 'answer', 'answer');
  need(t.length === n, 'answer', `answer: expected a tour of ${n} cities, got ${t.length}`);
  const seen = new Uint8Array(n);
  return t.map((c, k) => {
    const i = index(c, n, `answer[${k}]`, 'answer');
    need(!seen[i], 'answer', `answer: city ${i} appears twice`);
    seen[i] = 1;
    return i;
  });
}

export function tourLength(tsp: Tsp, tour: readonly number[]): Q {
  let s = 0n;
  for (let k = 0; k < tour.length; k++) s += tsp.d(tour[k], tour[(k + 1) % tour.length]);
  return q(s);
}

/* ---------- maxcut / optimize (weighted graphs) ---------- */

export interface Graph {
  n: number;
  /** Edges with duplicates merged (i < j), the weight the sum of the listed weights. */
  edges: { i: number; j: number; w: Q }[];
  integral: boolean;
}

function mergeEdges(n: number, list: { i: number; j: number; w: Q }[]): Graph {
  const byPair = new Map<number, number>();
  const edges: { i: number; j: number; w: Q }[] = [];
  for (const e of list) {
    const i = Math.min(e.i, e.j), j = Math.max(e.i, e.j);
    const key = i * n + j;
    const at = byPair.get(key);
    if (at === undefined) { byPair.set(key, edges.length); edges.push({ i, j, w: e.w }); } else edges[at] = { i, j, w: add(edges[at].w, e.w) };
  }
  // Integral once duplicates are summed (0.5 listed twice is one edge of weight 1), as the Python checker reads it.
  return { n, edges, integral: edges.every((e) => e.w.d === 1n) };
}

export function readMaxcut(problem: unknown): Graph {
  const p = problemObj(problem);
  const n = count(p.n, 'problem.n');
  const list: { i: number; j: number; w: Q }[] = [];
  if (p.complete === true) {
    need(n <= 2000, 'size', `problem: the complete graph on ${n} nodes is over the checker's cap of 2000 nodes`);
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) list.push({ i, j, w: q(1n) });
  } else {
    const es = arr(p.edges, 'problem.edges', P);
    es.forEach((e, k) => {
      const t = arr(e, `problem.edges[${k}]`, P);
      need(t.length === 3, P, `problem.edges[${k}]: expected [i, j, w]`);
      const i = index(t[0], n, `problem.edges[${k}][0]`, P), j = index(t[1], n, `problem.edges[${k}][1]`, P);
      need(i !== j, P, `problem.edges[${k}]: an edge joins two different nodes`);
      list.push({ i, j, w: num(t[2], `problem.edges[${k}][2]`) });
    });
  }
  return mergeEdges(n, list);
}

/** A 0/1 vector of length n. */
export function readBits(answer: unknown, n: number): Uint8Array {
  const a = arr(answer, 'answer', 'answer');
  need(a.length === n, 'answer', `answer: expected ${n} entries of 0/1, got ${a.length}`);
  const x = new Uint8Array(n);
  a.forEach((b, k) => { need(b === 0 || b === 1, 'answer', `answer[${k}]: expected 0 or 1`); x[k] = b as number; });
  return x;
}

export function cutValue(g: Graph, x: Uint8Array): Q {
  let s = ZERO;
  for (const e of g.edges) if (x[e.i] !== x[e.j]) s = add(s, e.w);
  return s;
}

export interface Qubo { n: number; h: Q[]; pairs: { i: number; j: number; w: Q }[]; integral: boolean }

export function readQubo(problem: unknown): Qubo {
  const p = problemObj(problem);
  const n = count(p.n, 'problem.n');
  const h: Q[] = new Array(n).fill(ZERO);
  if (p.linear !== undefined) {
    const lin = obj(p.linear, 'problem.linear', P);
    for (const k of Object.keys(lin)) {
      need(/^(0|[1-9]\d*)$/.test(k) && Number(k) < n, P, `problem.linear: key ${JSON.stringify(k)} is not an index below n`);
      const w = num(lin[k], `problem.linear[${k}]`);
      h[Number(k)] = add(h[Number(k)], w);
    }
  }
  const list: { i: number; j: number; w: Q }[] = [];
  if (p.quadratic !== undefined) {
    arr(p.quadratic, 'problem.quadratic', P).forEach((e, k) => {
      const t = arr(e, `problem.quadratic[${k}]`, P);
      need(t.length === 3, P, `problem.quadratic[${k}]: expected [i, j, w]`);
      const i = index(t[0], n, `problem.quadratic[${k}][0]`, P), j = index(t[1], n, `problem.quadratic[${k}][1]`, P);
      const w = num(t[2], `problem.quadratic[${k}][2]`);
      if (i === j) h[i] = add(h[i], w); else list.push({ i, j, w });
    });
  }
  const g = mergeEdges(n, list);
  // Integral: every coefficient of the QUBO once duplicates are summed (h_i with its [i, i, w]
  // terms, w_ij over repeated pairs), as the Python checker reads it.
  const integral = h.every((x) => x.d === 1n) && g.edges.every((e) => e.w.d === 1n);
  return { n, h, pairs: g.edges, integral };
}

export function quboEnergy(qb: Qubo, x: Uint8Array): Q {
  let s = ZERO;
  for (let i = 0; i < qb.n; i++) if (x[i]) s = add(s, qb.h[i]);
  for (const e of qb.pairs) if (x[e.i] && x[e.j]) s = add(s, e.w);
  return s;
}

/* ---------- cover ---------- */

export interface Cover { universe: number; sets: number[][]; costs: Q[]; integral: boolean }

export function readCover(problem: unknown): Cover {
  const p = problemObj(problem);
  const universe = count(p.universe, 'problem.universe');
  const sets = arr(p.sets, 'problem.sets', P).map((s, t) => {
    const els = arr(s, `problem.sets[${t}]`, P).map((e, k) => index(e, universe, `problem.sets[${t}][${k}]`, P));
    return [...new Set(els)];
  });
  need(sets.length >= 1, P, 'problem.sets: expected at least one set');
  let integral = true;
  const costs = p.costs === undefined ? sets.map(() => q(1n)) : arr(p.costs, 'problem.costs', P).map((c, t) => num(c, `problem.costs[${t}]`));
  need(costs.length === sets.length, P, 'problem.costs: expected one cost per set');
  for (const c of costs) if (c.d !== 1n) integral = false;
  return { universe, sets, costs, integral };
}

/** The chosen sets (distinct indices) that together hold every element. */
export function readCoverAnswer(answer: unknown, c: Cover): number[] {
  const a = arr(answer, 'answer', 'answer');
  const chosen = [...new Set(a.map((t, k) => index(t, c.sets.length, `answer[${k}]`, 'answer')))];
  const covered = new Uint8Array(c.universe);
  for (const t of chosen) for (const e of c.sets[t]) covered[e] = 1;
  const miss = covered.indexOf(0);
  need(miss < 0, 'answer', `answer: element ${miss} is in none of the chosen sets (not a cover)`);
  return chosen;
}

export function coverCost(c: Cover, chosen: readonly number[]): Q {
  let s = ZERO;
  for (const t of chosen) s = add(s, c.costs[t]);
  return s;
}

/* ---------- rank ---------- */

export interface Rank { n: number; items: string[]; /** w[i][j]: votes "i before j". */ w: Int32Array[] }

export function readRank(problem: unknown): Rank {
  const p = problemObj(problem);
  const items = arr(p.items, 'problem.items', P);
  const n = items.length;
  need(n >= 1 && n <= 5000, P, 'problem.items: expected 1..5000 items');
  const at = new Map<string, number>();
  items.forEach((s, t) => {
    need(typeof s === 'string' && !at.has(s), P, `problem.items[${t}]: expected a unique string`);
    at.set(s as string, t);
  });
  const w = Array.from({ length: n }, () => new Int32Array(n));
  if (p.comparisons !== undefined) {
    arr(p.comparisons, 'problem.comparisons', P).forEach((c, t) => {
      const pair = arr(c, `problem.comparisons[${t}]`, P);
      const a = at.get(pair[0] as string), b = at.get(pair[1] as string);
      need(pair.length === 2 && a !== undefined && b !== undefined && a !== b, P, `problem.comparisons[${t}]: expected [winner, loser] naming two items`);
      w[a!][b!]++;
    });
  }
  return { n, items: items as string[], w };
}

/** The order (item names best first) as positions: place[i] = position of item i. */
export function readOrder(answer: unknown, r: Rank): Int32Array {
  const a = arr(answer, 'answer', 'answer');
  need(a.length === r.n, 'answer', `answer: expected an order of ${r.n} items, got ${a.length}`);
  const index = new Map(r.items.map((s, t) => [s, t]));
  const place = new Int32Array(r.n).fill(-1);
  a.forEach((s, k) => {
    const t = typeof s === 'string' ? index.get(s) : undefined;
    need(t !== undefined && place[t] < 0, 'answer', `answer[${k}]: expected an item name not listed before`);
    place[t!] = k;
  });
  return place;
}

export function disagreements(r: Rank, place: Int32Array): Q {
  let s = 0n;
  for (let i = 0; i < r.n; i++) for (let j = 0; j < r.n; j++) if (place[i] < place[j]) s += BigInt(r.w[j][i]);
  return q(s);
}

/* ---------- xorsat ---------- */

export interface Xorsat { n: number; eqs: { vars: number[]; rhs: number }[] }

export function readXorsat(problem: unknown): Xorsat {
  const p = problemObj(problem);
  const n = count(p.n, 'problem.n');
  const eqs = arr(p.equations, 'problem.equations', P).map((e, t) => {
    const o = obj(e, `problem.equations[${t}]`, P);
    const vars = arr(o.vars, `problem.equations[${t}].vars`, P).map((v, k) => index(v, n, `problem.equations[${t}].vars[${k}]`, P));
    need(o.rhs === 0 || o.rhs === 1, P, `problem.equations[${t}].rhs: expected 0 or 1`);
    return { vars, rhs: o.rhs as number };
  });
  return { n, eqs };
}

export function violations(x: Xorsat, bits: Uint8Array): Q {
  let v = 0n;
  for (const e of x.eqs) {
    let s = e.rhs;
    for (const i of e.vars) s ^= bits[i];
    v += BigInt(s & 1);
  }
  return q(v);
}

/* ---------- reduce ---------- */

export interface Reduce { basis: bigint[][]; delta: Q }

/** An exact integer entry: a safe JSON integer or an integer decimal string. */
export function intEntry(x: unknown, where: string, step: string): bigint {
  if (typeof x === 'number' && Number.isSafeInteger(x)) return BigInt(x);
  if (typeof x === 'string' && /^[+-]?\d{1,1100}$/.test(x)) return BigInt(x.replace(/^\+/, ''));
  throw new Refusal(step, `${where}: expected an integer (a safe JSON integer or a decimal string)`);
}

/** The exact binary value of a double as a rational (reduce's delta is taken so: docs/reduce.md). */
export function binaryValue(x: number): Q {
  const buf = new DataView(new ArrayBuffer(8));
  buf.setFloat64(0, x);
  const hi = buf.getUint32(0), lo = buf.getUint32(4);
  const exp = (hi >>> 20) & 0x7ff;
  let mant = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  if (exp !== 0) mant |= 1n << 52n;
  const e = (exp === 0 ? 1 : exp) - 1075;
  const sign = hi >>> 31 ? -1n : 1n;
  return e >= 0 ? q(sign * mant << BigInt(e)) : q(sign * mant, 1n << BigInt(-e));
}

export function readReduce(problem: unknown): Reduce {
  const p = problemObj(problem);
  const rows = arr(p.basis, 'problem.basis', P);
  need(rows.length >= 1, P, 'problem.basis: expected at least one vector');
  const basis = rows.map((r, i) => arr(r, `problem.basis[${i}]`, P).map((x, j) => intEntry(x, `problem.basis[${i}][${j}]`, P)));
  const dim = basis[0].length;
  need(dim >= 1 && basis.every((r) => r.length === dim), P, 'problem.basis: every vector has the same length ≥ 1');
  const d = p.delta ?? 0.99;
  need(typeof d === 'number' && d > 0.25 && d < 1, P, 'problem.delta: expected a number in (0.25, 1)');
  return { basis, delta: binaryValue(d as number) };
}

export { isObj };
