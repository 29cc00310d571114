/**
 * The deterministic WORK budget of `rank` per effort (never time): the same votes, seed and effort
 * give the same order on any machine.
 *   dpMaxN      a strongly connected component of the majority graph with at most this many items
 *               that branch and bound did not close is ordered exactly by the subset dynamic
 *               program (2^s · s² steps, 2^s doubles);
 *   bnbMaxN     a component above 12 items and up to this size gets branch and bound
 *               (pairwise-minimum bound) from the local-search incumbent, within bnbNodes nodes;
 *   memo        sets of placed items whose best prefix cost the branch and bound remembers;
 *   restarts    local-search restarts (insertion moves to a local optimum, then a perturbation).
 */
import type { Effort } from '../../base';

export interface RankBudget {
  readonly dpMaxN: number;
  readonly bnbMaxN: number;
  readonly bnbNodes: number;
  readonly restarts: number;
  /** Sets the branch and bound remembers (the best prefix cost of each). */
  readonly memo: number;
}

const LEVELS: Record<Effort, RankBudget> = {
  flash: { dpMaxN: 14, bnbMaxN: 64, bnbNodes: 200_000, restarts: 8, memo: 1 << 16 },
  medium: { dpMaxN: 18, bnbMaxN: 96, bnbNodes: 2_000_000, restarts: 32, memo: 1 << 18 },
  high: { dpMaxN: 22, bnbMaxN: 128, bnbNodes: 20_000_000, restarts: 128, memo: 1 << 20 },
};

export function rankBudgetFor(effort: Effort): RankBudget {
  const b = LEVELS[effort];
  if (b === undefined) throw new RangeError(`unknown effort "${String(effort)}"`);
  return b;
}
