/**
 * The deterministic WORK budget of `xorsat` per effort (never time). Elimination is exact and has
 * no budget; only an inconsistent system spends one (solve.ts step 4):
 *   enumMaxRank  walk the column space (2^rank points of the core, Gray code) when rank ≤ this
 *   dualMaxDim   search the syndromes (2^d, d = m − rank of the core) when d ≤ this ...
 *   dualWork     ... for at most this many states × distinct columns
 *   searchSteps  otherwise, WalkSAT-style flips from the best assignment so far ...
 *   searchWork   ... and at most this many equation entries visited by them (a flip of x visits
 *                every entry of every equation of x: dense systems flip far fewer times)
 */
import type { Effort } from '../../base';

export interface XorsatBudget {
  readonly enumMaxRank: number;
  readonly dualMaxDim: number;
  readonly dualWork: number;
  readonly searchSteps: number;
  readonly searchWork: number;
}

const LEVELS: Record<Effort, XorsatBudget> = {
  flash: { enumMaxRank: 16, dualMaxDim: 16, dualWork: 2 ** 24, searchSteps: 20_000, searchWork: 2 ** 24 },
  medium: { enumMaxRank: 20, dualMaxDim: 20, dualWork: 2 ** 27, searchSteps: 200_000, searchWork: 2 ** 27 },
  high: { enumMaxRank: 24, dualMaxDim: 24, dualWork: 2 ** 30, searchSteps: 2_000_000, searchWork: 2 ** 30 },
};

export function xorsatBudgetFor(effort: Effort): XorsatBudget {
  const b = LEVELS[effort];
  if (b === undefined) throw new RangeError(`unknown effort "${String(effort)}"`);
  return b;
}
