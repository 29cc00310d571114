/** The behaviour dump's instances of phase (testing/dump-instances.ts). */
import type { DumpInstances } from '../../testing/dump-instances';
import { canonicalPhase } from './canonical';

export const DUMP_INSTANCES: DumpInstances = {
  // Each model, both boundaries, ordered / critical / disordered points.
  phase: () => [
    canonicalPhase({ model: 'tfim', n: 8, h: 0.5 }),
    canonicalPhase({ model: 'tfim', n: 9, J: -1, h: 1.5, boundary: 'open' }),
    canonicalPhase({ model: 'xxz', n: 10, delta: 2 }),
    canonicalPhase({ model: 'heisenberg', n: 8, J: -1, boundary: 'open' }),
  ],
};
