/**
 * Pairwise disjoint contradictions of an xorsat system, in the request's equation numbers: sets of
 * equations whose XOR is 0 = 1, so any assignment violates at least one equation of each (the
 * service's `contradiction` certificate, docs/certificates.md). First every empty equation with
 * rhs 1 alone, then the greedy packing of the core's null vectors of parity 1 that the solver's
 * bound uses (fewest-violations.ts `packContradictions`, its part (a)); none from the core when
 * [A | rhs | I] is over XORSAT_MAX_NULL_BITS.
 */
import { coreNullSpace } from './eliminate';
import { packContradictions } from './fewest-violations';
import type { XorsatProblem } from './problem';
import { XORSAT_MAX_NULL_BITS } from './solve';
import { planXorsat } from './structure';

export function disjointContradictions(p: XorsatProblem): number[][] {
  const out: number[][] = [];
  for (let e = 0; e < p.rhs.length; e++) if (p.start[e] === p.start[e + 1] && p.rhs[e] === 1) out.push([e]);
  const s = planXorsat(p);
  const core = s.core;
  if (core.m === 0 || core.m * (core.n + 1 + core.m) > XORSAT_MAX_NULL_BITS) return out;
  const ns = coreNullSpace(core);
  if (ns === null) return out;
  const chosen: number[][] = [];
  packContradictions(ns, chosen);
  for (const group of chosen) out.push(group.map((t) => s.coreEqs[t]));
  return out;
}
