/**
 * cover: the Lagrangian branch and bound: at each node a short subgradient run from the parent's
 * multipliers bounds the subproblem; branch on the uncovered element with the fewest free sets
 * (libs/engine-native/src/core/cover/lagrangian_tree.cc follows it step for step).
 */
import type { CoverSearch } from './search';

/**
 * Branch and bound below the current node (step 5 of solve.ts's specification); false when a limit
 * cut it short. Leaves c's fixings and multipliers as it found them.
 */
export function coverLagrangianTree(c: CoverSearch, nodeCap: number, nodeIters: number): boolean {
  if (++c.nodes > nodeCap || ((c.nodes & 63) === 0 && c.stopped())) return false;
  if (!c.feasible()) return true;
  if (c.uncovered() === 0) {
    if (c.fixedCost < c.bestCost - c.tol) {
      c.bestCost = c.fixedCost;
      for (let j = 0; j < c.n; j++) c.best[j] = c.state[j] === 1 ? 1 : 0;
    }
    return true;
  }
  const saved = Float64Array.from(c.u);
  const lb = c.subgradient(nodeIters, 0.5);
  if (c.limits.stopped !== null || c.work > c.workCap) return false;
  if (c.roundUp(lb) >= c.bestCost - c.tol) {
    c.u.set(saved);
    return true;
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
  for (const j of kids) {
    c.take(j);
    const ok = coverLagrangianTree(c, nodeCap, nodeIters);
    c.untake(j);
    c.u.set(nodeU);
    if (!ok) {
      complete = false;
      break;
    }
    c.exclude(j);
    excluded.push(j);
  }
  for (const j of excluded) c.include(j);
  c.u.set(saved);
  return complete;
}
