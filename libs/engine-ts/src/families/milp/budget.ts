/**
 * The deterministic WORK budget of `milp` per effort (never time).
 *   bnbNodes  branch and bound nodes over the binaries (each a box-constrained QP)
 *   starts    local-search starts when the objective is not convex (or the tree did not close)
 *   spatialNodes  spatial branch and bound nodes for a small non-convex objective (each a box QP)
 */
import type { Effort } from '../../base';

export interface MilpBudget {
  readonly bnbNodes: number;
  readonly starts: number;
  readonly spatialNodes: number;
}

const LEVELS: Record<Effort, MilpBudget> = {
  flash: { bnbNodes: 2_000, starts: 4, spatialNodes: 1_000 },
  medium: { bnbNodes: 50_000, starts: 20, spatialNodes: 10_000 },
  high: { bnbNodes: 1_000_000, starts: 100, spatialNodes: 100_000 },
};

export function milpBudgetFor(effort: Effort): MilpBudget {
  const b = LEVELS[effort];
  if (b === undefined) throw new RangeError(`unknown effort "${String(effort)}"`);
  return b;
}
