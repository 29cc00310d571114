/**
 * cover: the record of a branch tree that closed (the service's `tree` certificate,
 * docs/certificates.md "tree"): binary splits on a set (x_S = 0 first, then x_S = 1), and leaves
 * that are either "infeasible" (an element all of whose sets the path fixes to 0) or carry the
 * multipliers y (one per element, ≥ 0, 0 on the elements the node's fixings cover) whose Lagrangian
 * bound, read with only the path's fixings, closes the leaf. The tree is built in memory (the
 * engines explore the x_S = 1 side first, pre-order wants x_S = 0 first) and written once by
 * `stream` (libs/engine-native/src/core/cover/tree_record.h writes the same stream).
 *
 * The stream, `BinaryResult.tree`: a value j ≥ 0 is a split on set j, followed by its x_S = 0
 * subtree, then its x_S = 1 subtree; TREE_INFEASIBLE an infeasible leaf; TREE_LEAF a leaf, followed
 * by its U multipliers. An empty stream: the recording passed its cap (TREE_MAX_VALUES values,
 * TREE_MAX_WORK checker operations: docs/certificates.md "Size") and was dropped.
 */

export const TREE_INFEASIBLE = -1;
export const TREE_LEAF = -2;
/** The checker's caps (docs/certificates.md "Size"): values of the certificate, operations of its leaves. */
export const TREE_MAX_VALUES = 1_000_000;
export const TREE_MAX_WORK = 50_000_000;

export type TreeNode =
  | { readonly split: number; f: TreeNode | null; t: TreeNode | null }
  | { readonly leaf: Float64Array | null };

export class CoverTreeRecord {
  /** True once the record passed a cap (its nodes are then dropped). */
  tooLarge = false;
  private values = 1;
  private work = 0;

  /** `U` elements, `entries` set-element pairs: a leaf costs the checker entries + U operations. */
  constructor(private readonly U: number, private readonly entries: number) {}

  /** A split on set j (both subtrees to fill). */
  split(j: number): { split: number; f: TreeNode | null; t: TreeNode | null } {
    this.grow(2, 0);
    return { split: j, f: null, t: null };
  }

  /** A leaf: `y` (copied, zero where cov[e] ≠ 0 or y_e ≤ 0), or null for "infeasible". */
  leaf(y: ArrayLike<number> | null, cov?: ArrayLike<number>): TreeNode {
    if (y === null) {
      this.grow(2, 0);
      return { leaf: null };
    }
    this.grow(this.U + 6, this.entries + this.U);
    if (this.tooLarge) return { leaf: null };
    const out = new Float64Array(this.U);
    for (let e = 0; e < this.U; e++) out[e] = (cov === undefined || cov[e] === 0) && y[e] > 0 ? y[e] : 0;
    return { leaf: out };
  }

  private grow(values: number, work: number): void {
    this.values += values;
    this.work += work;
    if (this.values > TREE_MAX_VALUES || this.work > TREE_MAX_WORK) this.tooLarge = true;
  }

  /** The pre-order stream of the tree at `root` (empty when too large). Throws on a hole (a bug). */
  stream(root: TreeNode | null): Float64Array {
    if (this.tooLarge) return new Float64Array(0);
    const out: number[] = [];
    const stack: (TreeNode | null)[] = [root];
    while (stack.length > 0) {
      const nd = stack.pop();
      if (nd === null || nd === undefined) throw new Error('cover tree record: a subtree is missing');
      if ('split' in nd) {
        out.push(nd.split);
        stack.push(nd.t, nd.f);
      } else if (nd.leaf === null) out.push(TREE_INFEASIBLE);
      else {
        out.push(TREE_LEAF);
        for (let e = 0; e < nd.leaf.length; e++) out.push(nd.leaf[e]);
      }
    }
    return Float64Array.from(out);
  }
}
