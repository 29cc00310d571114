/**
 * reduce's certificate (docs/certificates.md `unimodular`): the engine's U (U·B = B′) and V
 * (V·B′ = B), exact integers as decimal strings; the checker tests both products and the LLL
 * conditions of B′ in rationals.
 */
import type { IntMatrix } from '@svc/engine-ts/families/reduce';
import type { CertificateOutcome } from '../adapter';

const text = (m: IntMatrix): string[][] => m.map((row) => row.map((x) => x.toString()));

/** The certificate of a reduction that ran to its end; a stopped one is a basis of the same lattice, not reduced. */
export function reduceCertificate(u: IntMatrix, v: IntMatrix, stopped: boolean): CertificateOutcome {
  if (stopped) return { omitted: 'stopped by the latency budget: the answer is not LLL-reduced yet' };
  return { certificate: { kind: 'unimodular', U: text(u), V: text(v) } };
}
