import { CERTAINTY, TAG } from '@svc/contracts';
import { example, type CommandModule } from '../command-module';
import { quboExactCaps, quboProgressStart } from '../shared/qubo-family';
import { maxcutSurely } from './exact-caps';
import { maxcutAdapter } from './adapter';
import { maxcutChecker } from './check-answer';
import { maxcutCertificate } from './certificate';

/** maxcut: everything the service knows about the command (registered in commands/index.ts). */
export const maxcutCommand: CommandModule = {
  command: 'maxcut',
  adapter: maxcutAdapter,
  checker: maxcutChecker,
  progress: { objectiveField: 'cut_value', sense: 'max', start: quboProgressStart },
  exactCaps: () => quboExactCaps('maxcut'),
  certifiesSurely: maxcutSurely,
  certificate: maxcutCertificate,
  shape: { fields: ['edges', 'complete', 'warm_start'], requires: [['edges', 'complete']], distinctive: ['edges', 'complete'], prior: 0.9 },
  worksheet: {
    objective: 'Maximise the total weight of edges whose two ends get different sides (0/1).',
    mistakes: ['Neither edges nor complete: true (or an empty edge list); a self-edge [i, i, w].'],
  },
  examples: Object.freeze([
    example({
      id: 'maxcut-ring-of-offices',
      command: 'maxcut',
      title: 'Split a ring of five offices into two teams',
      story: 'Nodes are offices, an edge is a daily hand-off; the cut counts hand-offs between the teams, which we want as many of as possible.',
      problem: {
        tag: TAG,
        description: 'Split five offices into two teams to maximise cross-team links.',
        n: 5,
        edges: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 4, 1], [4, 0, 1]],
      },
      query: { effort: 'medium', seed: 0 },
      expected: { field: 'cut_value', value: 4, certainty: CERTAINTY.certified },
    }),
    example({
      id: 'maxcut-weighted-shifts',
      command: 'maxcut',
      title: 'Weighted conflicts between six staff (one negative weight)',
      story: 'An edge weight is how much two people clash; putting them on different shifts earns it. A negative weight rewards keeping a pair together.',
      problem: {
        tag: TAG,
        description: 'Assign six staff to two shifts so that clashing pairs work apart.',
        n: 6,
        edges: [[0, 1, 3], [0, 2, 1], [1, 2, 2], [1, 3, 4], [2, 4, 5], [3, 4, 1], [3, 5, 2], [4, 5, 3], [0, 5, -2]],
      },
      query: { effort: 'flash', seed: 7 },
      expected: { field: 'cut_value', value: 18, certainty: CERTAINTY.certified },
    }),
    example({
      id: 'maxcut-complete-graph',
      command: 'maxcut',
      title: 'Complete graph without listing edges',
      story: '`complete: true` is the complete graph on n nodes with unit weights, solved by construction: the proven maximum cut is floor(n²/4).',
      problem: {
        tag: TAG,
        description: 'Split nine equally connected teams into two groups to maximise cross links.',
        n: 9,
        complete: true,
      },
      query: { effort: 'flash', seed: 0 },
      expected: { field: 'cut_value', value: 20, certainty: CERTAINTY.certified },
    }),
  ]),
};
