import { CERTAINTY, TAG } from '@svc/contracts';
import { example, type CommandModule } from '../command-module';
import { quboExactCaps, quboSurely } from '../shared/qubo-family';
import { feelAdapter } from './adapter';
import { feelChecker } from './check-answer';

const hasSpin = (v: unknown) => Array.isArray(v) && v.length > 0 && v.some((x) => x === -1) && v.every((x) => x === 1 || x === -1);

/** feel: everything the service knows about the command (registered in commands/index.ts). */
export const feelCommand: CommandModule = {
  command: 'feel',
  adapter: feelAdapter,
  checker: feelChecker,
  progress: { objectiveField: 'energy' },
  exactCaps: () => quboExactCaps('optimize'),
  certifiesSurely: quboSurely,
  shape: {
    fields: ['field', 'quadratic', 'warm_start'], requires: [['field', 'quadratic']], distinctive: ['field'], prior: 0.4,
    evidence: (b) => (hasSpin(b.warm_start) ? { bonus: 0.4, why: 'warm_start in spins ±1' } : null),
  },
  worksheet: { objective: 'Minimise Σ h_i s_i + Σ J_ij s_i s_j over spins s ∈ {−1,+1}^n (one ground state).' },
  examples: Object.freeze([
    example({
      id: 'feel-frustrated-ring',
      command: 'feel',
      title: 'Ground state of a small Ising ring with fields',
      story: 'Spins ±1 on four sites; positive couplings prefer opposite neighbours, the fields tilt sites 0 and 2. feel returns one ground state in spins.',
      problem: {
        tag: TAG,
        description: 'Find the lowest-energy spin arrangement of four coupled magnets.',
        n: 4,
        field: { '0': 0.5, '2': -1 },
        quadratic: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 0, 1], [0, 2, -0.5]],
      },
      query: { effort: 'medium', seed: 0 },
      expected: { field: 'energy', value: -5, certainty: CERTAINTY.certified },
    }),
  ]),
};
