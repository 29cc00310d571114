import { CERTAINTY, TAG } from '@svc/contracts';
import { example, type CommandModule } from '../command-module';
import { qapExactCaps, qapSurely } from './exact-caps';
import { qapAdapter } from './adapter';
import { qapChecker } from './check-answer';

/** qap: everything the service knows about the command (registered in commands/index.ts). */
export const qapCommand: CommandModule = {
  command: 'qap',
  adapter: qapAdapter,
  checker: qapChecker,
  progress: { objectiveField: 'cost', sense: 'min' },
  exactCaps: qapExactCaps,
  certifiesSurely: qapSurely,
  shape: { fields: ['flow', 'dist'], requires: [['flow'], ['dist']], distinctive: ['flow', 'dist'], prior: 0.9 },
  worksheet: {
    objective: 'Minimise Σ_ij F[i][j] · D[p[i]][p[j]] over assignments p of facilities to locations.',
    template: { tag: TAG, description: 'Place three departments in three rooms to cut walking.', n: 3, flow: [[0, 3, 1], [3, 0, 2], [1, 2, 0]], dist: [[0, 5, 2], [5, 0, 3], [2, 3, 0]] },
  },
  examples: Object.freeze([
    example({
      id: 'qap-departments',
      command: 'qap',
      title: 'Four departments in four rooms',
      story: 'flow[i][j] is how often people walk from department i to j; dist[a][b] the metres between rooms a and b. The answer gives each department its room (answer[i] = room of department i).',
      problem: {
        tag: TAG,
        description: 'Place four departments in four rooms to minimise daily walking.',
        n: 4,
        flow: [[0, 8, 1, 3], [8, 0, 6, 0], [1, 6, 0, 4], [3, 0, 4, 0]],
        dist: [[0, 10, 25, 30], [10, 0, 12, 22], [25, 12, 0, 9], [30, 22, 9, 0]],
      },
      query: { effort: 'medium', seed: 0 },
      expected: { field: 'cost', value: 592, certainty: CERTAINTY.certified },
    }),
  ]),
};
