/** xorsat's exact caps and sure certificate. */
import { xorsatBudgetFor } from '@svc/engine-ts/families/xorsat';
import type { Effort } from '@svc/engine-ts';
import type { PreparedSolve } from '../adapter';
import type { SureCertificate } from '../command-module';
import { perEffort } from '../shared/exact-caps';

/**
 * xorsat: a consistent system is certified by elimination at any size; an inconsistent one when the
 * rank of its core is at most the walk's rank (every point of the column space is visited), so any
 * n up to it (or when m − rank is small enough for the syndrome search, see xorsatSurely).
 */
export function xorsatExactCaps(): Record<Effort, number> {
  return perEffort((e) => xorsatBudgetFor(e).enumMaxRank);
}

/**
 * xorsat: elimination always completes; when the system is inconsistent, n ≤ enumMaxRank bounds the
 * rank for the column-space walk, and m ≤ dualMaxDim bounds m − rank for the syndrome search (whose
 * 2^m · m steps stay within dualWork at every effort), so either always finishes.
 */
export function xorsatSurely(prep: PreparedSolve, effort: Effort): SureCertificate | null {
  const p = prep.problem;
  if (p.kind !== 'xorsat') return null;
  const b = xorsatBudgetFor(effort);
  const m = p.rhs.length;
  if (p.n <= b.enumMaxRank) return { reason: `elimination, then (when inconsistent) the walk over at most 2^${p.n} points of the column space, always completes (${p.n} ≤ ${b.enumMaxRank} variables)`, instant: false };
  if (m <= b.dualMaxDim && 2 ** m * m <= b.dualWork) return { reason: `elimination, then (when inconsistent) the search over at most 2^${m} syndromes, always completes (${m} ≤ ${b.dualMaxDim} equations)`, instant: false };
  return null;
}
