import { CERTAINTY, TAG } from '@svc/contracts';
import { example, type CommandModule } from '../command-module';
import { entropyAdapter } from './adapter';
import { entropyChecker } from './check-answer';

/** entropy: everything the service knows about the command (registered in commands/index.ts). */
export const entropyCommand: CommandModule = {
  command: 'entropy',
  adapter: entropyAdapter,
  checker: entropyChecker,
  shape: { fields: ['state', 'terms', 'subsystem'], requires: [['subsystem'], ['state', 'terms']], distinctive: ['subsystem', 'state'], prior: 0.9 },
  worksheet: {
    objective: 'The von Neumann entropy (bits) of subsystem A of a pure state — the state given, or the ground state of a Pauli sum — with Rényi-2 and the largest Schmidt coefficients.',
    template: { tag: TAG, description: 'Measure how entangled the two qubits of a Bell pair are.', n: 2, state: [[0.7071067811865476, 0], [0, 0], [0, 0], [0.7071067811865476, 0]], subsystem: [0] },
  },
  examples: Object.freeze([
    example({
      id: 'entropy-bell-pair',
      command: 'entropy',
      title: 'One bit of entanglement in a Bell pair',
      story: '(|00⟩ + |11⟩)/√2: either qubit alone is maximally mixed, so the entropy of qubit 0 against qubit 1 is exactly one bit, with two Schmidt coefficients 1/√2.',
      problem: {
        tag: TAG,
        description: 'Measure how entangled the two qubits of a Bell pair are.',
        n: 2,
        state: [[0.7071067811865476, 0], [0, 0], [0, 0], [0.7071067811865476, 0]],
        subsystem: [0],
      },
      query: { effort: 'medium', seed: 0 },
      expected: { field: 'entropy', value: 1, tolerance: 1e-9, certainty: CERTAINTY.operationNumeric },
    }),
    example({
      id: 'entropy-ising-ring-ground-state',
      command: 'entropy',
      title: 'Entanglement of half an Ising ring in its ground state',
      story: 'The ground state of four spins on a ring with −ZZ couplings and a field −X at the critical point: two neighbouring spins against the other two. The bound includes how far the computed ground state can be from the true one (its residual over the gap).',
      problem: {
        tag: TAG,
        description: 'Measure the entanglement of half a four-spin Ising ring in its ground state.',
        n: 4,
        terms: [
          { coeff: -1, ops: 'ZZII' }, { coeff: -1, ops: 'IZZI' }, { coeff: -1, ops: 'IIZZ' }, { coeff: -1, ops: 'ZIIZ' },
          { coeff: -1, ops: 'XIII' }, { coeff: -1, ops: 'IXII' }, { coeff: -1, ops: 'IIXI' }, { coeff: -1, ops: 'IIIX' },
        ],
        subsystem: [0, 1],
      },
      query: { effort: 'medium', seed: 0 },
      expected: { field: 'entropy', value: 0.7528978402737956, tolerance: 1e-9, certainty: CERTAINTY.operationNumeric },
    }),
  ]),
};
