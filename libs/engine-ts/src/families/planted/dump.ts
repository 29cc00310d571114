/** The behaviour dump's instances of quantum-scale (testing/dump-instances.ts). */
import type { DumpInstances } from '../../testing/dump-instances';

export const DUMP_INSTANCES: DumpInstances = {
  'quantum-scale': () => [{ kind: 'planted-ising', n: 64, degree: 3, instanceSeed: 5 }, { kind: 'planted-ising', n: 2000, degree: 4, instanceSeed: 9 }],
};
