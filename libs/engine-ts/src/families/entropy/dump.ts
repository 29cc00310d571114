/** The behaviour dump's instances of entropy (testing/dump-instances.ts). */
import type { DumpInstances } from '../../testing/dump-instances';
import { ghzState, randomState } from './testing';
import { tfimTerms, xxzTerms } from '../spectrum/testing';
import { canonicalEntropy } from './canonical';

export const DUMP_INSTANCES: DumpInstances = {
  // Given states (GHZ, random complex), ground states (dense, Lanczos with parity sectors).
  entropy: () => [
    canonicalEntropy(6, [0, 3], { state: ghzState(6) }),
    canonicalEntropy(10, [0, 1, 2, 3, 4], { state: randomState(240, 10) }),
    canonicalEntropy(8, [0, 1, 2, 3], { terms: tfimTerms(8, 1, 1, true) }),
    canonicalEntropy(14, [0, 1, 2, 3, 4, 5, 6], { terms: xxzTerms(14, 1, 0.5, false) }),
  ],
};
