/**
 * The deterministic WORK budget of `tsp` per effort (never time): the same problem, seed and effort
 * give the same tour on any machine.
 *   dpMaxN      n up to this is solved exactly by the Held–Karp DP (2^(n−1)·(n−1) doubles)
 *   neighbours  candidate list size (nearest cities) of the local search
 *   kicksPerN   iterated local search: kicksPerN · n double-bridge kicks, at most maxKicks
 *   boundWork   Held–Karp 1-tree bound: about boundWork / n² subgradient steps, at most boundIters,
 *               at least one 1-tree
 *   bnbMaxN       5 ≤ n ≤ bnbMaxN gets branch and bound below the root (branch.ts) when the root bound
 *                 does not meet the tour
 *   bnbKicksPerN  kicks before that tree: at most bnbKicksPerN · n (the rest follow a tree left open)
 *   bnbNodes      nodes of the tree, at most
 *   bnbIters      subgradient steps per node
 */
import type { Effort } from '../../base';

export interface TspBudget {
  readonly dpMaxN: number;
  readonly neighbours: number;
  readonly kicksPerN: number;
  readonly maxKicks: number;
  readonly boundIters: number;
  readonly boundWork: number;
  readonly bnbMaxN: number;
  readonly bnbKicksPerN: number;
  readonly bnbNodes: number;
  readonly bnbIters: number;
}

const LEVELS: Record<Effort, TspBudget> = {
  flash: { dpMaxN: 12, neighbours: 8, kicksPerN: 5, maxKicks: 20_000, boundIters: 30, boundWork: 3e7, bnbMaxN: 0, bnbKicksPerN: 0, bnbNodes: 0, bnbIters: 0 },
  medium: { dpMaxN: 16, neighbours: 10, kicksPerN: 100, maxKicks: 500_000, boundIters: 100, boundWork: 3e8, bnbMaxN: 60, bnbKicksPerN: 100, bnbNodes: 2_000, bnbIters: 40 },
  high: { dpMaxN: 20, neighbours: 12, kicksPerN: 20_000, maxKicks: 50_000_000, boundIters: 300, boundWork: 3e9, bnbMaxN: 300, bnbKicksPerN: 1_000, bnbNodes: 1_000_000, bnbIters: 40 },
};

export function tspBudgetFor(effort: Effort): TspBudget {
  const b = LEVELS[effort];
  if (b === undefined) throw new RangeError(`unknown effort "${String(effort)}"`);
  return b;
}

/** Subgradient steps of the 1-tree bound for n cities: at least 1 (the first 1-tree, always computed). */
export function boundIterations(b: TspBudget, n: number): number {
  return Math.max(1, Math.min(b.boundIters, Math.floor(b.boundWork / (n * n))));
}
