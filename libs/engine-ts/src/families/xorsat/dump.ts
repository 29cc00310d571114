/** The behaviour dump's instances of xorsat (testing/dump-instances.ts). */
import type { DumpInstances } from '../../testing/dump-instances';
import { randomXorsat, sparseXorsat } from './testing';
import { canonicalXorsat } from './canonical';

export const DUMP_INSTANCES: DumpInstances = {
  // The column-space walk, a lazily eliminated consistent core, the syndrome search, the local search.
  xorsat: () =>
    [randomXorsat(230, 12, 30, 4, false), sparseXorsat(231, 300, 280, 3, 5, true), sparseXorsat(232, 40, 46, 2, 4, false), sparseXorsat(233, 400, 800, 2, 3, false)].map((d) =>
      canonicalXorsat(d.n, d.equations),
    ),
};
