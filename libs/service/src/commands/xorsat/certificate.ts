/**
 * xorsat's certificate (docs/certificates.md `contradiction`): k pairwise disjoint sets of
 * equations, each XORing to 0 = 1, prove that every assignment violates at least k equations.
 * A certified answer with v violations carries v such sets when the packing finds them; a bound
 * carries the sets behind it, and a bound the packing cannot reach is restated as the one it proves.
 */
import { disjointContradictions } from '@svc/engine-ts/families/xorsat';
import type { CertificateProducer } from '../command-module';

export const xorsatCertificate: CertificateProducer = (prep, r, done) => {
  const p = prep.problem;
  if (p.kind !== 'xorsat') return { omitted: 'not produced for this problem' };
  if (r.objective === 0) return { omitted: 'every equation holds: nothing to prove' };
  if (done.proof === null && done.bound === undefined) return { omitted: 'heuristic answer: nothing to prove' };
  const sets = disjointContradictions(p);
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
