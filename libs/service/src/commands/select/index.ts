import { CERTAINTY, TAG } from '@svc/contracts';
import { example, type CommandModule } from '../command-module';
import { SELECT_TYPICAL_EXACT_M, selectSurely } from './exact-caps';
import { selectAdapter } from './adapter';
import { selectChecker } from './check-answer';

/** select: everything the service knows about the command (registered in commands/index.ts). */
export const selectCommand: CommandModule = {
  command: 'select',
  adapter: selectAdapter,
  checker: selectChecker,
  progress: { objectiveField: 'value' },
  exactCaps: () => ({ ...SELECT_TYPICAL_EXACT_M }),
  certifiesSurely: selectSurely,
  shape: { fields: ['m', 'k', 'affinity', 'redundancy'], requires: [['affinity'], ['k']], distinctive: ['affinity', 'redundancy'], prior: 0.9 },
  worksheet: {
    objective: 'Pick exactly k of m items maximising Σ affinity over chosen minus Σ redundancy over chosen pairs.',
    template: {
      tag: TAG, description: 'Pick two of four articles for the newsletter without repeating topics.', n: 4, m: 4, k: 2,
      affinity: [3, 2, 2, 1], redundancy: [[0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 1], [0, 0, 1, 0]],
    },
  },
  examples: Object.freeze([
    example({
      id: 'select-diverse-shortlist',
      command: 'select',
      title: 'Pick three of six, avoiding overlap',
      story: 'affinity is how good each candidate is; redundancy[i][j] is what we lose by taking both i and j (symmetric, each pair counted once).',
      problem: {
        tag: TAG,
        description: 'Shortlist three of six proposals without picking overlapping ones.',
        n: 6,
        m: 6,
        k: 3,
        affinity: [5, 4, 4, 3, 2, 2],
        redundancy: [[0, 3, 0, 1, 0, 0], [3, 0, 2, 0, 0, 1], [0, 2, 0, 2, 0, 0], [1, 0, 2, 0, 1, 0], [0, 0, 0, 1, 0, 0], [0, 1, 0, 0, 0, 0]],
      },
      query: { effort: 'medium', seed: 0 },
      expected: { field: 'value', value: 11, certainty: CERTAINTY.certified },
    }),
  ]),
};
