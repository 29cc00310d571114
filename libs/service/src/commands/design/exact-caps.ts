/** design's exact caps and sure certificate. */
import { type Effort } from '@svc/engine-ts';
import { designBudgetFor, designShape } from '@svc/engine-ts/families/design';
import type { PreparedSolve } from '../adapter';
import type { SureCertificate } from '../command-module';
import { perEffort } from '../shared/exact-caps';

/** design: branch and bound sizes (sites of a component with cycles) per effort; typical, not rules (it has a node cap). */
export function designExactCaps(): Record<Effort, number> {
  return perEffort((e) => designBudgetFor(e).bnbMaxSites);
}

/**
 * design: no coupling, K = 1 or no bonds is certified by construction; bonds forming a forest whose
 * dynamic program fits the effort's work (Σ sites·K²) always are (the DP has no other cap).
 */
export function designSurely(prep: PreparedSolve, effort: Effort): SureCertificate | null {
  const p = prep.problem;
  if (p.kind !== 'design') return null;
  if (p.K === 1 || p.bondI.length === 0) return { reason: 'no bond couples two sites: each site takes its cheapest value', instant: true };
  const { treeWork, hardSites } = designShape(p);
  if (hardSites > 0 || treeWork > designBudgetFor(effort).dpWork) return null;
  return { reason: `the bonds form a forest: dynamic programming over ${treeWork} site·value² steps always completes`, instant: false };
}
