/** The behaviour dump's instances of precision (testing/dump-instances.ts). */
import type { DumpInstances } from '../../testing/dump-instances';
import { canonicalPrecision } from './canonical';

export const DUMP_INSTANCES: DumpInstances = {
  // A root and a power of a tiny and a huge argument, the series functions, a constant; small and 1,000 digits.
  precision: () => [
    canonicalPrecision({ op: 'sqrt', x: '2', digits: 30 }),
    canonicalPrecision({ op: 'nthroot', x: '1e-300', k: 7, digits: 25 }),
    canonicalPrecision({ op: 'exp', x: '-123.456', digits: 60 }),
    canonicalPrecision({ op: 'ln', x: '0.999999999999', digits: 40 }),
    canonicalPrecision({ op: 'powq', x: '3.5', p: -5, q: 3, digits: 20 }),
    canonicalPrecision({ op: 'pi', digits: 1000 }),
  ],
};
