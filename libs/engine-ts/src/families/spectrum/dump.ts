/** The behaviour dump's instances of spectrum (testing/dump-instances.ts). */
import type { DumpInstances } from '../../testing/dump-instances';
import { randomPauliTerms, tfimTerms, xxzTerms } from './testing';
import { canonicalSpectrum } from './canonical';

export const DUMP_INSTANCES: DumpInstances = {
  // Dense (Ising ring, X-parity), U(1) sectors (XXZ), Lanczos without symmetry (complex), Lanczos on parity sectors.
  spectrum: () => [
    canonicalSpectrum(6, tfimTerms(6, 1, 0.7, true), 3),
    canonicalSpectrum(10, xxzTerms(10, 1, 0.5, true), 4),
    canonicalSpectrum(11, randomPauliTerms(230, 11, 30, 0.4), 2),
    canonicalSpectrum(14, tfimTerms(14, 1, 1, false), 2),
  ],
};
