/** The behaviour dump's instances of select (testing/dump-instances.ts). */
import type { DumpInstances } from '../../testing/dump-instances';
import { randomSelect } from './testing';

export const DUMP_INSTANCES: DumpInstances = {
  select: () => [randomSelect(150, 12, 4), randomSelect(151, 60, 10), randomSelect(152, 200, 30)],
};
