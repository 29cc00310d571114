import { CERTAINTY, TAG } from '@svc/contracts';
import { example, type CommandModule } from '../command-module';
import { sampleExactCaps, sampleSurely } from './exact-caps';
import { sampleAdapter } from './adapter';
import { sampleChecker } from './check-answer';

/** sample: everything the service knows about the command (registered in commands/index.ts). */
export const sampleCommand: CommandModule = {
  command: 'sample',
  adapter: sampleAdapter,
  checker: sampleChecker,
  exactCaps: sampleExactCaps,
  certifiesSurely: sampleSurely,
  shape: { fields: ['linear', 'quadratic', 'num_samples', 'energy_window', 'warm_start'], requires: [['num_samples', 'energy_window']], distinctive: ['num_samples', 'energy_window'], prior: 0.9 },
  worksheet: { objective: 'The lowest-energy distinct assignments of Σ h_i x_i + Σ w_ij x_i x_j (up to num_samples, within energy_window of the best).' },
  examples: Object.freeze([
    example({
      id: 'sample-good-alternatives',
      command: 'sample',
      title: 'Several good answers instead of one',
      story: 'Four crews on a ring, neighbours clash; sample returns the best distinct assignments (two tie at −2) so a planner can choose among them.',
      problem: {
        tag: TAG,
        description: 'List the best few ways to staff four stations on a ring.',
        n: 4,
        linear: { '0': -1, '1': -1, '2': -1, '3': -1 },
        quadratic: [[0, 1, 2], [1, 2, 2], [2, 3, 2], [0, 3, 2]],
        num_samples: 3,
      },
      query: { effort: 'medium', seed: 0 },
      expected: { field: 'samples.0.energy', value: -2, certainty: CERTAINTY.certified },
    }),
  ]),
};
