/** The behaviour dump's instances of qap (testing/dump-instances.ts). */
import type { DumpInstances } from '../../testing/dump-instances';
import { squareMatrix } from '../../testing/lcg';
import { canonicalQap } from './canonical';

export const DUMP_INSTANCES: DumpInstances = {
  qap: () => [8, 12, 25].map((n, k) => canonicalQap(squareMatrix(190 + k, n, 10, true), squareMatrix(195 + k, n, 10, true))),
};
