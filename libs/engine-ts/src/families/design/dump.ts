/** The behaviour dump's instances of design (testing/dump-instances.ts). */
import type { DumpInstances } from '../../testing/dump-instances';
import { randomDesign } from './testing';
import { canonicalDesign } from './canonical';

export const DUMP_INSTANCES: DumpInstances = {
  design: () => [randomDesign(200, 6, 3), randomDesign(201, 30, 4), randomDesign(202, 120, 5, 'colouring')].map((x) => canonicalDesign(x)),
};
