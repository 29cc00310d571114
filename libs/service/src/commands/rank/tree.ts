/**
 * rank's branch tree over pairs (docs/certificates.md `tree`), for a certified order whose triangle
 * packing alone does not reach its disagreements. The engines prove such orders by a dynamic
 * program or a branch and bound over prefixes, neither of which is a tree of pair literals, so the
 * tree is built here: a depth-first branch and bound whose literals are pairs [a, b] (false: b
 * before a, true: a before b). A node's bound uses only the literals on its path, as the checker
 * reads it: a fixed pair costs the votes it contradicts, a free one min(w_ab, w_ba), plus the
 * triangle packing of the majority arcs of the free pairs (the greedy one of families/rank/packing.ts,
 * then, when it falls short, the packing LP's of packing-lp.ts; trees are built up to its 24 items). A node whose
 * bound reaches the target is a leaf. A pair the path's literals imply by transitivity is listed at
 * once as a split whose other side is an "infeasible" leaf (it closes a directed cycle), so every
 * bound uses the transitive closure of its path. The pair branched on is the one (among the majority arcs the packing loads
 * most) whose weaker child bound is the largest. Work is capped (deterministic, never time).
 */
import { packTriangles, packTrianglesLp, PACK_LP_MAX_N, PACK_UNIT, type RankProblem } from '@svc/engine-ts/families/rank';
import { cyclePacking, exactPacking } from './packing';

/** The checker's cap on a tree's leaves × n² (docs/certificates.md "Size"). */
const CHECKER_WORK = 5e7;
/** The checkers' cap on a certificate's values, and what each node adds (every number, string, array and object). */
const MAX_VALUES = 1_000_000;
const SPLIT_VALUES = 4;
const INFEASIBLE_VALUES = 2;
const LEAF_VALUES = 6;
/** Pairs tried as the split of one node. */
const CANDIDATES = 8;

/** The tree's nodes in pre-order, or why none was built. */
export type RankTreeOutcome = { readonly nodes: unknown[] } | { readonly reason: string };

class Budget extends Error {}

