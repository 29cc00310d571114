/**
 * `tree` (tsp, cover, rank, optimize): a branch tree in pre-order, each node `{"split": literal}` (followed by
 * its false subtree, then its true subtree) or `{"leaf": certificate}` / `{"leaf": "infeasible"}`.
 * The leaves' regions partition the answers, so the least leaf bound is a bound of the problem
 * (docs/certificates.md "tree"). A leaf's certificate is read with only the literals on its path;
 * `{"leaf": {"same": j}}` is the certificate of the earlier leaf j, read with this leaf's path.
 */
import { cmp, type Q } from '../rational';
import { Refusal, need } from '../report';
import { arr, index, isObj, obj, onlyKeys } from '../shape';
import type { Cover, Qubo, Rank, Tsp } from '../problem';
import { checkPosiform } from './posiform';
import { checkOneTree, type EdgeFixings } from './one-tree';
import { boundWith, lagrangianTerms, sameTerms, type LagrangianTerms, type SetFixings } from './lagrangian';
import { checkCyclePacking, type PairFixings } from './cycle-packing';

/** One command's literals: how to read one, apply it on a path, spot an infeasible leaf, and check a leaf. */
interface Family<F> {
  leafKind: string;
  empty(): F;
  /** The variable of a literal (a number), or a refusal. */
  variable(lit: unknown, where: string): number;
  /** Fixes the literal's variable to `value` in `f` (it is not fixed there yet). */
  set(f: F, lit: number, value: boolean): void;
  /** Takes the literal's variable out of `f` again (the walk leaving its subtree). */
  unset(f: F, lit: number): void;
  infeasible(f: F): string | null;
  leaf(cert: unknown, step: string, f: F): Q | null;
  /** Work of one leaf check, in basic operations (for the size check made before any work). */
  leafWork: number;
}

function tspFamily(tsp: Tsp): Family<EdgeFixings> {
  const n = tsp.n;
  return {
    leafKind: 'one_tree',
    empty: () => ({ inEdges: new Set(), outEdges: new Set() }),
    variable(lit, where) {
      const e = arr(lit, where, where);
      need(e.length === 2, where, `${where}: expected an edge [i, j]`);
      const i = index(e[0], n, `${where}[0]`, where), j = index(e[1], n, `${where}[1]`, where);
      need(i !== j, where, `${where}: an edge joins two different cities`);
      return Math.min(i, j) * n + Math.max(i, j);
    },
    set(f, lit, value) {
      (value ? f.inEdges : f.outEdges).add(lit);
    },
    unset(f, lit) {
      f.inEdges.delete(lit);
      f.outEdges.delete(lit);
    },
    infeasible(f) {
      const deg = new Int32Array(n), outDeg = new Int32Array(n);
      for (const k of f.inEdges) { deg[Math.floor(k / n)]++; deg[k % n]++; }
      for (const k of f.outEdges) { outDeg[Math.floor(k / n)]++; outDeg[k % n]++; }
      for (let v = 0; v < n; v++) {
        if (deg[v] > 2) return `city ${v} has ${deg[v]} in-edges (a tour has two)`;
        if (n - 1 - outDeg[v] < 2) return `city ${v} keeps fewer than two edges that are not out`;
      }
      // A cycle of in-edges short of all n cities (union–find).
      const parent = Int32Array.from({ length: n }, (_, v) => v);
      const find = (v: number): number => { while (parent[v] !== v) { parent[v] = parent[parent[v]]; v = parent[v]; } return v; };
      for (const k of f.inEdges) {
        const a = find(Math.floor(k / n)), b = find(k % n);
        if (a === b && f.inEdges.size < n) return 'the in-edges close a subtour';
        parent[a] = b;
      }
      return null;
    },
    leaf: (cert, step, f) => checkOneTree(tsp, cert, step, f),
    leafWork: n * n,
  };
}

