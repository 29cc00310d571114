/** qap's exact caps and sure certificate. */
import { type Effort } from '@svc/engine-ts';
import { qapBudgetFor } from '@svc/engine-ts/families/qap';
import type { PreparedSolve } from '../adapter';
import type { SureCertificate } from '../command-module';
import { perEffort } from '../shared/exact-caps';

/** qap: branch and bound (Gilmore–Lawler) sizes per effort; typical, not rules (it has a node cap). */
export function qapExactCaps(): Record<Effort, number> {
  return perEffort((e) => qapBudgetFor(e).bnbMaxN);
}

/** Largest qap the branch and bound always finishes: its tree has fewer nodes than the smallest node cap. */
export const QAP_SURE_N = 8;

/** qap: up to 8 facilities the whole tree (at most e·8! nodes) fits every effort's node cap. */
export function qapSurely(prep: PreparedSolve, effort: Effort): SureCertificate | null {
  const p = prep.problem;
  if (p.kind !== 'qap') return null;
  if (p.n === 1) return { reason: 'one facility, one location', instant: true };
  return p.n <= QAP_SURE_N && qapBudgetFor(effort).bnbNodes >= 120_000 ? { reason: `branch and bound over at most e·${p.n}! nodes always completes (${p.n} ≤ ${QAP_SURE_N} facilities)`, instant: false } : null;
}