/** A tree proving every order contradicts at least `target` votes, within `work` basic operations. */
export function rankTree(p: RankProblem, target: number, work: number): RankTreeOutcome {
  const n = p.n;
  // Beyond the packing LP's size the greedy leaves close too little to be worth the work.
  if (n > PACK_LP_MAX_N) return { reason: `no branch tree over ${PACK_LP_MAX_N} items` };
  const w = p.wins;
  const maxLeaves = Math.floor(CHECKER_WORK / (n * n));
  // lit[a·n + b] = 1: "a before b" is a literal on the current path; clo: its transitive closure.
  const lit = new Uint8Array(n * n);
  const clo = new Uint8Array(n * n);
  const trail: number[] = [];
  const scratch = new Float64Array(n * n);
  const packCost = Math.max(1, (n * n * n) / 6);
  let spent = 0;
  let leaves = 0;
  // JSON values written (docs/certificates.md "Size": a checker refuses over 1,000,000).
  let values = 0;
  const count = (v: number): void => {
    values += v;
    if (values > MAX_VALUES) throw new Budget(`over the checkers' ${MAX_VALUES} values`);
  };
  const charge = (ops: number): void => {
    spent += ops;
    if (spent > work) throw new Budget(`the tree did not close within ${work.toExponential(0)} operations`);
  };

  /**
   * The bound of the region where every pair of `clo` is fixed: fixed pairs at their cost, free
   * ones at their minimum, plus a packing of the free majority arcs — the greedy one (cheap, for
   * ranking splits), or with `best` the packing LP's when the greedy one falls short (re-read
   * exactly, topped up by the greedy triangles).
   */
  const bound = (best: boolean) => {
    let base = 0;
    for (let a = 0; a < n; a++) {
      for (let b = 0; b < n; b++) {
        const fixed = clo[a * n + b] || clo[b * n + a];
        scratch[a * n + b] = fixed ? Math.min(w[a * n + b], w[b * n + a]) : w[a * n + b];
        if (a < b) base += clo[a * n + b] ? w[b * n + a] : clo[b * n + a] ? w[a * n + b] : Math.min(w[a * n + b], w[b * n + a]);
      }
    }
    charge(packCost);
    const greedy = packTriangles(scratch, n);
    // Ranking a split needs the number only (the greedy packing is valid as built).
    if (!best) return { base, triangles: [], proven: base + Math.ceil(greedy.units / PACK_UNIT) };
    const greedyFlat = greedy.triangles.map((x, k) => (k % 4 === 3 ? x / PACK_UNIT : x));
    const free: RankProblem = { kind: 'rank', n, wins: scratch };
    let packed = exactPacking(free, greedyFlat);
    if (base + Math.ceil(packed.units / PACK_UNIT) < target) {
      const lp = packTrianglesLp(scratch, n, work - spent);
      if (lp !== null) {
        charge(lp.work);
        const better = exactPacking(free, [...lp.triangles, ...greedyFlat]);
        if (better.units > packed.units) packed = better;
      }
    }
    return { base, triangles: packed.triangles, proven: base + Math.ceil(packed.units / PACK_UNIT) };
  };

  /** Adds "a before b" (a free pair) to the closure, every new pair on the trail. */
  const fix = (a: number, b: number): void => {
    charge(n * n);
    const ups = [a];
    const downs = [b];
    for (let v = 0; v < n; v++) {
      if (clo[v * n + a]) ups.push(v);
      if (clo[b * n + v]) downs.push(v);
    }
    for (const u of ups) {
      for (const d of downs) {
        if (clo[u * n + d]) continue;
        clo[u * n + d] = 1;
        trail.push(u * n + d);
      }
    }
  };
  const undo = (mark: number): void => {
    while (trail.length > mark) clo[trail.pop()!] = 0;
  };

  /** The bound of the child fixing a before b, for ranking splits. */
  const child = (a: number, b: number): number => {
    const mark = trail.length;
    fix(a, b);
    const x = bound(false).proven;
    undo(mark);
    return x;
  };

  const nodes: unknown[] = [];
  const grow = (): void => {
    // A pair the path's literals imply but do not list: split on it, its other side closes a cycle.
    for (let k = 0; k < n * n; k++) {
      if (!clo[k] || lit[k]) continue;
      count(SPLIT_VALUES + INFEASIBLE_VALUES);
      nodes.push({ split: [Math.floor(k / n), k % n] }, { leaf: 'infeasible' });
      lit[k] = 1;
      grow();
      lit[k] = 0;
      return;
    }
    const here = bound(true);
    if (here.proven >= target) {
      if (++leaves > maxLeaves) throw new Budget(`over ${maxLeaves} leaves, the checker's cap for ${n} items`);
      count(LEAF_VALUES + 6 * here.triangles.length);
      nodes.push({ leaf: cyclePacking({ base: here.base, triangles: here.triangles }) });
      return;
    }
    // Candidates: the free majority arcs the packing loads most (then the widest margins).
    const load = new Map<number, number>();
    for (const [i, j, k, u] of here.triangles) for (const [a, b] of [[i, j], [j, k], [k, i]]) load.set(a * n + b, (load.get(a * n + b) ?? 0) + u);
    const margin = (arc: number): number => w[arc] - w[(arc % n) * n + Math.floor(arc / n)];
    const free: number[] = [];
    for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) if (w[a * n + b] > w[b * n + a] && !clo[a * n + b] && !clo[b * n + a]) free.push(a * n + b);
    if (free.length === 0) throw new Budget('a node with every majority pair fixed did not reach the target');
    free.sort((x, y) => (load.get(y) ?? 0) - (load.get(x) ?? 0) || margin(y) - margin(x) || x - y);
    let pick = free[0];
    let score = [-Infinity, -Infinity];
    for (const arc of free.slice(0, CANDIDATES)) {
      const a = Math.floor(arc / n), b = arc % n;
      const both = [child(a, b), child(b, a)].sort((x, y) => x - y);
      if (both[0] > score[0] || (both[0] === score[0] && both[1] > score[1])) {
        score = both;
        pick = arc;
      }
    }
    const a = Math.floor(pick / n), b = pick % n;
    count(SPLIT_VALUES);
    nodes.push({ split: [a, b] });
    for (const [x, y] of [[b, a], [a, b]]) {
      const mark = trail.length;
      fix(x, y);
      lit[x * n + y] = 1;
      grow();
      lit[x * n + y] = 0;
      undo(mark);
    }
  };
  try {
    grow();
  } catch (e) {
    if (e instanceof Budget) return { reason: e.message };
    throw e;
  }
  return { nodes };
}