function coverFamily(c: Cover): Family<SetFixings> {
  let entries = 0;
  for (const s of c.sets) entries += s.length;
  // The last leaf's y read exactly: a leaf whose y is written the same reuses its reduced costs
  // (one pass over the path's fixings instead of one over every set entry).
  let last: LagrangianTerms | null = null;
  return {
    leafKind: 'lagrangian',
    empty: () => new Map(),
    variable: (lit, where) => index(lit, c.sets.length, where, where),
    set: (f, lit, value) => void f.set(lit, value ? 1 : 0),
    unset: (f, lit) => void f.delete(lit),
    infeasible(f) {
      const open = new Uint8Array(c.universe);
      c.sets.forEach((s, t) => { if (f.get(t) !== 0) for (const e of s) open[e] = 1; });
      const e = open.indexOf(0);
      return e >= 0 ? `element ${e} is only in sets fixed to 0` : null;
    },
    leaf(cert, step, f) {
      last = sameTerms(last, cert) ?? lagrangianTerms(c, cert, step);
      return boundWith(last, f);
    },
    leafWork: entries + c.universe,
  };
}

function rankFamily(r: Rank): Family<PairFixings> {
  const n = r.n;
  return {
    leafKind: 'cycle_packing',
    empty: () => new Map(),
    variable(lit, where) {
      const p = arr(lit, where, where);
      need(p.length === 2, where, `${where}: expected a pair [a, b] of item indices`);
      const a = index(p[0], n, `${where}[0]`, where), b = index(p[1], n, `${where}[1]`, where);
      need(a !== b, where, `${where}: a pair of two different items`);
      // Encoded with its orientation: a·n + b ("a before b" on the true branch).
      return a * n + b;
    },
    set(f, lit, value) {
      const a = Math.floor(lit / n), b = lit % n;
      f.set(Math.min(a, b) * n + Math.max(a, b), value ? a : b);
    },
    unset(f, lit) {
      const a = Math.floor(lit / n), b = lit % n;
      f.delete(Math.min(a, b) * n + Math.max(a, b));
    },
    infeasible(f) {
      // The fixed "first before second" arcs hold a directed cycle (Kahn's algorithm).
      const out: number[][] = Array.from({ length: n }, () => []);
      const indeg = new Int32Array(n);
      for (const [key, first] of f) {
        const a = Math.floor(key / n), b = key % n;
        const second = first === a ? b : a;
        out[first].push(second);
        indeg[second]++;
      }
      const queue: number[] = [];
      for (let v = 0; v < n; v++) if (indeg[v] === 0) queue.push(v);
      let seen = 0;
      while (queue.length > 0) { const v = queue.pop()!; seen++; for (const w of out[v]) if (--indeg[w] === 0) queue.push(w); }
      return seen < n ? 'the fixed pairs hold a directed cycle' : null;
    },
    leaf: (cert, step, f) => checkCyclePacking(r, cert, step, f),
    leafWork: n * n,
  };
}

function quboFamily(qb: Qubo): Family<Map<number, 0 | 1>> {
  return {
    leafKind: 'posiform',
    empty: () => new Map(),
    variable: (lit, where) => index(lit, qb.n, where, where),
    set: (f, lit, value) => void f.set(lit, value ? 1 : 0),
    unset: (f, lit) => void f.delete(lit),
    // Every 0/1 point is an answer of optimize: no region is empty.
    infeasible: () => null,
    leaf: (cert, step, f) => checkPosiform(qb, cert, step, f),
    leafWork: qb.n + 2 * qb.pairs.length,
  };
}

/** The most basic operations all leaves of one tree may cost (checked before any leaf). */
export const TREE_WORK_CAP = 50_000_000;

export type TreeProblem = { command: 'tsp'; tsp: Tsp } | { command: 'cover'; cover: Cover } | { command: 'rank'; rank: Rank } | { command: 'optimize'; qubo: Qubo };

export interface TreeResult {
  /** The least leaf bound (null: every leaf infeasible). */
  bound: Q | null;
  leaves: number;
}

export function checkTree(p: TreeProblem, cert: unknown, step: string): TreeResult {
  if (p.command === 'tsp') return walk(tspFamily(p.tsp), cert, step);
  if (p.command === 'cover') return walk(coverFamily(p.cover), cert, step);
  if (p.command === 'optimize') return walk(quboFamily(p.qubo), cert, step);
  return walk(rankFamily(p.rank), cert, step);
}

