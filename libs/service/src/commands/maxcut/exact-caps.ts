/** maxcut's sure certificate (capabilities quote the QUBO family's caps: shared/qubo-family.ts). */
import { budgetFor, type Effort } from '@svc/engine-ts';
import type { PreparedSolve } from '../adapter';
import type { SureCertificate } from '../command-module';
import { enumeration } from '../shared/exact-caps';

/** maxcut: the complete graph by construction; otherwise enumeration as optimize. */
export function maxcutSurely(prep: PreparedSolve, effort: Effort, version: string): SureCertificate | null {
  const p = prep.problem;
  if (p.kind !== 'maxcut') return null;
  if (p.complete) return { reason: 'certified by construction (the complete graph)', instant: true };
  return enumeration(p.n, budgetFor('maxcut', effort, 1, 0, version).exactMaxN, 'every cut');
}
