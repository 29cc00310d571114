/** sample's exact caps and sure certificate. */
import { type Effort } from '@svc/engine-ts';
import { sampleBudget } from '@svc/engine-ts/families/qubo';
import type { PreparedSolve } from '../adapter';
import type { SureCertificate } from '../command-module';
import { enumeration, perEffort } from '../shared/exact-caps';

/** sample certifies when the engine enumerates every state: the engine's own enumeration cap per effort. */
export function sampleExactCaps(): Record<Effort, number> {
  return perEffort((e) => sampleBudget(e, 1, 0, 1).exactMaxN);
}

/** sample: the k best states are exact when every state is enumerated. */
export function sampleSurely(prep: PreparedSolve, effort: Effort): SureCertificate | null {
  const p = prep.problem;
  if (p.kind !== 'qubo') return null;
  return enumeration(p.n, sampleBudget(effort, 1, 0, 1).exactMaxN, 'every state');
}
