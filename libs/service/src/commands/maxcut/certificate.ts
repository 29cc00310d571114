/**
 * maxcut's certificates (docs/certificates.md): `bipartite` when the cut crosses every positive
 * edge and no negative one (it cuts Σ max(0, w), which no cut exceeds), and `odd_cycles` with no
 * cycle for a bound that is Σ max(0, w) itself.
 */
import type { PairList } from '@svc/engine-ts';
import type { CertificateProducer } from '../command-module';

/** True when `x` cuts every positive edge of `edges` and no negative one. */
function attainsPositiveSum(edges: PairList, x: ArrayLike<number>): boolean {
  for (let k = 0; k < edges.w.length; k++) {
    const w = edges.w[k];
    if (w !== 0 && (x[edges.i[k]] !== x[edges.j[k]]) !== w > 0) return false;
  }
  return true;
}

/** Σ max(0, w) when every weight is an integer and the sum is exact in doubles, else null (a rounded sum could overstate the proof). */
function exactPositiveSum(edges: PairList): number | null {
  let s = 0;
  for (let k = 0; k < edges.w.length; k++) {
    if (!Number.isInteger(edges.w[k])) return null;
    s += Math.max(0, edges.w[k]);
  }
  return Number.isSafeInteger(s) ? s : null;
}

export const maxcutCertificate: CertificateProducer = (prep, r, done) => {
  const p = prep.problem;
  if (p.kind !== 'maxcut') return { omitted: 'not produced for this problem' };
  if (p.complete || p.edges === null) return { omitted: 'certified by construction: the complete graph\'s maximum cut is ⌊n²/4⌋ (recompute it)' };
  if (done.proof !== null) {
    if (attainsPositiveSum(p.edges, r.answer)) return { certificate: { kind: 'bipartite' } };
    return { omitted: done.proof === 'exhaustive' ? 'exhaustive enumeration (re-run locally)' : `${done.proof}: no certificate of this proof yet` };
  }
  if (done.bound === undefined) return { omitted: 'heuristic answer: nothing to prove' };
  if (done.bound === exactPositiveSum(p.edges)) return { certificate: { kind: 'odd_cycles', cycles: [] } };
  return { omitted: 'the odd-cycle and SDP bounds carry no certificate yet' };
};
