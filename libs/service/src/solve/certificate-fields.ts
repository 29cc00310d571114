/**
 * The `certificate` and `certificate_omitted` fields of a success envelope (docs/certificates.md
 * "Where a certificate sits"): the produced certificate when it fits the cap the call chose, else
 * null with the reason.
 */
import { CERTIFICATE_CAP_BYTES, CERTIFICATE_FULL_CAP_BYTES, CERTAINTY, type CertificateMode } from '@svc/contracts';
import { NOT_REQUESTED, type CertificateOutcome } from '../commands';

export interface CertificateFields {
  certificate: Readonly<Record<string, unknown>> | null;
  certificate_omitted?: string;
}

const mb = (bytes: number) => `${+(bytes / 1e6).toPrecision(3)} MB`;

/**
 * `made` (absent: the command has no producer) as the envelope's fields under `mode`
 * (`?certificate=`): none → never attached (nor produced: commands/index.ts `withCertificate`); full → up to CERTIFICATE_FULL_CAP_BYTES; absent → up to
 * CERTIFICATE_CAP_BYTES. `certainty` names the reason when nothing was produced.
 */
export function certificateFields(made: CertificateOutcome | undefined, mode: CertificateMode | undefined, certainty: string, bound: number | undefined): CertificateFields {
  if (mode === 'none') return { certificate: null, certificate_omitted: NOT_REQUESTED.omitted };
  if (made === undefined) {
    const nothing = certainty === CERTAINTY.heuristic && bound === undefined;
    return { certificate: null, certificate_omitted: nothing ? 'heuristic answer: nothing to prove' : 'not produced for this command yet' };
  }
  if ('omitted' in made) return { certificate: null, certificate_omitted: made.omitted };
  const cap = mode === 'full' ? CERTIFICATE_FULL_CAP_BYTES : CERTIFICATE_CAP_BYTES;
  // Certificates are ASCII JSON: characters are bytes.
  const size = JSON.stringify(made.certificate).length;
  if (size > cap) {
    const lift = mode === 'full' ? '' : ` (certificate=full lifts it to ${mb(CERTIFICATE_FULL_CAP_BYTES)})`;
    // Sizes in MB, or in bytes when the rounding would hide the difference.
    const [a, b] = mb(size) === mb(cap) ? [`${size} bytes`, `${cap} bytes`] : [mb(size), mb(cap)];
    return { certificate: null, certificate_omitted: `too large: ${a} > ${b} cap${lift}` };
  }
  return { certificate: made.certificate };
}
