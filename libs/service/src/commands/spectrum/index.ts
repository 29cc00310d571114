import { CERTAINTY, TAG } from '@svc/contracts';
import { example, type CommandModule } from '../command-module';
import { spectrumAdapter } from './adapter';
import { spectrumChecker } from './check-answer';

/** spectrum: everything the service knows about the command (registered in commands/index.ts). */
export const spectrumCommand: CommandModule = {
  command: 'spectrum',
  adapter: spectrumAdapter,
  checker: spectrumChecker,
  shape: {
    fields: ['terms', 'k'], requires: [['terms']], distinctive: ['terms'], prior: 0.6,
    evidence: (b) => (Array.isArray(b.terms) && b.terms.some((t) => typeof (t as { ops?: unknown })?.ops === 'string') ? { bonus: 0.2, why: 'Pauli strings in terms' } : null),
  },
  worksheet: {
    objective: 'Find the lowest k eigenvalues of H = Σ coeff·P (P a string of I, X, Y, Z: character q acts on qubit q) and the gap λ1 − λ0.',
    template: { tag: TAG, description: 'Find the ground energy of two coupled spins in a field.', n: 2, terms: [{ coeff: -1, ops: 'ZZ' }, { coeff: -0.5, ops: 'XI' }, { coeff: -0.5, ops: 'IX' }], k: 2 },
  },
  examples: Object.freeze([
    example({
      id: 'spectrum-ising-ring',
      command: 'spectrum',
      title: 'Ground energy and gap of a small Ising ring',
      story: 'Four spins on a ring with ferromagnetic couplings −ZZ and a transverse field −0.5·X: the two lowest levels are the nearly degenerate ordered pair, split by tunnelling; the gap measures that splitting. The eigenvalues carry bounds from their residuals.',
      problem: {
        tag: TAG,
        description: 'Find the ground energy and gap of a four-spin transverse-field Ising ring.',
        n: 4,
        terms: [
          { coeff: -1, ops: 'ZZII' }, { coeff: -1, ops: 'IZZI' }, { coeff: -1, ops: 'IIZZ' }, { coeff: -1, ops: 'ZIIZ' },
          { coeff: -0.5, ops: 'XIII' }, { coeff: -0.5, ops: 'IXII' }, { coeff: -0.5, ops: 'IIXI' }, { coeff: -0.5, ops: 'IIIX' },
        ],
        k: 2,
      },
      query: { effort: 'medium', seed: 0 },
      // Free fermions: −Σ_{k>0} 2√(1 + h² − 2h cos k) over k = π/4, 3π/4 at h = 0.5 (the even-parity sector).
      expected: { field: 'ground_energy', value: -4.271558410139714, tolerance: 1e-9, certainty: CERTAINTY.operationNumeric },
    }),
  ]),
};
