import { CERTAINTY, TAG } from '@svc/contracts';
import { example, type CommandModule } from '../command-module';
import { reduceAdapter } from './adapter';
import { reduceChecker } from './check-answer';

/** reduce: everything the service knows about the command (registered in commands/index.ts). */
export const reduceCommand: CommandModule = {
  command: 'reduce',
  adapter: reduceAdapter,
  checker: reduceChecker,
  shape: { fields: ['basis', 'delta'], requires: [['basis']], distinctive: ['basis'], prior: 0.9 },
  worksheet: {
    objective: 'LLL-reduce a lattice basis: the same lattice, spanned by short, nearly orthogonal integer vectors (|mu| <= 1/2 and the Lovász condition with delta), exactly.',
    template: { tag: TAG, description: 'Reduce the lattice of a small knapsack instance to find a short vector.', basis: [[1, 0, 0, '1234567890123'], [0, 1, 0, '2345678901234'], [0, 0, 1, '3456789012345']], delta: 0.99 },
  },
  examples: Object.freeze([
    example({
      id: 'reduce-small',
      command: 'reduce',
      title: 'A 3-dimensional lattice reduced to its three short vectors',
      story: 'The rows are the basis vectors; the answer spans the same lattice with |mu| <= 1/2 and the Lovász condition, all exact. Its shortest vector here is the shortest of the lattice, of norm 1.',
      problem: { tag: TAG, description: 'Reduce a three-dimensional lattice basis for a coding-theory exercise.', n: 3, basis: [[1, 1, 1], [-1, 0, 2], [3, 5, 6]], delta: 0.75 },
      query: { effort: 'medium', seed: 0 },
      expected: { field: 'shortest_norm', value: 1, certainty: CERTAINTY.operationExact },
    }),
  ]),
};
