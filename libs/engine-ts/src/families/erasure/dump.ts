/** The behaviour dump's instances of protect and recover (testing/dump-instances.ts). */
import type { DumpInstances } from '../../testing/dump-instances';
import { erasureData, referenceShards, withLost } from './testing';
import { canonicalProtect, canonicalRecover } from './canonical';

export const DUMP_INSTANCES: DumpInstances = {
  protect: () => [[1, 1, 5], [4, 2, 1000], [10, 4, 70_001]].map(([k, m, size], i) => canonicalProtect(erasureData(230 + i, size), k, m)),
  recover: () => {
    const lost = [[0], [1, 4], [0, 3, 11, 12]];
    return [[3, 1, 50], [4, 2, 1000], [10, 4, 70_001]].map(([k, m, size], i) => {
      const shards = referenceShards(erasureData(240 + i, size), k, m);
      return canonicalRecover(k, m, shards[0].length, withLost(shards, Uint8Array.from(shards, (_, j) => (lost[i].includes(j) ? 0 : 1))));
    });
  },
};
