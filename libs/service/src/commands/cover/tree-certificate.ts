/**
 * cover's `tree` certificate (docs/certificates.md "tree"): the branch tree an engine recorded when
 * its branch and bound closed below the root (`BinaryResult.tree`, both engines: engine-ts
 * families/cover/tree-record.ts, native core/cover/tree_record.h), written in pre-order with each
 * leaf's multipliers as a `lagrangian` certificate read with only its path's fixings (a leaf whose
 * rounded multipliers are those of the last leaf written out is `{"same": j}`, j that leaf). Each leaf's
 * grid is refined (2⁻¹⁶ … 2⁻⁴⁴) until its exact bound reaches the answer's cost (above it less 1
 * with integer costs), and at last every element's y raised as far as its free sets' slacks allow,
 * so the least leaf bound proves the answer optimal; a leaf none of these makes reach it gives no
 * certificate (and says which). Before that, the splits no leaf's bound needs are dropped (the LP
 * tree's reduced-cost fixings, each a split and a leaf of its own as recorded): see `drops`.
 */
import type { CoverProblem } from '@svc/engine-ts/families/cover';
import type { CertificateOutcome } from '../adapter';
import { LagrangianExact, type LagrangianProof } from './lagrangian-exact';

/** The engines' stream codes (tree-record.ts). */
const INFEASIBLE = -1;
const LEAF = -2;
/** The grids a leaf's multipliers are tried on, coarsest (shortest decimals) first. */
const SHIFTS = [16, 24, 32, 44];

type TreeJson = { split: number } | { leaf: 'infeasible' | { kind: 'lagrangian'; y: string[] } | { same: number } };

/**
 * A node of the tree as recorded: a split, a leaf (`off`: its multipliers' offset in the stream;
 * `y`: once proved, as decimal strings), or an infeasible leaf.
 */
type Rec = { split: number } | { off: number; y?: string[] } | { infeasible: true };

/**
 * The signs of every set's reduced cost c_S − Σ_{e∈S} y_e for each distinct y, exactly (the y as
 * written, the costs as the checker reads them): −1, 0 or 1 per set.
 */
function reducedSigns(p: CoverProblem, exact: LagrangianExact, ys: readonly string[][]): Int8Array[] {
  const K = exact.tenK.toString().length - 1;
  let D = K;
  for (const y of ys) {
    for (const v of y) {
      const dot = v.indexOf('.');
      if (dot >= 0) D = Math.max(D, v.length - dot - 1);
    }
  }
  const factor = 10n ** BigInt(D - K);
  const scaledCost = exact.costs.map((c) => c * factor);
  return ys.map((y) => {
    const a = y.map((v) => {
      const dot = v.indexOf('.');
      return dot < 0 ? BigInt(v) * 10n ** BigInt(D) : BigInt(v.slice(0, dot) + v.slice(dot + 1).padEnd(D, '0'));
    });
    const sign = new Int8Array(p.n);
    for (let j = 0; j < p.n; j++) {
      let r = scaledCost[j];
      for (let q = p.start[j]; q < p.start[j + 1]; q++) r -= a[p.elems[q]];
      sign[j] = r > 0n ? 1 : r < 0n ? -1 : 0;
    }
    return sign;
  });
}

/**
 * The most distinct y a tree's leaves may have for its splits to be dropped (one bit each). The LP
 * tree's leaves share a few nodes' duals; the Lagrangian tree's each have their own, so nothing is
 * dropped there (and nothing is spent looking).
 */
const MAX_GROUPS = 31;

/** The end of each node's subtree (pre-order ranges [i, end[i])), by a stack of open splits. */
function subtreeEnds(rec: readonly Rec[]): Int32Array {
  const end = new Int32Array(rec.length);
  const open: { at: number; left: number }[] = [];
  for (let i = 0; i < rec.length; i++) {
    if ('split' in rec[i]) {
      open.push({ at: i, left: 2 });
      continue;
    }
    end[i] = i + 1;
    let top = open.at(-1);
    while (top !== undefined && --top.left === 0) {
      open.pop();
      end[top.at] = i + 1;
      top = open.at(-1);
    }
  }
  return end;
}

