import { CERTAINTY, TAG } from '@svc/contracts';
import { example, type CommandModule } from '../command-module';
import { designExactCaps, designSurely } from './exact-caps';
import { designAdapter } from './adapter';
import { designChecker } from './check-answer';

/** design: everything the service knows about the command (registered in commands/index.ts). */
export const designCommand: CommandModule = {
  command: 'design',
  adapter: designAdapter,
  checker: designChecker,
  progress: { objectiveField: 'energy' },
  exactCaps: designExactCaps,
  certifiesSurely: designSurely,
  shape: { fields: ['L', 'K', 'bias', 'table', 'bonds', 'circular'], requires: [['L'], ['K']], distinctive: ['L', 'K', 'bonds', 'table', 'circular'], prior: 0.9 },
  worksheet: {
    objective: 'Give each site a value 0..K−1 minimising Σ bias + Σ over bonds of table[value_i][value_j] (a colouring when the table is the identity).',
    template: { tag: TAG, description: 'Colour three mutually adjacent regions with three colours.', n: 3, L: 3, K: 3, table: [[1, 0, 0], [0, 1, 0], [0, 0, 1]], bonds: [[0, 1], [1, 2], [0, 2]] },
  },
  examples: Object.freeze([
    example({
      id: 'design-channels',
      command: 'design',
      title: 'Radio channels for five neighbouring cells',
      story: 'Each cell (site) gets one of three channels (values); the table charges 1 when two bonded neighbours share a channel, and the bias says cell 0 prefers channel 0. Energy 0 means no interference.',
      problem: {
        tag: TAG,
        description: 'Give five radio cells one of three channels so that no neighbours share one.',
        n: 5,
        L: 5,
        K: 3,
        bias: [[0, 1, 2], [0, 2, 2]],
        table: [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
        bonds: [[0, 1], [1, 2], [2, 3], [3, 4], [4, 0], [0, 2]],
      },
      query: { effort: 'medium', seed: 0 },
      expected: { field: 'energy', value: 0, certainty: CERTAINTY.certified },
    }),
    example({
      id: 'design-clock-chain',
      command: 'design',
      title: 'A chain of clock-model spins',
      story: 'circular builds the coupling −J·cos(2π(a−b)/K) rounded to integers: neighbours prefer equal or close values. A chain is solved exactly by dynamic programming at any length.',
      problem: {
        tag: TAG,
        description: 'Align six rotors with eight positions each along a chain, one held near position 3.',
        n: 6,
        L: 6,
        K: 8,
        bias: [[2, 3, -5]],
        bonds: [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5]],
        circular: { j: 4 },
      },
      query: { effort: 'medium', seed: 0 },
      expected: { field: 'energy', value: -25, certainty: CERTAINTY.certified },
    }),
  ]),
};
