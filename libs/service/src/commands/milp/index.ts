import { CERTAINTY, TAG } from '@svc/contracts';
import { example, type CommandModule } from '../command-module';
import { milpAdapter } from './adapter';
import { milpChecker } from './check-answer';

/** milp: everything the service knows about the command (registered in commands/index.ts). */
export const milpCommand: CommandModule = {
  command: 'milp',
  adapter: milpAdapter,
  checker: milpChecker,
  progress: { objectiveField: 'objective', sense: 'min' },
  shape: { fields: ['vars', 'linear', 'diag', 'quadratic'], requires: [['vars']], distinctive: ['vars', 'diag'], prior: 0.8 },
  worksheet: {
    objective: 'Minimise Σ (½ q_i x_i² + c_i x_i) + Σ w_ij x_i x_j over binary and box-bounded continuous variables.',
    template: { tag: TAG, description: 'Decide whether to open a depot and how much stock to hold there.', n: 2, vars: [{ domain: 'binary' }, { domain: 'continuous', lo: 0, hi: 100 }], linear: { '0': 30, '1': -2 }, diag: { '1': 0.04 }, quadratic: [[0, 1, -0.5]] },
  },
  examples: Object.freeze([
    example({
      id: 'milp-kiln',
      command: 'milp',
      title: 'Run the kiln, and how much clay to buy',
      story: 'x0 says whether the kiln runs (a fixed cost of 1), x1 the tonnes of clay (0 to 10) whose value grows with the kiln running (the coupling −0.5·x0·x1), with a small storage curvature. The answer is certified: the objective is convex in the clay and every kiln decision was solved exactly.',
      problem: {
        tag: TAG,
        description: 'Decide whether to run the kiln and how much clay to order this week.',
        n: 2,
        vars: [{ domain: 'binary' }, { domain: 'continuous', lo: 0, hi: 10 }],
        linear: { '0': 1, '1': -1 },
        diag: { '1': 0.2 },
        quadratic: [[0, 1, -0.5]],
      },
      query: { effort: 'medium', seed: 0 },
      expected: { field: 'objective', value: -4.625, certainty: CERTAINTY.certified },
    }),
  ]),
};
