/** want's sure certificate (capabilities quote optimize's caps: shared/qubo-family.ts). */
import { type Effort } from '@svc/engine-ts';
import { budgetFor } from '@svc/engine-ts/families/qubo';
import type { PreparedSolve } from '../adapter';
import type { SureCertificate } from '../command-module';
import { enumeration } from '../shared/exact-caps';

/** want: the free (unpinned) variables are enumerated as optimize's. */
export function wantSurely(prep: PreparedSolve, effort: Effort, version: string): SureCertificate | null {
  const p = prep.problem;
  if (p.kind !== 'qubo') return null;
  const free = p.n - (p.pins?.index.length ?? 0);
  if (free === 0) return { reason: 'every variable is pinned: one assignment', instant: true };
  return enumeration(free, budgetFor('optimize', effort, 1, 0, version).exactMaxN, 'every assignment of the unpinned variables');
}
