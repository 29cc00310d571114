import { CERTAINTY, TAG } from '@svc/contracts';
import { example, type CommandModule } from '../command-module';
import { relationAdapter } from './adapter';
import { relationChecker } from './check-answer';

/** relation: everything the service knows about the command (registered in commands/index.ts). */
export const relationCommand: CommandModule = {
  command: 'relation',
  adapter: relationAdapter,
  checker: relationChecker,
  shape: {
    fields: ['values', 'value', 'degree', 'max_height', 'digits'], requires: [['values', 'value']], distinctive: ['values', 'value', 'max_height'], prior: 0.9,
  },
  worksheet: {
    objective: 'Find integers a_i, not all zero and at most max_height in size, with Σ a_i·x_i = 0 for the given values (or the lowest-degree integer polynomial with root `value`), or abstain ("none") when PSLQ proves there is none within max_height.',
    template: { tag: TAG, description: 'Find the minimal polynomial of a measured constant for a symbolic model.', n: 3, value: '1.6180339887498948482045868343656381177203', degree: 2 },
  },
  examples: Object.freeze([
    example({
      id: 'relation-ln6',
      command: 'relation',
      title: 'ln 6 = ln 2 + ln 3, found from 50-digit decimals',
      story: 'Three logarithms to 50 digits: PSLQ at 40 working digits finds ln 6 − ln 2 − ln 3 = 0, and the service re-checks it exactly on the decimals as given, allowing one unit in each last digit.',
      problem: {
        tag: TAG, description: 'Check whether ln 6 is an integer combination of ln 2 and ln 3 for a units table.', n: 3,
        values: ['1.7917594692280550008124773583807022727229906921830', '0.69314718055994530941723212145817656807550013436026', '1.0986122886681096913952452369225257046474905578227'], digits: 40,
      },
      query: { effort: 'medium', seed: 0 },
      expected: { field: 'answer.0', value: 1, certainty: CERTAINTY.recorded },
    }),
    example({
      id: 'relation-pi-e-abstains',
      command: 'relation',
      title: 'No small relation among π, e and 1',
      story: 'With coefficients at most 100, PSLQ proves that no integer relation a·π + b·e + c = 0 exists (its norm bound passes √3·100) and the answer is "none": an abstention is a valid answer.',
      problem: {
        tag: TAG, description: 'Test whether pi and e are related by small integers before fitting a model.', n: 3,
        values: ['3.14159265358979323846264338327950288419716939937510', '2.71828182845904523536028747135266249775724709369995', '1'], max_height: 100, digits: 40,
      },
      query: { effort: 'medium', seed: 0 },
      expected: { field: 'answer', value: 'none', certainty: CERTAINTY.abstention },
    }),
  ]),
};
