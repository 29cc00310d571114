/** The behaviour dump's instances of frequency (testing/dump-instances.ts). */
import type { DumpInstances } from '../../testing/dump-instances';
import { toneSignal } from './testing';
import { canonicalFrequency } from './canonical';

export const DUMP_INSTANCES: DumpInstances = {
  frequency: () => [
    canonicalFrequency(toneSignal(64, [{ frequency: 0.2, amplitude: 1.5, phase: 0.4 }], { offset: 0.1, sigma: 0.01, seed: 230 }), 'hann', 2),
    canonicalFrequency(toneSignal(997, [{ frequency: 0.1234, amplitude: 1, phase: 1 }, { frequency: 0.31, amplitude: 0.2, phase: 0 }], { sigma: 0.1, seed: 231 }), 'blackman', 3),
    canonicalFrequency(toneSignal(4097, [], { sigma: 1, seed: 232 }), 'rectangular', 1),
    canonicalFrequency([2, 2, 2, 2], 'hann', 1),
  ],
};
