/** The behaviour dump's instances of tsp (testing/dump-instances.ts). */
import type { DumpInstances } from '../../testing/dump-instances';
import { squareMatrix } from '../../testing/lcg';
import { canonicalTsp } from './canonical';

export const DUMP_INSTANCES: DumpInstances = {
  tsp: () => [
    canonicalTsp({ matrix: squareMatrix(180, 9, 100, true) }),
    canonicalTsp({ matrix: squareMatrix(181, 30, 1000, true) }),
    canonicalTsp({ points: squareMatrix(182, 80, 1000, false).map((row) => [row[0], row[1]]), metric: 'euc_2d' }),
  ],
};
