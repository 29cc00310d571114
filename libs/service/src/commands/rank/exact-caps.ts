/** rank's exact caps and sure certificate. */
import { type Effort } from '@svc/engine-ts';
import { majorityComponents, rankBudgetFor } from '@svc/engine-ts/families/rank';
import type { PreparedSolve } from '../adapter';
import type { SureCertificate } from '../command-module';
import { perEffort } from '../shared/exact-caps';

/**
 * Typical items certified per effort for rank: a majority-graph component of at most this many
 * items is always ordered exactly (the subset DP, run when branch and bound did not close it);
 * capabilities quotes them as sizes, not rules: any number of items is certified when every
 * component closes (measured: random votes on 40 items close at high; consistent votes at any size).
 */
export function rankExactCaps(): Record<Effort, number> {
  return perEffort((e) => rankBudgetFor(e).dpMaxN);
}

/** rank: every component of the majority graph within the DP's size is ordered exactly. */
export function rankSurely(prep: PreparedSolve, effort: Effort): SureCertificate | null {
  const p = prep.problem;
  if (p.kind !== 'rank') return null;
  const cap = rankBudgetFor(effort).dpMaxN;
  let largest = 0;
  for (const c of majorityComponents(p)) largest = Math.max(largest, c.length);
  return largest <= cap ? { reason: `every component of the majority graph has at most ${cap} items (largest ${largest}): the subset dynamic program always completes`, instant: false } : null;
}
