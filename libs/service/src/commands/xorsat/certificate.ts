/**
 * xorsat's certificate (docs/certificates.md `contradiction`): k pairwise disjoint sets of
 * equations, each XORing to 0 = 1, prove that every assignment violates at least k equations.
 * The sets: every empty equation with rhs 1 alone, then the contradictions the engine packed for
 * its bound (`XorsatResult.contradictions`, both engines) or, for a certified answer of a small
 * core, engine-ts's same packing run here. A certified answer with v violations carries v sets when
 * there are that many; a bound carries the sets behind it, and a bound they cannot reach (the
 * solver's count of overlapping contradictions) is restated as the number of sets.
 */
import { disjointContradictions, planXorsat, type XorsatProblem } from '@svc/engine-ts/families/xorsat';
import type { CertificateProducer } from '../command-module';

/** The largest core [A | rhs | I] (bits) whose null space the service computes itself for a certified answer (about 10 ms). */
const OWN_NULL_SPACE_BITS = 2 ** 22;

function emptyContradictions(p: XorsatProblem): number[][] {
  const out: number[][] = [];
  for (let e = 0; e < p.rhs.length; e++) if (p.start[e] === p.start[e + 1] && p.rhs[e] === 1) out.push([e]);
  return out;
}

export const xorsatCertificate: CertificateProducer = (prep, r, done) => {
  const p = prep.problem;
  if (p.kind !== 'xorsat' || r.kind !== 'xorsat') return { omitted: 'not produced for this problem' };
  if (r.objective === 0) return { omitted: 'every equation holds: nothing to prove' };
  if (done.proof === null && done.bound === undefined) return { omitted: 'heuristic answer: nothing to prove' };
  let sets: readonly (readonly number[])[];
  if (r.contradictions !== undefined) sets = [...emptyContradictions(p), ...r.contradictions];
  else {
    const core = planXorsat(p).core;
    sets = core.m * (core.n + 1 + core.m) <= OWN_NULL_SPACE_BITS ? disjointContradictions(p) : emptyContradictions(p);
  }
  if (done.proof !== null) {
    if (sets.length >= r.objective) return { certificate: { kind: 'contradiction', rows: sets.slice(0, r.objective) } };
    return { omitted: `exhaustive search proves ${r.objective} violations; ${sets.length} disjoint contradictions were found (re-run locally)` };
  }
  const bound = done.bound!;
  if (sets.length >= bound) return { certificate: { kind: 'contradiction', rows: sets.slice(0, bound) } };
  // Never claim more than the certificate proves.
  const gap = Math.abs(r.objective - sets.length) / Math.max(1, Math.abs(r.objective));
  return { certificate: { kind: 'contradiction', rows: sets }, restate: { bound: sets.length, gap } };
};
