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
  const nodes: TreeJson[] = [];
  const bad = (why: string): CertificateOutcome => ({ omitted: `the recorded branch tree is malformed: ${why}` });
  // The last leaf written with its own y: a leaf whose rounded y is the same refers to it
  // (`{"same": j}`; the LP tree's reduced-cost fixings are proved by one node's duals).
  let lastY: { index: number; y: string[] } | null = null;
  let k = 0;
  for (; k < stream.length;) {
    const code = stream[k++];
    if (code >= 0) {
      if (!Number.isInteger(code) || code >= p.n || fix[code] !== -1) return bad(`split ${code}`);
      path.push({ j: code, side: 0 });
      fix[code] = 0;
      nodes.push({ split: code });
      continue;
    }
    if (code === INFEASIBLE) nodes.push({ leaf: 'infeasible' });
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
      if (pr === null) return { omitted: `branch_and_bound: leaf ${nodes.length} of the recorded branch tree does not reach the cost exactly` };
      if (lastY !== null && sameY(lastY.y, pr.y)) nodes.push({ leaf: { same: lastY.index } });
      else {
        lastY = { index: nodes.length, y: pr.y };
        nodes.push({ leaf: { kind: 'lagrangian', y: pr.y } });
      }
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
  return { certificate: { kind: 'tree', nodes } };
}
