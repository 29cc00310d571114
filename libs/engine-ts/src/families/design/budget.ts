/**
 * The deterministic WORK budget of `design` per effort (never time).
 *   dpWork       tree components are solved by dynamic programming while Σ sites·K² stays within it
 *   bnbMaxSites  other components up to this many sites by branch and bound, within bnbNodes nodes
 *   tabuIters    tabu search iterations over the other sites, at most tabuWork value evaluations
 */
import type { Effort } from '../../base';

export interface DesignBudget {
  readonly dpWork: number;
  readonly bnbMaxSites: number;
  readonly bnbNodes: number;
  readonly tabuIters: number;
  readonly tabuWork: number;
}

const LEVELS: Record<Effort, DesignBudget> = {
  flash: { dpWork: 2e8, bnbMaxSites: 16, bnbNodes: 200_000, tabuIters: 200_000, tabuWork: 1e8 },
  medium: { dpWork: 2e9, bnbMaxSites: 24, bnbNodes: 2_000_000, tabuIters: 5_000_000, tabuWork: 2e9 },
  high: { dpWork: 2e10, bnbMaxSites: 32, bnbNodes: 20_000_000, tabuIters: 1_000_000_000, tabuWork: 1e12 },
};

export function designBudgetFor(effort: Effort): DesignBudget {
  const b = LEVELS[effort];
  if (b === undefined) throw new RangeError(`unknown effort "${String(effort)}"`);
  return b;
}
