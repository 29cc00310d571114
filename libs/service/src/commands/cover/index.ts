import { CERTAINTY, TAG } from '@svc/contracts';
import { example, type CommandModule } from '../command-module';
import { coverExactCaps, coverSurely } from './exact-caps';
import { coverAdapter } from './adapter';
import { coverChecker } from './check-answer';
import { coverCertificate } from './certificate';

/** cover: everything the service knows about the command (registered in commands/index.ts). */
export const coverCommand: CommandModule = {
  command: 'cover',
  adapter: coverAdapter,
  checker: coverChecker,
  progress: { objectiveField: 'cost' },
  exactCaps: coverExactCaps,
  certifiesSurely: coverSurely,
  certificate: coverCertificate,
  shape: { fields: ['universe', 'sets', 'costs'], requires: [['universe'], ['sets']], distinctive: ['universe', 'sets'], prior: 0.9 },
  worksheet: {
    objective: 'Choose sets whose union is every element 0..universe−1 at the least total cost.',
    template: { tag: TAG, description: 'Pick the cheapest suppliers that together stock all four parts.', n: 3, universe: 4, sets: [[0, 1], [1, 2, 3], [0, 3]], costs: [2, 3, 2] },
  },
  examples: Object.freeze([
    example({
      id: 'cover-crews',
      command: 'cover',
      title: 'Crews that cover every shift',
      story: 'Each set is a crew and the shifts (elements) it can staff; costs are the crews\' day rates. The answer lists the crews to hire.',
      problem: {
        tag: TAG,
        description: 'Hire the cheapest crews that together staff all seven shifts.',
        n: 6,
        universe: 7,
        sets: [[0, 1, 2], [2, 3, 4], [4, 5, 6], [0, 3, 6], [1, 5], [0, 1, 2, 3, 4, 5, 6]],
        costs: [3, 3, 3, 2, 1, 10],
      },
      query: { effort: 'medium', seed: 0 },
      expected: { field: 'cost', value: 6, certainty: CERTAINTY.certified },
    }),
  ]),
};
