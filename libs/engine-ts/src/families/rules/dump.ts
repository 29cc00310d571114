/** The behaviour dump's instances of rules (testing/dump-instances.ts). */
import type { DumpInstances } from '../../testing/dump-instances';
import { randomRules } from './testing';

export const DUMP_INSTANCES: DumpInstances = {
  rules: () => [randomRules(160, 12), randomRules(161, 40), randomRules(162, 300)],
};