/**
 * Which splits no leaf needs: a split on S whose false subtree's leaves all have r_S ≥ 0 under
 * their y (S free then adds min(0, r_S) = 0 to their bounds, the same as S fixed to 0) and holds no
 * "infeasible" leaf can be replaced by its false subtree (whose leaves then cover x_S = 1 too, with
 * the same bounds): keep[i] = 0; one whose true subtree's leaves all have r_S ≤ 0 (S free adds
 * r_S, as fixed to 1 did) by its true subtree: keep[i] = 1; else −1 (the split stays). No leaf's
 * bound changes. Leaf i's y is group grp[i] (−1: a leaf not read, one a drop above removed, which
 * needs nothing), signs[g][S] the sign of r_S under group g's y (2: not known either way), at most
 * MAX_GROUPS groups. With `only`, just the side it names is tried at each split it drops.
 */
function drops(rec: readonly Rec[], end: Int32Array, grp: Int32Array, signs: readonly Int8Array[], only?: Int8Array): Int8Array {
  const n = rec.length;
  const keep = new Int8Array(n).fill(-1);
  const ok = (g: number, set: number, want: 1 | -1): boolean => {
    const sg = signs[g][set];
    return sg !== 2 && (want === 1 ? sg >= 0 : sg <= 0);
  };
  // Each subtree's groups as a bit mask (bit 31: an infeasible leaf), built bottom-up.
  if (signs.length > MAX_GROUPS) throw new RangeError(`drops: ${signs.length} groups of y, over ${MAX_GROUPS}`);
  const mask = new Uint32Array(n);
  for (let i = n - 1; i >= 0; i--) {
    const r = rec[i];
    if ('split' in r) mask[i] = (mask[i + 1] | mask[end[i + 1]]) >>> 0;
    else if ('infeasible' in r) mask[i] = 0x80000000;
    else mask[i] = grp[i] >= 0 ? 1 << grp[i] : 0;
  }
  /** The subtree rooted at `root` fits: every group of its leaves has r_S on the wanted side. */
  const fits = (root: number, set: number, want: 1 | -1): boolean => {
    let m = mask[root];
    if (m & 0x80000000) {
      if (want === 1) return false;
      m &= 0x7fffffff;
    }
    while (m !== 0) {
      const g = 31 - Math.clz32(m);
      if (!ok(g, set, want)) return false;
      m &= ~(1 << g);
    }
    return true;
  };
  for (let i = 0; i < n; i++) {
    const r = rec[i];
    if (!('split' in r) || (only !== undefined && only[i] < 0)) continue;
    const f = i + 1, t = end[i + 1];
    if ((only === undefined || only[i] === 0) && fits(f, r.split, 1)) keep[i] = 0;
    else if ((only === undefined || only[i] === 1) && fits(t, r.split, -1)) keep[i] = 1;
  }
  return keep;
}

/** The nodes of the tree with the dropped splits replaced by the side they keep, in pre-order (indices into rec). */
function keptOrder(rec: readonly Rec[], end: Int32Array, keep: Int8Array): number[] {
  const out: number[] = [];
  const stack = [0];
  while (stack.length > 0) {
    const i = stack.pop()!;
    const r = rec[i];
    if (!('split' in r)) {
      out.push(i);
      continue;
    }
    const f = i + 1, t = end[i + 1];
    if (keep[i] === 0) stack.push(f);
    else if (keep[i] === 1) stack.push(t);
    else {
      out.push(i);
      stack.push(t, f);
    }
  }
  return out;
}

