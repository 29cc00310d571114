import { CERTAINTY, TAG } from '@svc/contracts';
import { example, type CommandModule } from '../command-module';
import { tspExactCaps, tspSurely } from './exact-caps';
import { tspAdapter } from './adapter';
import { tspCertificate } from './certificate';
import { tspChecker } from './check-answer';

/** tsp: everything the service knows about the command (registered in commands/index.ts). */
export const tspCommand: CommandModule = {
  command: 'tsp',
  adapter: tspAdapter,
  checker: tspChecker,
  certificate: tspCertificate,
  progress: { objectiveField: 'length', sense: 'min' },
  exactCaps: tspExactCaps,
  certifiesSurely: tspSurely,
  shape: { fields: ['matrix', 'points', 'metric'], requires: [['matrix', 'points']], distinctive: ['matrix', 'points', 'metric'], prior: 0.9 },
  worksheet: {
    objective: 'Visit every city once and return to the start with the least total distance.',
    template: { tag: TAG, description: 'Order four store visits of a delivery van to minimise driving.', n: 4, matrix: [[0, 10, 15, 20], [10, 0, 35, 25], [15, 35, 0, 30], [20, 25, 30, 0]] },
  },
  examples: Object.freeze([
    example({
      id: 'tsp-delivery-round',
      command: 'tsp',
      title: 'A delivery round through six addresses',
      story: 'matrix[i][j] is the driving time between stops i and j (minutes, the same both ways). The answer is the visiting order from stop 0 and back.',
      problem: {
        tag: TAG,
        description: 'Plan the shortest round from the depot through five deliveries.',
        n: 6,
        matrix: [
          [0, 12, 19, 31, 22, 14],
          [12, 0, 9, 24, 27, 20],
          [19, 9, 0, 15, 23, 25],
          [31, 24, 15, 0, 13, 28],
          [22, 27, 23, 13, 0, 11],
          [14, 20, 25, 28, 11, 0],
        ],
      },
      query: { effort: 'medium', seed: 0 },
      expected: { field: 'length', value: 74, certainty: CERTAINTY.certified },
    }),
    example({
      id: 'tsp-points',
      command: 'tsp',
      title: 'A tour of points in the plane (TSPLIB euc_2d)',
      story: 'Coordinates instead of a matrix keep large tours small: each distance is the Euclidean one rounded to the nearest integer, as TSPLIB defines euc_2d.',
      problem: {
        tag: TAG,
        description: 'Visit eight sensor sites in the field and come back to the first.',
        n: 8,
        points: [[0, 0], [40, 10], [80, 0], [90, 40], [80, 80], [40, 70], [0, 80], [10, 40]],
        metric: 'euc_2d',
      },
      query: { effort: 'medium', seed: 0 },
      expected: { field: 'length', value: 328, certainty: CERTAINTY.certified },
    }),
  ]),
};
