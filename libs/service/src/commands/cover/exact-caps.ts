/** cover's typical certified sizes and sure certificate. */
import type { Effort } from '@svc/engine-ts';
import type { PreparedSolve } from '../adapter';
import type { SureCertificate } from '../command-module';

/**
 * cover: typical sets certified per effort, measured on OR-Library instances without a deadline:
 * set 4 (200 elements, 1,000 sets) certified 8 of 10 at flash and 10 of 10 at medium and high; set 5
 * (2,000 sets) 8 of 10 at high even within 1 s. Random instances of density 0.1 (elements = sets/5)
 * were all certified up to 400 sets at every effort. Not a rule: the tree has node and work caps.
 */
export const COVER_TYPICAL_EXACT_SETS = { flash: 1000, medium: 1000, high: 2000 } as const;

export function coverExactCaps(): Record<Effort, number> {
  return { ...COVER_TYPICAL_EXACT_SETS };
}

/** cover: sure only when the reductions decide everything (branch and bound has node and work caps). */
export function coverSurely(prep: PreparedSolve): SureCertificate | null {
  const p = prep.problem;
  if (p.kind !== 'cover') return null;
  // Every set is forced (each holds an element no other set holds) or costs at most 0: the reductions decide it.
  const holders = new Int32Array(p.universe);
  for (let k = 0; k < p.elems.length; k++) holders[p.elems[k]]++;
  for (let j = 0; j < p.n; j++) {
    if (p.cost[j] <= 0) continue;
    let alone = false;
    for (let k = p.start[j]; k < p.start[j + 1]; k++) if (holders[p.elems[k]] === 1) alone = true;
    if (!alone) return null;
  }
  return { reason: 'every set is either the only one holding some element or costs nothing: the reductions decide the cover', instant: true };
}
