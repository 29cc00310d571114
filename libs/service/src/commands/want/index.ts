import { CERTAINTY, TAG } from '@svc/contracts';
import { example, type CommandModule } from '../command-module';
import { quboExactCaps } from '../shared/qubo-family';
import { wantSurely } from './exact-caps';
import { wantAdapter } from './adapter';
import { wantChecker } from './check-answer';

/** want: everything the service knows about the command (registered in commands/index.ts). */
export const wantCommand: CommandModule = {
  command: 'want',
  adapter: wantAdapter,
  checker: wantChecker,
  progress: { objectiveField: 'energy' },
  exactCaps: () => quboExactCaps('optimize'),
  certifiesSurely: wantSurely,
  shape: { fields: ['pins', 'linear', 'quadratic', 'warm_start'], requires: [['pins']], distinctive: ['pins'], prior: 0.9 },
  worksheet: { objective: 'Minimise Σ h_i x_i + Σ w_ij x_i x_j over x ∈ {0,1}^n with the pinned variables fixed.' },
  examples: Object.freeze([
    example({
      id: 'want-pinned-choices',
      command: 'want',
      title: 'Optimise with some decisions already fixed',
      story: 'Option 1 is contractually in and option 4 is out (pins); want optimises the rest. Without pins the optimum would be −4.',
      problem: {
        tag: TAG,
        description: 'Choose the remaining projects given two decisions already made.',
        n: 5,
        linear: { '0': -2, '1': -2, '2': -2, '3': 1, '4': -1 },
        quadratic: [[0, 1, 3], [1, 2, 3], [0, 2, 1], [2, 3, -2], [3, 4, 2]],
        pins: { '1': 1, '4': 0 },
      },
      query: { effort: 'medium', seed: 0 },
      expected: { field: 'energy', value: -2, certainty: CERTAINTY.certified },
    }),
  ]),
};
