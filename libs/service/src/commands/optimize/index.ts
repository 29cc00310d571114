import { CERTAINTY, TAG } from '@svc/contracts';
import { example, type CommandModule } from '../command-module';
import { quboExactCaps, quboProgressStart, quboSurely } from '../shared/qubo-family';
import { optimizeAdapter } from './adapter';
import { optimizeChecker } from './check-answer';
import { optimizeCertificate } from './certificate';

/** optimize: everything the service knows about the command (registered in commands/index.ts). */
export const optimizeCommand: CommandModule = {
  command: 'optimize',
  adapter: optimizeAdapter,
  checker: optimizeChecker,
  progress: { objectiveField: 'energy', sense: 'min', start: quboProgressStart },
  exactCaps: () => quboExactCaps('optimize'),
  certifiesSurely: quboSurely,
  certificate: optimizeCertificate,
  shape: { fields: ['linear', 'quadratic', 'warm_start'], requires: [['linear', 'quadratic']], distinctive: [], prior: 0.7 },
  worksheet: {
    objective: 'Minimise Σ h_i x_i + Σ w_ij x_i x_j over x ∈ {0,1}^n (a QUBO).',
    mistakes: ['Expecting a maximum: optimize minimises, so negate the weights of a maximisation.'],
  },
  examples: Object.freeze([
    example({
      id: 'optimize-supplier-shortlist',
      command: 'optimize',
      title: 'Shortlist suppliers with pairwise conflicts',
      story: 'x_i = 1 keeps supplier i. Each kept supplier saves money (negative linear term); some pairs overlap and cost extra when both are kept (positive coupling), one pair works well together (negative coupling).',
      problem: {
        tag: TAG,
        description: 'Choose which of five suppliers to keep under pairwise overlap costs.',
        n: 5,
        linear: { '0': -4, '1': -3, '2': -3, '3': -2, '4': -1 },
        quadratic: [[0, 1, 5], [1, 2, 2], [2, 3, 2], [0, 4, 3], [3, 4, -1], [0, 2, 1]],
      },
      query: { effort: 'medium', seed: 0 },
      expected: { field: 'energy', value: -7, certainty: CERTAINTY.certified },
    }),
    example({
      id: 'optimize-warm-start',
      command: 'optimize',
      title: 'Resume from a previous plan (warm start)',
      story: 'The answer is never worse than the warm start re-evaluated on the new costs; here the search improves on it.',
      problem: {
        tag: TAG,
        description: 'Re-plan which six depots to staff after costs changed, starting from last week.',
        n: 6,
        linear: { '0': 3, '1': -2, '2': -2, '3': -2, '4': 1, '5': -1 },
        quadratic: [[0, 1, -4], [1, 2, 3], [2, 3, 3], [3, 4, -2], [4, 5, 2], [0, 5, -3], [1, 4, 1]],
        warm_start: [0, 1, 0, 1, 0, 0],
      },
      query: { effort: 'flash', seed: 0 },
      expected: { field: 'energy', value: -9, certainty: CERTAINTY.certified },
    }),
  ]),
};