const sameY = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * The certificate of the recorded `stream` proving `answer` optimal on `p` (`exact` built on p), or
 * why there is none. The splits no leaf needs are found first on the engine's own (float)
 * multipliers, so only the leaves that stay are made exact; the drops are then confirmed on the
 * exact y (else, or with over MAX_GROUPS distinct multipliers, the whole tree is written, every leaf exact).
 */
export function coverTreeCertificate(
  p: CoverProblem, exact: LagrangianExact, stream: Float64Array, answer: ArrayLike<number>, integral: boolean,
  /** Tests: the doubles' margin (−Infinity plans every drop, so the exact confirmation fails and the whole tree is written). */
  opts: { readonly floatMargin?: number } = {},
): CertificateOutcome {
  if (stream.length === 0) return { omitted: 'too large: the branch tree passed the recording cap (10⁶ values or 5·10⁷ checker operations)' };
  const cost = exact.costOf(answer);
  const rec: Rec[] = [];
  const bad = (why: string): CertificateOutcome => ({ omitted: `the recorded branch tree is malformed: ${why}` });
  {
    const fixed = new Uint8Array(p.n);
    const path: { j: number; side: number }[] = [];
    let k = 0;
    for (; k < stream.length;) {
      const code = stream[k++];
      if (code >= 0) {
        if (!Number.isInteger(code) || code >= p.n || fixed[code]) return bad(`split ${code}`);
        path.push({ j: code, side: 0 });
        fixed[code] = 1;
        rec.push({ split: code });
        continue;
      }
      if (code === INFEASIBLE) rec.push({ infeasible: true });
      else if (code === LEAF) {
        if (k + p.universe > stream.length) return bad('a leaf is cut short');
        rec.push({ off: k });
        k += p.universe;
      } else return bad(`code ${code}`);
      // The subtree is complete: back up to the deepest split still on its false side.
      for (;;) {
        const top = path.at(-1);
        if (top === undefined) break;
        if (top.side === 0) {
          top.side = 1;
          break;
        }
        fixed[top.j] = 0;
        path.pop();
      }
      if (path.length === 0) break;
    }
    if (k !== stream.length || path.length !== 0) return bad('not one complete tree');
  }
  const end = subtreeEnds(rec);

  /** Makes the leaves in `want` exact (each with its recorded path's fixings), or says which one does not reach the cost. */
  const prove = (want: (i: number) => boolean): CertificateOutcome | null => {
    const fix = new Int8Array(p.n).fill(-1);
    const path: { j: number; side: number }[] = [];
    for (let i = 0; i < rec.length; i++) {
      const r = rec[i];
      if ('split' in r) {
        path.push({ j: r.split, side: 0 });
        fix[r.split] = 0;
        continue;
      }
      if ('off' in r && r.y === undefined && want(i)) {
        let pr: LagrangianProof | null = null;
        for (const s of SHIFTS) {
          pr = exact.proof(stream, fix, s, r.off);
          if (pr !== null && exact.reaches(pr, cost, integral)) break;
          pr = null;
        }
        // Short by the engines' float tolerance (a leaf pruned at a bound equal to the cost): raise the y.
        if (pr === null) {
          pr = exact.proof(stream, fix, SHIFTS[SHIFTS.length - 1], r.off, true);
          if (pr !== null && !exact.reaches(pr, cost, integral)) pr = null;
        }
        if (pr === null) return { omitted: `branch_and_bound: leaf ${i} of the recorded branch tree does not reach the cost exactly` };
        r.y = pr.y;
      }
      for (;;) {
        const top = path.at(-1);
        if (top === undefined) break;
        if (top.side === 0) {
          top.side = 1;
          fix[top.j] = 1;
          break;
        }
        fix[top.j] = -1;
        path.pop();
      }
    }
    return null;
  };

  // 1. Drops on the engine's multipliers: r_S in doubles, clear of their rounding by a margin
  // (a leaf whose multipliers are the previous leaf's shares its group).
  const plan = (): Int8Array | null => {
    const margin = opts.floatMargin ?? 1e-7 * (1 + p.cost.reduce((m, c) => Math.max(m, Math.abs(c)), 0));
    const grp = new Int32Array(rec.length).fill(-1);
    const signs: Int8Array[] = [];
    let lastOff = -1;
    for (let i = 0; i < rec.length; i++) {
      const r = rec[i];
      if (!('off' in r)) continue;
      let same = lastOff >= 0;
      for (let e = 0; same && e < p.universe; e++) if (stream[r.off + e] !== stream[lastOff + e]) same = false;
      if (!same) {
        if (signs.length === MAX_GROUPS) return null;
        const sg = new Int8Array(p.n);
        for (let j = 0; j < p.n; j++) {
          let x = p.cost[j];
          for (let q = p.start[j]; q < p.start[j + 1]; q++) x -= Math.max(0, stream[r.off + p.elems[q]]);
          sg[j] = x > margin ? 1 : x < -margin ? -1 : 2;
        }
        signs.push(sg);
      }
      lastOff = r.off;
      grp[i] = signs.length - 1;
    }
    return drops(rec, end, grp, signs);
  };

  // 2. The same drops on the exact y of the leaves that stay (a drop above removed the others),
  // with at most MAX_GROUPS distinct y among them.
  const confirm = (planned: Int8Array): boolean => {
    const keyOf = new Map<string, number>();
    const distinct: string[][] = [];
    const grp = new Int32Array(rec.length).fill(-1);
    for (let i = 0; i < rec.length; i++) {
      const r = rec[i];
      if (!('off' in r) || r.y === undefined) continue;
      const key = r.y.join(',');
      let k = keyOf.get(key);
      if (k === undefined) {
        if (distinct.length === MAX_GROUPS) return false;
        k = distinct.length;
        keyOf.set(key, k);
        distinct.push(r.y);
      }
      grp[i] = k;
    }
    const confirmed = drops(rec, end, grp, reducedSigns(p, exact, distinct), planned);
    // Every drop the walk takes must hold exactly (those inside a removed side are never taken).
    const stack = [0];
    while (stack.length > 0) {
      const i = stack.pop()!;
      if (!('split' in rec[i])) continue;
      if (planned[i] >= 0 && confirmed[i] !== planned[i]) return false;
      const f = i + 1, t = end[i + 1];
      if (planned[i] === 0) stack.push(f);
      else if (planned[i] === 1) stack.push(t);
      else stack.push(t, f);
    }
    return true;
  };

  let keep: Int8Array = new Int8Array(rec.length).fill(-1);
  const planned = plan();
  let dropped = false;
  if (planned !== null) {
    const kept = new Uint8Array(rec.length);
    for (const i of keptOrder(rec, end, planned)) kept[i] = 1;
    const failed = prove((i) => kept[i] === 1);
    if (failed !== null) return failed;
    dropped = confirm(planned);
    if (dropped) keep = planned;
  }
  if (!dropped) {
    // The whole tree as recorded, every leaf made exact.
    const failed = prove(() => true);
    if (failed !== null) return failed;
  }

  // The kept tree; a leaf whose y is the last written-out leaf's refers to it (`{"same": j}`: the
  // LP tree's reduced-cost fixings are proved by one node's duals).
  const nodes: TreeJson[] = [];
  let lastY: { index: number; y: string[] } | null = null;
  for (const i of keptOrder(rec, end, keep)) {
    const r = rec[i];
    if ('split' in r) nodes.push({ split: r.split });
    else if ('infeasible' in r) nodes.push({ leaf: 'infeasible' });
    else if (lastY !== null && sameY(lastY.y, r.y!)) nodes.push({ leaf: { same: lastY.index } });
    else {
      lastY = { index: nodes.length, y: r.y! };
      nodes.push({ leaf: { kind: 'lagrangian', y: r.y! } });
    }
  }
  return { certificate: { kind: 'tree', nodes } };
}
