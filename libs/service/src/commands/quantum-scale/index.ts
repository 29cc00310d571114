import { CERTAINTY, TAG } from '@svc/contracts';
import { example, type CommandModule } from '../command-module';
import { quantumScaleAdapter } from './adapter';
import { quantumScaleChecker } from './check-answer';

/** The planted instance's coupling list, for other packages' tests (`@svc/service/commands/quantum-scale`). */
export { plantedCouplingList } from './adapter';

/** quantum-scale: everything the service knows about the command (registered in commands/index.ts). */
export const quantumScaleCommand: CommandModule = {
  command: 'quantum-scale',
  adapter: quantumScaleAdapter,
  checker: quantumScaleChecker,
  progress: { objectiveField: 'energy' },
  shape: { fields: ['degree', 'instance_seed'], requires: [['degree', 'instance_seed']], distinctive: ['instance_seed'], prior: 0.6 },
  worksheet: { objective: 'Minimise Σ J_ij s_i s_j over spins s ∈ {−1,+1}^n of the planted instance the service builds from n, degree and instance_seed.' },
  examples: Object.freeze([
    example({
      id: 'quantum-scale-planted-floor',
      command: 'quantum-scale',
      title: 'A planted spin glass with a proven floor',
      story: 'The service builds the instance from n, degree and instance_seed (frustrated loops gauged by a hidden state), so its ground energy is known by construction; the answer comes back bit-packed and is labelled planted floor only when it reaches that energy. Scale n up to 10,000,000 with a key.',
      problem: { tag: TAG, description: 'Benchmark the annealer on a planted sixteen-spin glass with a known floor.', n: 16, degree: 3, instance_seed: 1 },
      query: { effort: 'medium', seed: 0 },
      expected: { field: 'energy', value: -12, certainty: CERTAINTY.planted },
    }),
    example({
      id: 'quantum-scale-planted-ring',
      command: 'quantum-scale',
      title: 'A planted Ising instance whose ground energy is known',
      story: 'The service builds a random 3-regular-style Ising instance from (n, degree, instance_seed) with a ground state planted by construction, then solves it; reaching the planted energy is a proof (planted floor). The answer is the spins packed as bits in base64.',
      problem: {
        tag: TAG,
        description: 'Check the solver on a planted two-thousand-spin Ising benchmark.',
        n: 2000,
        degree: 3,
        instance_seed: 7,
      },
      query: { effort: 'medium', seed: 0 },
      expected: { field: 'energy', value: -2893, certainty: CERTAINTY.planted },
    }),
  ]),
};
