/**
 * The deterministic WORK budget of `xorsat` per effort (never time). Elimination is exact and has
 * no budget; only an inconsistent system spends one:
 *   enumMaxRank  enumerate every point of the column space (2^rank syndromes, a Gray-code walk) when
 *                rank ≤ this: the fewest violations, certified
 *   searchSteps  otherwise, WalkSAT-style flips from the elimination's answer (heuristic unless the
 *                answer meets the proven lower bound)
 */
import type { Effort } from '../../base';

export interface XorsatBudget {
  readonly enumMaxRank: number;
  readonly searchSteps: number;
}

const LEVELS: Record<Effort, XorsatBudget> = {
  flash: { enumMaxRank: 16, searchSteps: 20_000 },
  medium: { enumMaxRank: 20, searchSteps: 200_000 },
  high: { enumMaxRank: 24, searchSteps: 2_000_000 },
};

export function xorsatBudgetFor(effort: Effort): XorsatBudget {
  const b = LEVELS[effort];
  if (b === undefined) throw new RangeError(`unknown effort "${String(effort)}"`);
  return b;
}
