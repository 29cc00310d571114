import { CERTAINTY, TAG } from '@svc/contracts';
import { example, type CommandModule } from '../command-module';
import { RULES_TYPICAL_EXACT_N } from './exact-caps';
import { rulesAdapter } from './adapter';
import { rulesChecker } from './check-answer';

/** rules: everything the service knows about the command (registered in commands/index.ts). */
export const rulesCommand: CommandModule = {
  command: 'rules',
  adapter: rulesAdapter,
  checker: rulesChecker,
  progress: { objectiveField: 'energy' },
  exactCaps: () => ({ ...RULES_TYPICAL_EXACT_N }),
  shape: { fields: ['constraints', 'linear', 'quadratic'], requires: [['constraints']], distinctive: ['constraints'], prior: 0.9 },
  worksheet: {
    objective: 'Minimise the number of violated rules first, then Σ h_i x_i + Σ w_ij x_i x_j over x ∈ {0,1}^n.',
    template: {
      tag: TAG, description: 'Staff exactly one of two leads and pair the trainee with a mentor.', n: 4,
      constraints: [{ type: 'choose_one', nodes: [0, 1] }, { type: 'requires', nodes: [2, 3] }],
      linear: { '0': 1, '1': 2, '2': -1 },
    },
  },
  examples: Object.freeze([
    example({
      id: 'rules-staffing',
      command: 'rules',
      title: 'Staffing under business rules',
      story: 'x_i = 1 staffs person i. Exactly one lead of three, the trainee (3) needs lead 0, persons 4 and 5 never together, at most two of 1..4, and 2 and 5 on different days; among rule-abiding plans, the cheapest.',
      problem: {
        tag: TAG,
        description: 'Staff tomorrow\'s shift under the team rules at the lowest cost.',
        n: 6,
        constraints: [
          { type: 'choose_one', nodes: [0, 1, 2] },
          { type: 'requires', nodes: [3, 0] },
          { type: 'mutual_exclusion', nodes: [4, 5] },
          { type: 'capacity_limit', nodes: [1, 2, 3, 4], k: 2 },
          { type: 'different', nodes: [2, 5] },
        ],
        linear: { '0': 2, '1': -1, '2': -3, '3': -2, '4': -2, '5': 1 },
        quadratic: [[1, 3, -1], [2, 4, 2], [3, 4, -1]],
      },
      query: { effort: 'medium', seed: 0 },
      expected: { field: 'energy', value: -3, certainty: CERTAINTY.certified },
    }),
  ]),
};