function walk<F>(fam: Family<F>, cert: unknown, step: string): TreeResult {
  const o = obj(cert, step);
  onlyKeys(o, ['nodes'], step);
  const nodes = arr(o.nodes, `${step}.nodes`);
  need(nodes.length >= 1, `${step}.nodes`, `${step}.nodes: expected at least one node`);
  let leafCount = 0;
  for (const nd of nodes) if (isObj(nd) && 'leaf' in nd && nd.leaf !== 'infeasible') leafCount++;
  need(leafCount * fam.leafWork <= TREE_WORK_CAP, 'size', `${step}: ${leafCount} leaves of ${fam.leafWork} operations each is over the checker's work cap of ${TREE_WORK_CAP}`);
  // Pre-order walk without recursion. One set of fixings follows the walk: each stack entry is a
  // subtree still to read, the depth of its parent's path and its own literal; taking it first
  // undoes the literals of the subtrees left since (so each node costs O(1) besides its leaf).
  type Pending = { depth: number; lit: number; plain: number; value: boolean } | null;
  const stack: Pending[] = [null];
  const fix = fam.empty();
  const vars = new Set<number>();
  const path: { lit: number; plain: number }[] = [];
  let bound: Q | null = null;
  let leaves = 0;
  let k = 0;
  for (; k < nodes.length; k++) {
    need(stack.length > 0, `${step}.nodes`, `${step}.nodes[${k}]: the tree ended before this node (too many nodes)`);
    const at = stack.pop()!;
    if (at !== null) {
      while (path.length > at.depth) {
        const gone = path.pop()!;
        fam.unset(fix, gone.lit);
        vars.delete(gone.plain);
      }
      fam.set(fix, at.lit, at.value);
      vars.add(at.plain);
      path.push({ lit: at.lit, plain: at.plain });
    }
    const nd = obj(nodes[k], `${step}.nodes[${k}]`);
    const isSplit = 'split' in nd, isLeaf = 'leaf' in nd;
    need(Object.keys(nd).length === 1 && (isSplit || isLeaf), 'shape', `${step}.nodes[${k}]: expected {"split": literal} or {"leaf": certificate | "infeasible"}`);
    if (isSplit) {
      const where = `${step}.split[${k}]`;
      const v = fam.variable(nd.split, where);
      // The variable without orientation (rank's [a, b] and [b, a] are one pair).
      const plain = fam.leafKind === 'cycle_packing' ? pairKey(v, nd.split as number[]) : v;
      need(!vars.has(plain), where, `${where}: the literal is already fixed on its path`);
      // Pre-order: the false subtree comes first, so it goes on top of the stack.
      stack.push({ depth: path.length, lit: v, plain, value: true });
      stack.push({ depth: path.length, lit: v, plain, value: false });
      continue;
    }
    leaves++;
    const where = `${step}.leaf[${k}]`;
    if (nd.leaf === 'infeasible') {
      const why = fam.infeasible(fix);
      need(why !== null, where, `${where}: "infeasible", but its literals leave feasible answers by inspection`);
      continue;
    }
    let leaf = obj(nd.leaf, where);
    if ('same' in leaf) {
      // {"same": j}: the certificate of node j, an earlier leaf that carries one, read with this leaf's path.
      need(Object.keys(leaf).length === 1, where, `${where}: a leaf {"same": j} has no other field`);
      const j = leaf.same;
      need(typeof j === 'number' && Number.isInteger(j) && j >= 0 && j < k, where, `${where}: "same" must name an earlier node's index (0..${k - 1})`);
      const src = nodes[j];
      const cert = isObj(src) && 'leaf' in src ? src.leaf : undefined;
      need(isObj(cert) && !('same' in cert), where, `${where}: node ${j} is not a leaf carrying its own certificate`);
      leaf = cert;
    }
    need(leaf.kind === fam.leafKind, where, `${where}: expected a leaf of kind ${fam.leafKind} or "infeasible", got ${JSON.stringify(leaf.kind)}`);
    let b: Q | null;
    try {
      b = fam.leaf(leaf, where, fix);
    } catch (e) {
      if (e instanceof Refusal) throw new Refusal(e.step.startsWith(where) ? e.step : `${where}.${e.step}`, e.message);
      throw e;
    }
    if (b !== null && (bound === null || cmp(b, bound) < 0)) bound = b;
  }
  need(stack.length === 0, `${step}.nodes`, `${step}.nodes: the tree is incomplete (${stack.length} subtrees missing)`);
  return { bound, leaves };
}

function pairKey(_v: number, lit: number[]): number {
  const a = lit[0], b = lit[1];
  return Math.min(a, b) * 1_000_000 + Math.max(a, b);
}
