/** The behaviour dump's instances of relation (testing/dump-instances.ts). */
import type { DumpInstances } from '../../testing/dump-instances';
import { randomAlgebraic } from './testing';
import { canonicalRelation } from './canonical';

export const DUMP_INSTANCES: DumpInstances = {
  // Minimal polynomials of random algebraic numbers, a relation among values, an abstention.
  relation: () => {
    const alg = randomAlgebraic(250, 3, { maxDegree: 6, digits: 70 });
    return [
      ...alg.map((a) => canonicalRelation({ value: a.value, degree: a.poly.length, max_height: 1e6, digits: 60 })),
      canonicalRelation({ values: [alg[0].value, alg[1].value, '1', '0.5772156649015328606065120900824024310421593359399'], max_height: 1000, digits: 45 }),
    ];
  },
};
