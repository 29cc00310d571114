/**
 * cover's `tree` certificate (docs/certificates.md "tree"): the branch tree an engine recorded when
 * its branch and bound closed below the root (`BinaryResult.tree`, both engines: engine-ts
 * families/cover/tree-record.ts, native core/cover/tree_record.h), written in pre-order with each
 * leaf's multipliers as a `lagrangian` certificate read with only its path's fixings (a leaf whose
 * rounded multipliers are those of the last leaf written out is `{"same": j}`, j that leaf). Each leaf's
 * grid is refined (2⁻¹⁶ … 2⁻⁴⁴) until its exact bound reaches the answer's cost (above it less 1
 * with integer costs), and at last every element's y raised as far as its free sets' slacks allow,
 * so the least leaf bound proves the answer optimal; a leaf none of these makes reach it gives no
 * certificate (and says which).
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

/** A node of the tree as recorded: a split, a leaf with its y (decimal strings), or an infeasible leaf. */
type Rec = { split: number } | { y: string[] } | { infeasible: true };

/**
 * The signs of every set's reduced cost c_S − Σ_{e∈S} y_e for each distinct y, exactly (the y as
 * written, the costs as the checker reads them): −1, 0 or 1 per set.
 */
function reducedSigns(p: CoverProblem, exact: LagrangianExact, ys: readonly string[][]): Int8Array[] {
  let D = 0;
  const tenK = exact.tenK;
  const K = tenK.toString().length - 1;
  for (const y of ys) {
    for (const v of y) {
      const dot = v.indexOf('.');
      if (dot >= 0) D = Math.max(D, v.length - dot - 1);
    }
  }
  D = Math.max(D, K);
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
 * Drops the splits no leaf needs: a split on S whose false subtree's leaves all have r_S ≥ 0 under
 * their y (S free then adds min(0, r_S) = 0 to their bounds, the same as S fixed to 0) and holds no
 * "infeasible" leaf, is replaced by its false subtree (whose leaves then cover x_S = 1 too, with
 * the same bounds); one whose true subtree's leaves all have r_S ≤ 0 (S free adds r_S, as fixed to
 * 1 did) by its true subtree. No leaf's bound changes. Returns the kept nodes in pre-order.
 */
function pruned(p: CoverProblem, exact: LagrangianExact, rec: readonly Rec[]): Rec[] {
  const n = rec.length;
  // The end of each node's subtree (pre-order ranges), by a stack of open splits.
  const end = new Int32Array(n);
  const open: { at: number; left: number }[] = [];
  for (let i = 0; i < n; i++) {
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
  // Distinct y → their signs.
  const keyOf = new Map<string, number>();
  const distinct: string[][] = [];
  const yIndex = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    const r = rec[i];
    if (!('y' in r)) continue;
    const key = r.y.join(',');
    let k = keyOf.get(key);
    if (k === undefined) {
      k = distinct.length;
      keyOf.set(key, k);
      distinct.push(r.y);
    }
    yIndex[i] = k;
  }
  const signs = reducedSigns(p, exact, distinct);
  // keep[i]: for a split, 0 = drop keeping the false side, 1 = keeping the true side, -1 = keep the split.
  const keep = new Int8Array(n).fill(-1);
  const fits = (from: number, to: number, set: number, want: 1 | -1): boolean => {
    for (let i = from; i < to; i++) {
      const r = rec[i];
      if ('infeasible' in r) {
        if (want === 1) return false;
      } else if ('y' in r) {
        const sg = signs[yIndex[i]][set];
        if (want === 1 ? sg < 0 : sg > 0) return false;
      }
    }
    return true;
  };
  for (let i = 0; i < n; i++) {
    const r = rec[i];
    if (!('split' in r)) continue;
    const f = i + 1, t = end[i + 1];
    if (fits(f, t, r.split, 1)) keep[i] = 0;
    else if (fits(t, end[i], r.split, -1)) keep[i] = 1;
  }
  const out: Rec[] = [];
  // Pre-order walk: a dropped split is replaced by the subtree it keeps.
  const stack = [0];
  while (stack.length > 0) {
    const i = stack.pop()!;
    const r = rec[i];
    if (!('split' in r)) {
      out.push(r);
      continue;
    }
    const f = i + 1, t = end[i + 1];
    if (keep[i] === 0) stack.push(f);
    else if (keep[i] === 1) stack.push(t);
    else {
      out.push(r);
      stack.push(t, f);
    }
  }
  return out;
}

const sameY = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * The certificate of the recorded `stream` proving `answer` optimal on `p` (`exact` built on p), or
 * why there is none.
 */
export function coverTreeCertificate(p: CoverProblem, exact: LagrangianExact, stream: Float64Array, answer: ArrayLike<number>, integral: boolean): CertificateOutcome {
  if (stream.length === 0) return { omitted: 'too large: the branch tree passed the recording cap (10⁶ values or 5·10⁷ checker operations)' };
  const cost = exact.costOf(answer);
  const fix = new Int8Array(p.n).fill(-1);
  const path: { j: number; side: number }[] = [];
  const rec: Rec[] = [];
  const bad = (why: string): CertificateOutcome => ({ omitted: `the recorded branch tree is malformed: ${why}` });
  let k = 0;
  for (; k < stream.length;) {
    const code = stream[k++];
    if (code >= 0) {
      if (!Number.isInteger(code) || code >= p.n || fix[code] !== -1) return bad(`split ${code}`);
      path.push({ j: code, side: 0 });
      fix[code] = 0;
      rec.push({ split: code });
      continue;
    }
    if (code === INFEASIBLE) rec.push({ infeasible: true });
    else if (code === LEAF) {
      if (k + p.universe > stream.length) return bad('a leaf is cut short');
      let pr: LagrangianProof | null = null;
      for (const s of SHIFTS) {
        pr = exact.proof(stream, fix, s, k);
        if (pr !== null && exact.reaches(pr, cost, integral)) break;
        pr = null;
      }
      // Short by the engines' float tolerance (a leaf pruned at a bound equal to the cost): raise the y.
      if (pr === null) {
        pr = exact.proof(stream, fix, SHIFTS[SHIFTS.length - 1], k, true);
        if (pr !== null && !exact.reaches(pr, cost, integral)) pr = null;
      }
      if (pr === null) return { omitted: `branch_and_bound: leaf ${rec.length} of the recorded branch tree does not reach the cost exactly` };
      rec.push({ y: pr.y });
      k += p.universe;
    } else return bad(`code ${code}`);
    // The subtree is complete: back up to the deepest split still on its false side.
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
    if (path.length === 0) break;
  }
  if (k !== stream.length || path.length !== 0) return bad('not one complete tree');
  // The splits no leaf needs dropped; then a leaf whose y is the last written-out leaf's refers to
  // it (`{"same": j}`: the LP tree's reduced-cost fixings are proved by one node's duals).
  const nodes: TreeJson[] = [];
  let lastY: { index: number; y: string[] } | null = null;
  for (const r of pruned(p, exact, rec)) {
    if ('split' in r) nodes.push({ split: r.split });
    else if ('infeasible' in r) nodes.push({ leaf: 'infeasible' });
    else if (lastY !== null && sameY(lastY.y, r.y)) nodes.push({ leaf: { same: lastY.index } });
    else {
      lastY = { index: nodes.length, y: r.y };
      nodes.push({ leaf: { kind: 'lagrangian', y: r.y } });
    }
  }
  return { certificate: { kind: 'tree', nodes } };
}
