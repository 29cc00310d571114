/**
 * The deterministic WORK budget of `rank` per effort (never time): the same votes, seed and effort
 * give the same order on any machine.
 *   dpMaxN      a strongly connected component of the majority graph with at most this many items
 *               that branch and bound did not close is ordered exactly by the subset dynamic
 *               program (2^s · s² steps, 2^s doubles);
 *   bnbMaxN     a component above 12 items and up to this size gets branch and bound
 *               (pairwise-minimum bound) from the local-search incumbent, within bnbNodes nodes;
 *   memo        sets of placed items whose best prefix cost the branch and bound remembers;
 *   restarts    local-search restarts (insertion moves to a local optimum, then a perturbation);
 *   lpMaxN      native engine built with COIN-OR CLP only: a component above 12 items and up to
 *               this size gets the ordering LP's branch and bound (3-cycle inequalities added
 *               lazily, bounds proven by exact weak duality) instead of the pairwise-minimum one,
 *   lpNodes     within this many LP nodes
 *   lpPivots    and this many simplex pivots in all. engine-ts has no LP engine and ignores these.
 */
import type { Effort } from '../../base';

export interface RankBudget {
  readonly dpMaxN: number;
  readonly bnbMaxN: number;
  readonly bnbNodes: number;
  readonly restarts: number;
  /** Sets the branch and bound remembers (the best prefix cost of each). */
  readonly memo: number;
  /** Native with CLP: largest component given the ordering LP (0: none). */
  readonly lpMaxN: number;
  /** Native with CLP: LP branch-and-bound nodes per component. */
  readonly lpNodes: number;
  /** Native with CLP: simplex pivots per component. */
  readonly lpPivots: number;
}

const LEVELS: Record<Effort, RankBudget> = {
  flash: { dpMaxN: 14, bnbMaxN: 64, bnbNodes: 200_000, restarts: 8, memo: 1 << 16, lpMaxN: 80, lpNodes: 5, lpPivots: 3_000 },
  medium: { dpMaxN: 18, bnbMaxN: 96, bnbNodes: 2_000_000, restarts: 32, memo: 1 << 18, lpMaxN: 100, lpNodes: 200, lpPivots: 15_000 },
  high: { dpMaxN: 22, bnbMaxN: 128, bnbNodes: 20_000_000, restarts: 128, memo: 1 << 20, lpMaxN: 200, lpNodes: 20_000, lpPivots: 150_000 },
};

export function rankBudgetFor(effort: Effort): RankBudget {
  const b = LEVELS[effort];
  if (b === undefined) throw new RangeError(`unknown effort "${String(effort)}"`);
  return b;
}
