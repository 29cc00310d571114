/** tsp's exact caps and sure certificate. */
import { type Effort } from '@svc/engine-ts';
import { tspBudgetFor } from '@svc/engine-ts/families/tsp';
import type { PreparedSolve } from '../adapter';
import type { SureCertificate } from '../command-module';
import { perEffort } from '../shared/exact-caps';

/**
 * Typical sizes that tsp's branch and bound below the root certifies, measured on random uniform
 * points (native, 2026-11-25): medium every tour up to its bnbMaxN of 60 in at most 0.05 s; high
 * 100 cities in at most 1.9 s, 150 in 2 of 3 within 20 s.
 */
const TSP_TYPICAL_BRANCH_N: Record<Effort, number> = { flash: 0, medium: 60, high: 100 };

/** tsp: the Held–Karp DP's size per effort, or the typical branch-and-bound size beyond it. */
export function tspExactCaps(): Record<Effort, number> {
  return perEffort((e) => {
    const b = tspBudgetFor(e);
    return Math.max(b.dpMaxN, Math.min(b.bnbMaxN, TSP_TYPICAL_BRANCH_N[e]));
  });
}

/** tsp: up to the DP's size the tour is always certified (the DP has no work cap). */
export function tspSurely(prep: PreparedSolve, effort: Effort): SureCertificate | null {
  const p = prep.problem;
  if (p.kind !== 'tsp') return null;
  const cap = tspBudgetFor(effort).dpMaxN;
  return p.n <= cap ? { reason: `the Held–Karp dynamic program always completes (${p.n} cities ≤ ${cap})`, instant: false } : null;
}
