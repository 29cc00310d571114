/**
 * The deterministic WORK budget of `qap` per effort (never time).
 *   bnbMaxN    up to this n, branch and bound with the Gilmore–Lawler bound, within bnbNodes nodes
 *   tabuIters  robust tabu search iterations (each O(n²)), at most tabuWork / n² of them
 */
import type { Effort } from '../../base';

export interface QapBudget {
  readonly bnbMaxN: number;
  readonly bnbNodes: number;
  readonly tabuIters: number;
  readonly tabuWork: number;
}

const LEVELS: Record<Effort, QapBudget> = {
  flash: { bnbMaxN: 10, bnbNodes: 300_000, tabuIters: 20_000, tabuWork: 2e8 },
  medium: { bnbMaxN: 12, bnbNodes: 3_000_000, tabuIters: 200_000, tabuWork: 2e9 },
  high: { bnbMaxN: 15, bnbNodes: 30_000_000, tabuIters: 2_000_000, tabuWork: 2e10 },
};

export function qapBudgetFor(effort: Effort): QapBudget {
  const b = LEVELS[effort];
  if (b === undefined) throw new RangeError(`unknown effort "${String(effort)}"`);
  return b;
}

/** Tabu iterations for n facilities: at most tabuIters, and tabuWork / n² (each iteration is O(n²)). */
export function tabuIterations(b: QapBudget, n: number): number {
  return Math.min(b.tabuIters, Math.floor(b.tabuWork / (n * n)));
}
