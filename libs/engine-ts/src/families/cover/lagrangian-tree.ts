/**
 * cover: the Lagrangian branch and bound: at each node a short subgradient run from the parent's
 * multipliers bounds the subproblem; branch on the uncovered element with the fewest free sets
 * (libs/engine-native/src/core/cover/lagrangian_tree.cc follows it step for step). The tree it
 * explores is recorded (tree-record.ts): its k-way branching, child k taking the k-th set and
 * excluding those before it, is a chain of binary splits — split j_1: false → split j_2: false → …
 * split j_k: false → "infeasible" (every set of the element fixed to 0), each true side child k.
 */
import type { CoverSearch } from './search';
import type { CoverTreeRecord, TreeNode } from './tree-record';

/**
 * Branch and bound below the current node (step 5 of solve.ts's specification): the recorded
 * subtree, or undefined when a limit cut it short. Leaves c's fixings and multipliers as it found them.
 */
export function coverLagrangianTree(c: CoverSearch, nodeCap: number, nodeIters: number, rec: CoverTreeRecord): TreeNode | undefined {
  if (++c.nodes > nodeCap || ((c.nodes & 63) === 0 && c.stopped())) return undefined;
  if (!c.feasible()) return rec.leaf(null);
  if (c.uncovered() === 0) {
    if (c.fixedCost < c.bestCost - c.tol) {
      c.bestCost = c.fixedCost;
      for (let j = 0; j < c.n; j++) c.best[j] = c.state[j] === 1 ? 1 : 0;
    }
    // The taken sets' cost: zero multipliers (the service lifts the reductions' forced sets).
    return rec.leaf(new Float64Array(c.U));
  }
  const saved = Float64Array.from(c.u);
  const lb = c.subgradient(nodeIters, 0.5);
  if (c.limits.stopped !== null || c.work > c.workCap) return undefined;
  if (c.roundUp(lb) >= c.bestCost - c.tol) {
    // subgradient left u at its best L: the leaf's multipliers.
    const leaf = rec.leaf(c.u, c.cov);
    c.u.set(saved);
    return leaf;
  }
  c.lagrangian();
  // The uncovered element with the fewest free sets (lowest index on ties).
  let be = -1;
  for (let e = 0; e < c.U; e++) if (c.cov[e] === 0 && (be < 0 || c.freeCnt[e] < c.freeCnt[be])) be = e;
  const kids: number[] = [];
  for (let q = c.estart[be]; q < c.estart[be + 1]; q++) if (c.state[c.esets[q]] === 0) kids.push(c.esets[q]);
  kids.sort((a, b) => c.rc[a] - c.rc[b] || a - b);
  const nodeU = Float64Array.from(c.u);
  let complete = true;
  const excluded: number[] = [];
  let top: TreeNode | null = null;
  let hole: { f: TreeNode | null } | null = null;
  for (const j of kids) {
    c.take(j);
    const child = coverLagrangianTree(c, nodeCap, nodeIters, rec);
    c.untake(j);
    c.u.set(nodeU);
    if (child === undefined) {
      complete = false;
      break;
    }
    const split = rec.split(j);
    split.t = child;
    if (hole === null) top = split;
    else hole.f = split;
    hole = split;
    c.exclude(j);
    excluded.push(j);
  }
  for (const j of excluded) c.include(j);
  c.u.set(saved);
  if (!complete || hole === null) return undefined;
  hole.f = rec.leaf(null);
  return top!;
}
