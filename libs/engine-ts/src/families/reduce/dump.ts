/** The behaviour dump's instances of reduce (testing/dump-instances.ts). */
import type { DumpInstances } from '../../testing/dump-instances';
import { basisJson, knapsackBasis, uniformBasis } from './testing';
import { canonicalReduce } from './canonical';

export const DUMP_INSTANCES: DumpInstances = {
  // Knapsack and uniform bases, a dependent one, 120-digit entries, delta 3/4.
  reduce: () => [
    canonicalReduce({ basis: basisJson(knapsackBasis(250, 12, 100)) }),
    canonicalReduce({ basis: basisJson(uniformBasis(251, 8, 16)), delta: 0.75 }),
    canonicalReduce({ basis: [[1, 2, 3], [4, 5, 6], [7, 8, 9], [2, 4, 6]] }),
    canonicalReduce({ basis: basisJson(knapsackBasis(252, 6, 400)) }),
  ],
};
