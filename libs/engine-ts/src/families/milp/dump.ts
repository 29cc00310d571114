/** The behaviour dump's instances of milp (testing/dump-instances.ts). */
import type { DumpInstances } from '../../testing/dump-instances';
import { randomMilp, randomSingularMilp } from './testing';
import { canonicalMilp } from './canonical';

export const DUMP_INSTANCES: DumpInstances = {
  milp: () =>
    [randomMilp(220, 4, 3), randomMilp(221, 14, 6), randomSingularMilp(222, 5, 4), randomMilp(223, 20, 8, false)].map((x) =>
      canonicalMilp(x.vars, x.linear, x.diag, x.quadratic),
    ),
};
