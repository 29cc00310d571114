/** select's typical certified sizes and sure certificate. */
import { type Effort } from '@svc/engine-ts';
import { binomialAtMost, selectBudgetFor } from '@svc/engine-ts/families/select';
import type { PreparedSolve } from '../adapter';
import type { SureCertificate } from '../command-module';

/**
 * Typical m certified by branch and bound per effort (measured: every random instance of density
 * 0.5 with k = m/4 or m/2 at this m; about half of them at m + 10 to m + 30);
 * capabilities quotes them as sizes, not rules: any m is certified when the search finishes,
 * and without redundancy every m is (the top k by affinity).
 */
export const SELECT_TYPICAL_EXACT_M = { flash: 30, medium: 40, high: 40 } as const;

/** select: every item, the top k without redundancy, or every k-subset when there are few. */
export function selectSurely(prep: PreparedSolve, effort: Effort): SureCertificate | null {
  const p = prep.problem;
  if (p.kind !== 'select') return null;
  if (p.k === p.n) return { reason: 'k = m: every item is chosen', instant: true };
  if (p.redundancy === null) return { reason: 'no redundancy: the k largest affinities are optimal by construction', instant: true };
  const cap = selectBudgetFor(effort, p.n, p.k).enumerateMax;
  return binomialAtMost(p.n, p.k, cap) ? { reason: `exhaustive enumeration of every ${p.k}-subset always completes (C(${p.n}, ${p.k}) ≤ ${cap})`, instant: false } : null;
}
