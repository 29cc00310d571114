import { CERTAINTY, TAG } from '@svc/contracts';
import { example, type CommandModule } from '../command-module';
import { rankExactCaps, rankSurely } from './exact-caps';
import { rankAdapter } from './adapter';
import { rankChecker } from './check-answer';
import { rankCertificate } from './certificate';

/** rank: everything the service knows about the command (registered in commands/index.ts). */
export const rankCommand: CommandModule = {
  command: 'rank',
  adapter: rankAdapter,
  checker: rankChecker,
  certificate: rankCertificate,
  progress: { objectiveField: 'disagreements' },
  exactCaps: rankExactCaps,
  certifiesSurely: rankSurely,
  shape: { fields: ['items', 'comparisons'], requires: [['items']], distinctive: ['items', 'comparisons'], prior: 0.9 },
  worksheet: {
    objective: 'Order the items to contradict as few pairwise votes as possible (Kemeny).',
    template: { tag: TAG, description: 'Rank three product ideas from pairwise team votes.', n: 3, items: ['alpha', 'beta', 'gamma'], comparisons: [['alpha', 'beta'], ['beta', 'gamma'], ['alpha', 'gamma']] },
  },
  examples: Object.freeze([
    example({
      id: 'rank-team-votes',
      command: 'rank',
      title: 'One order from conflicting pairwise votes',
      story: 'Each comparison is one vote [winner, loser]; repeated votes count again. The answer is the order that contradicts the fewest votes (Kemeny), here with a cycle among three of the four proposals.',
      problem: {
        tag: TAG,
        description: 'Order four roadmap proposals from the pairwise votes of the team.',
        n: 4,
        items: ['search', 'billing', 'export', 'themes'],
        comparisons: [
          ['search', 'billing'], ['search', 'billing'], ['billing', 'export'], ['billing', 'export'], ['export', 'search'],
          ['search', 'themes'], ['billing', 'themes'], ['export', 'themes'], ['themes', 'export'], ['export', 'themes'],
        ],
      },
      query: { effort: 'medium', seed: 0 },
      expected: { field: 'disagreements', value: 2, certainty: CERTAINTY.certified },
    }),
  ]),
};
