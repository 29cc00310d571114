/**
 * relation takes no work budget (its work is fixed by the values, the digits and max_height: the
 * iteration cap pslqIterationCap and the bound), so every effort gives the same answer. This is the
 * service's estimate of that work (jobs/work-model.ts), in its units of about 12 ns of engine-ts:
 * per PSLQ run of length m about m·prec/2 iterations of 3m² big-integer operations, each about 25
 * units per 256 bits of precision; a polynomial runs lengths 2..degree+1. Each run may add the LLL
 * search of embedding.ts (when PSLQ's candidate is refused or its precision runs out): counted as
 * much again (measured: LLL of 32 values at 50 and 200 digits takes 0.2–0.4× the PSLQ estimate).
 */
import { digitBits, PSLQ_GUARD_BITS } from './pslq';
import type { RelationProblem } from './problem';

export function relationWork(p: RelationProblem): number {
  const prec = digitBits(p.workDigits) + PSLQ_GUARD_BITS;
  const perOp = 25 * Math.max(1, prec / 256);
  const run = (m: number) => 2 * (m * prec / 2) * 3 * m * m * perOp;
  let work = 0;
  if (p.degree === 0) work = run(p.n);
  else for (let m = 2; m <= p.degree + 1; m++) work += run(m);
  return Math.ceil(work);
}
