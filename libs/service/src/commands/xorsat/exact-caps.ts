/** xorsat's exact caps and sure certificate. */
import { xorsatBudgetFor } from '@svc/engine-ts/families/xorsat';
import type { Effort } from '@svc/engine-ts';
import type { PreparedSolve } from '../adapter';
import type { SureCertificate } from '../command-module';
import { perEffort } from '../shared/exact-caps';

/**
 * xorsat: a consistent system is certified by elimination at any size; an inconsistent one when its
 * rank is at most the enumeration rank (every point of the column space is visited), so any n up to it.
 */
export function xorsatExactCaps(): Record<Effort, number> {
  return perEffort((e) => xorsatBudgetFor(e).enumMaxRank);
}

/** xorsat: n ≤ the enumeration rank: elimination, then (when inconsistent) the enumeration, always complete. */
export function xorsatSurely(prep: PreparedSolve, effort: Effort): SureCertificate | null {
  const p = prep.problem;
  if (p.kind !== 'xorsat') return null;
  const cap = xorsatBudgetFor(effort).enumMaxRank;
  return p.n <= cap ? { reason: `elimination, then the enumeration of at most 2^${p.n} syndromes, always completes (${p.n} ≤ ${cap} variables)`, instant: false } : null;
}
