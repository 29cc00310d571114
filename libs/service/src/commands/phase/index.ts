import { CERTAINTY, TAG } from '@svc/contracts';
import { example, type CommandModule } from '../command-module';
import { phaseAdapter } from './adapter';
import { phaseChecker } from './check-answer';

const PHASE_MODELS = ['tfim', 'xxz', 'heisenberg'];

/** phase: everything the service knows about the command (registered in commands/index.ts). */
export const phaseCommand: CommandModule = {
  command: 'phase',
  adapter: phaseAdapter,
  checker: phaseChecker,
  shape: {
    fields: ['model', 'J', 'h', 'delta', 'boundary'], requires: [['model']], distinctive: ['model', 'boundary'], prior: 0.9,
    evidence: (b) => (typeof b.model === 'string' && PHASE_MODELS.includes(b.model) ? { bonus: 0.1, why: `model "${b.model}"` } : null),
  },
  worksheet: {
    objective: 'Label the phase of a spin chain (tfim, xxz or heisenberg) from the finite-size evidence of chains of n − 4, n − 2 and n sites.',
    template: { tag: TAG, description: 'Tell whether a chain of twelve spins in a strong transverse field is ordered.', n: 12, model: 'tfim', J: 1, h: 2, boundary: 'periodic' },
  },
  examples: Object.freeze([
    example({
      id: 'phase-ising-paramagnet',
      command: 'phase',
      title: 'An Ising chain in a strong field is paramagnetic',
      story: 'Six spins on a ring with −ZZ couplings and a transverse field twice as strong: the gap of 4 and 6 sites stays open (it does not close with the size), so the chain is disordered; the gap is about 2(h − J).',
      problem: { tag: TAG, description: 'Tell whether a ring of six spins in a strong transverse field is ordered.', n: 6, model: 'tfim', J: 1, h: 2, boundary: 'periodic' },
      query: { effort: 'medium', seed: 0 },
      expected: { field: 'gap', value: 2.0137848899404087, tolerance: 1e-9, certainty: CERTAINTY.operationNumeric },
    }),
  ]),
};
