/**
 * The deterministic WORK budget of `rank` per effort (never time): the same votes, seed and effort
 * give the same order on any machine.
 *   dpMaxN      a strongly connected component of the majority graph with at most this many items
 *               is ordered exactly by the subset dynamic program (2^s · s² steps, 2^s doubles);
 *   bnbMaxN     a larger component up to this size gets branch and bound (pairwise-minimum bound)
 *               from the local-search incumbent, within bnbNodes nodes;
 *   restarts    local-search restarts (insertion moves to a local optimum, then a perturbation).
 */
import type { Effort } from '../../engine';

export interface RankBudget {
  readonly dpMaxN: number;
  readonly bnbMaxN: number;
  readonly bnbNodes: number;
  readonly restarts: number;
}

const LEVELS: Record<Effort, RankBudget> = {
  flash: { dpMaxN: 14, bnbMaxN: 64, bnbNodes: 200_000, restarts: 8 },
  medium: { dpMaxN: 17, bnbMaxN: 96, bnbNodes: 2_000_000, restarts: 32 },
  high: { dpMaxN: 20, bnbMaxN: 128, bnbNodes: 20_000_000, restarts: 128 },
};

export function rankBudgetFor(effort: Effort): RankBudget {
  const b = LEVELS[effort];
  if (b === undefined) throw new RangeError(`unknown effort "${String(effort)}"`);
  return b;
}
