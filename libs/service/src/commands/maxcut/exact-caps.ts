/** maxcut's sure certificate (capabilities quote the QUBO family's caps: shared/qubo-family.ts). */
import { type Effort } from '@svc/engine-ts';
import { balancedCut, budgetFor } from '@svc/engine-ts/families/qubo';
import type { PreparedSolve } from '../adapter';
import type { SureCertificate } from '../command-module';
import { enumeration } from '../shared/exact-caps';

/**
 * maxcut: the complete graph and balanced signed graphs (bipartite with positive weights) by
 * construction; otherwise enumeration as optimize.
 */
export function maxcutSurely(prep: PreparedSolve, effort: Effort, version: string): SureCertificate | null {
  const p = prep.problem;
  if (p.kind !== 'maxcut') return null;
  if (p.complete) return { reason: 'certified by construction (the complete graph)', instant: true };
  if (p.edges !== null && balancedCut(p.n, p.edges) !== null) {
    return { reason: 'certified by construction (every positive edge cut, no negative one: the bound Σ max(0, w) attained)', instant: true };
  }
  return enumeration(p.n, budgetFor('maxcut', effort, 1, 0, version).exactMaxN, 'every cut');
}
