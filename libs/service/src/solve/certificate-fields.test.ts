import { describe, expect, it } from 'vitest';
import { CERTAINTY, CERTIFICATE_CAP_BYTES } from '@svc/contracts';
import { certificateFields } from './certificate-fields';

describe('certificateFields: the envelope\'s certificate and the reason when it is null', () => {
  const small = { certificate: { kind: 'bipartite' } };
  // Just over the default cap as JSON: {"kind":"x","pad":"…"}.
  const big = { certificate: { kind: 'x', pad: 'p'.repeat(CERTIFICATE_CAP_BYTES) } };

  it('attaches a produced certificate by default, and with full', () => {
    expect(certificateFields(small, undefined, CERTAINTY.certified, undefined)).toEqual({ certificate: { kind: 'bipartite' } });
    expect(certificateFields(small, 'full', CERTAINTY.certified, undefined)).toEqual({ certificate: { kind: 'bipartite' } });
  });

  it('none: never attached, and says so', () => {
    expect(certificateFields(small, 'none', CERTAINTY.certified, undefined)).toEqual({ certificate: null, certificate_omitted: 'not requested (certificate=none)' });
  });

  it('over the 1 MB cap: null with the sizes; full lifts the cap', () => {
    const capped = certificateFields(big, undefined, CERTAINTY.heuristic, 3);
    expect(capped.certificate).toBeNull();
    expect(capped.certificate_omitted).toBe('too large: 1000021 bytes > 1000000 bytes cap (certificate=full lifts it to 67.1 MB)');
    expect(certificateFields(big, 'full', CERTAINTY.heuristic, 3).certificate).toBe(big.certificate);
    const bigger = { certificate: { kind: 'x', pad: 'p'.repeat(3_200_000) } };
    expect(certificateFields(bigger, undefined, CERTAINTY.heuristic, 3).certificate_omitted).toBe('too large: 3.2 MB > 1 MB cap (certificate=full lifts it to 67.1 MB)');
  });

  it('a producer\'s reason is passed on; without a producer: heuristic without bound, or not produced yet', () => {
    expect(certificateFields({ omitted: 'exhaustive enumeration (re-run locally)' }, undefined, CERTAINTY.certified, undefined))
      .toEqual({ certificate: null, certificate_omitted: 'exhaustive enumeration (re-run locally)' });
    expect(certificateFields(undefined, undefined, CERTAINTY.heuristic, undefined).certificate_omitted).toBe('heuristic answer: nothing to prove');
    expect(certificateFields(undefined, undefined, CERTAINTY.heuristic, 12).certificate_omitted).toBe('not produced for this command yet');
    expect(certificateFields(undefined, undefined, CERTAINTY.certified, undefined).certificate_omitted).toBe('not produced for this command yet');
  });
});
