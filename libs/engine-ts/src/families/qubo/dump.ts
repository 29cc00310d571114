/** The behaviour dump's instances of the qubo family's commands (testing/dump-instances.ts). */
import type { DumpInstances } from '../../testing/dump-instances';
import { randomMaxcut, randomQubo } from './testing';

const SIZES = [8, 20, 60];

export const DUMP_INSTANCES: DumpInstances = {
  optimize: () => SIZES.map((n, k) => randomQubo(100 + k, n)),
  feel: () => SIZES.map((n, k) => randomQubo(110 + k, n)),
  want: () => SIZES.map((n, k) => ({ ...randomQubo(120 + k, n), pins: { index: Int32Array.of(0, 2), value: Uint8Array.of(1, 0) } })),
  sample: () => SIZES.map((n, k) => ({ ...randomQubo(130 + k, n), sampling: { count: 5, ...(k === 1 ? { energyWindow: 3 } : {}) } })),
  maxcut: () => [...SIZES.map((n, k) => randomMaxcut(140 + k, n)), { kind: 'maxcut', n: 9, edges: null, complete: true }],
};
