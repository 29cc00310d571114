/** The behaviour dump's instances of world (testing/dump-instances.ts). */
import type { DumpInstances } from '../../testing/dump-instances';
import { randomChains, randomCloud, sampledGrid } from './testing';
import { canonicalWorld } from './canonical';

export const DUMP_INSTANCES: DumpInstances = {
  world: () => {
    const { links, dh } = randomChains(240, 12);
    return [
      canonicalWorld({ op: 'kinematics', links, base: { x: 1, y: 0, theta: 0.5 } }),
      canonicalWorld({ op: 'kinematics', dh }),
      canonicalWorld({ op: 'terrain', grid: sampledGrid(6, 8, 0.5, 0.25, 0, 0, (x, y) => Math.sin(x) + y * y), cell: [0.5, 0.25], points: randomCloud(241, 40, 2, { scale: 1.2 }) }),
      canonicalWorld({ op: 'neighbors', points: randomCloud(242, 2000, 3, { duplicates: 0.05 }), queries: randomCloud(243, 300, 3), k: 5 }),
      canonicalWorld({ op: 'predict', poses: [{ t: 0, x: 0, y: 0, theta: 3 }, { t: 1, x: 1, y: 2, theta: -3 }, { t: 2.5, x: 3, y: 3, theta: -2.8 }], at: 4 }),
    ];
  },
};
