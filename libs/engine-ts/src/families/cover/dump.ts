/** The behaviour dump's instances of cover (testing/dump-instances.ts). */
import type { DumpInstances } from '../../testing/dump-instances';
import { randomCover } from './testing';
import { canonicalCover } from './canonical';

export const DUMP_INSTANCES: DumpInstances = {
  cover: () =>
    [randomCover(210, 15, 12, 0.3), randomCover(211, 60, 80, 0.08), randomCover(212, 200, 400, 0.03)].map((x) => canonicalCover(x.universe, x.sets, x.costs)),
};
