/**
 * The deterministic WORK budget of `cover` per effort (never time).
 *   rootIters   subgradient iterations of the Lagrangian relaxation at the root
 *   passes      refinement passes (fix part of the best cover, solve the rest again)
 *   bnbNodes    branch and bound nodes (each a short subgradient run of nodeIters iterations)
 *   work        a cap on Σ entries visited (every iteration reads each free set's elements)
 *   lsEarlySteps  row-weighting local search steps from the greedy cover, before the relaxation
 *   lsSteps       local search steps after branch and bound left the tree open
 */
import type { Effort } from '../../base';

export interface CoverBudget {
  readonly rootIters: number;
  readonly passes: number;
  readonly bnbNodes: number;
  readonly nodeIters: number;
  readonly work: number;
  readonly lsEarlySteps: number;
  readonly lsSteps: number;
}

const LEVELS: Record<Effort, CoverBudget> = {
  flash: { rootIters: 300, passes: 2, bnbNodes: 2_000, nodeIters: 30, work: 3e8, lsEarlySteps: 2_000, lsSteps: 0 },
  medium: { rootIters: 2_000, passes: 6, bnbNodes: 50_000, nodeIters: 40, work: 5e9, lsEarlySteps: 20_000, lsSteps: 100_000 },
  high: { rootIters: 10_000, passes: 20, bnbNodes: 1_000_000, nodeIters: 50, work: 1e11, lsEarlySteps: 100_000, lsSteps: 10_000_000 },
};

export function coverBudgetFor(effort: Effort): CoverBudget {
  const b = LEVELS[effort];
  if (b === undefined) throw new RangeError(`unknown effort "${String(effort)}"`);
  return b;
}
