import { TAG } from '@svc/contracts';
import { example, type CommandModule } from '../command-module';
import { worldAdapter } from './adapter';
import { worldChecker } from './check-answer';

/** world: everything the service knows about the command (registered in commands/index.ts). */
export const worldCommand: CommandModule = {
  command: 'world',
  adapter: worldAdapter,
  checker: worldChecker,
  progress: { objectiveField: 'objective' },
  shape: {
    fields: ['op', 'links', 'dh', 'base', 'grid', 'cell', 'origin', 'points', 'queries', 'k', 'poses', 'at', 'model'],
    requires: [['op']], distinctive: ['links', 'dh', 'grid', 'poses', 'queries'], prior: 0.5,
    evidence: (b) => (typeof b.op === 'string' && ['kinematics', 'terrain', 'neighbors', 'predict'].includes(b.op) ? { bonus: 0.3, why: `op "${b.op}"` } : { bonus: -0.5, why: 'op not one of this command' }),
  },
  worksheet: {
    objective: 'Compute one operation on a virtual world: the poses of a kinematic chain, the height, normal and slope of a heightmap at points, the exact k nearest points of queries, or a pose predicted from timestamped poses; the answer carries a bound on its round-off.',
    template: { tag: TAG, description: 'Find the nearest charging pad for each drone in the warehouse.', op: 'neighbors', points: [[0, 0, 0], [4, 0, 0], [0, 3, 1]], queries: [[1, 1, 0]], k: 1 },
  },
  examples: Object.freeze([
    example({
      id: 'world-arm-reach',
      command: 'world',
      title: 'Where a two-link arm puts its gripper',
      story: 'A planar arm: the shoulder link (3 m) along x, the elbow turned a quarter turn, the forearm 4 m. Every joint\'s pose comes back; the objective is the reach, 5 m, within the round-off bound the certainty states.',
      problem: { tag: TAG, description: 'Find where a two-link robot arm puts its gripper.', n: 2, op: 'kinematics', links: [{ length: 3, angle: 0 }, { length: 4, angle: Math.PI / 2 }] },
      query: { effort: 'medium', seed: 0 },
      expected: { field: 'objective', value: 5, tolerance: 1e-12, certainty: 'operation (numeric, tolerance 3.3e-15)' },
    }),
    example({
      id: 'world-terrain-ramp',
      command: 'world',
      title: 'Height and slope of a ramp',
      story: 'A 3 × 3 heightmap of the plane h = x + 2y with 1 m cells: between the nodes the bilinear surface is the plane itself, so the height at (0.5, 1.5) is 3.5 m and the slope atan(√5).',
      problem: { tag: TAG, description: 'Check the height and slope of a loading ramp at two points.', n: 2, op: 'terrain', grid: [[0, 1, 2], [2, 3, 4], [4, 5, 6]], cell: 1, points: [[0.5, 1.5], [1, 0.25]] },
      query: { effort: 'medium', seed: 0 },
      expected: { field: 'objective', value: 3.5, tolerance: 1e-12, certainty: 'operation (numeric, tolerance 5.8e-15)' },
    }),
    example({
      id: 'world-nearest-pads',
      command: 'world',
      title: 'The nearest charging pads of two drones',
      story: 'Six pads and two drones in 3-D: each drone\'s two nearest pads, exact (a k-d tree), nearest first, ties by index. The objective is the sum of the four distances (√2 + √2 + 1 + √6).',
      problem: { tag: TAG, description: 'Find the two nearest charging pads for each of two drones in the warehouse.', n: 6, op: 'neighbors', points: [[0, 0, 0], [4, 0, 0], [0, 3, 0], [4, 3, 2], [2, 1, 1], [9, 9, 9]], queries: [[1, 1, 0], [4, 2, 2]], k: 2 },
      query: { effort: 'medium', seed: 0 },
      expected: { field: 'objective', value: 6.277916867529369, tolerance: 1e-12, certainty: 'operation (numeric, tolerance 3.9e-15)' },
    }),
    example({
      id: 'world-predict-cart',
      command: 'world',
      title: 'Where a braking cart will be',
      story: 'A cart seen at t = 0, 1 and 2 s at x = 0, 9 and 16 m is braking at a constant 2 m/s²: at t = 3 s it will be at x = 21 m moving at 4 m/s (constant acceleration from the last three poses; the objective is that speed).',
      problem: { tag: TAG, description: 'Predict where a braking cart will be one second from now.', n: 3, op: 'predict', poses: [{ t: 0, x: 0, y: 0 }, { t: 1, x: 9, y: 0 }, { t: 2, x: 16, y: 0 }], at: 3 },
      query: { effort: 'medium', seed: 0 },
      expected: { field: 'objective', value: 4, tolerance: 1e-12, certainty: 'operation (numeric, tolerance 1.6e-14)' },
    }),
  ]),
};
