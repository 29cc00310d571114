/**
 * `spectrum` (docs/spectrum.md): the lowest k eigenvalues of a Pauli sum on n qubits (1..24), with
 * the gap and an error bound per eigenvalue. n is the length of every ops string; k (default 2) is
 * at most 2^n, at most 64, and at most what the Krylov memory rule allows on large n
 * (shared/pauli-terms.ts maxKFor: 7 at n = 24 for a real Hamiltonian, 1 for a complex one).
 */
import { z } from 'zod';
import { agreeN } from '../internal/checks';
import { fail, typeName } from '../internal/issue';
import { dimension } from './shared/sizes';
import { noContradictions, type CommandContract, type Loose } from './shared/contract';
import { certainty, common, fastCommon, hot } from './shared/fields';
import { capPauliSizes, checkPauliTerms, maxKFor, PAULI_LIMITS, pauliTerms } from './shared/pauli-terms';
import example from './spectrum.valid.json';

/** The default number of eigenvalues. */
export const SPECTRUM_DEFAULT_K = 2;

const k = z.number().int().min(1).max(PAULI_LIMITS.maxK).describe(`eigenvalues wanted, lowest first (default ${SPECTRUM_DEFAULT_K}; at most 2^n and ${PAULI_LIMITS.maxK}; fewer on n ≥ 22, see docs/spectrum.md)`);

function check(v: Loose): number {
  const { qubits } = checkPauliTerms(v.terms);
  agreeN(v.n, qubits, 'the length of every ops string');
  if (v.k !== undefined) {
    if (typeof v.k !== 'number' || !Number.isInteger(v.k) || v.k < 1) fail(['k'], `expected an integer of at least 1, got ${typeName(v.k)}${typeof v.k === 'number' ? ` ${v.k}` : ''}`);
    if (qubits <= 30 && v.k > 2 ** qubits) fail(['k'], `k = ${v.k} exceeds the ${2 ** qubits} eigenvalues of a ${qubits}-qubit Hamiltonian`);
  }
  return qubits;
}

function sizes(v: Loose, n: number): void {
  capPauliSizes(n, v.terms);
  const want = (v.k as number | undefined) ?? SPECTRUM_DEFAULT_K;
  if (want > PAULI_LIMITS.maxK) dimension(`k = ${want} is over the cap of ${PAULI_LIMITS.maxK}`, PAULI_LIMITS.maxK, 'k');
  const { complex } = checkPauliTerms(v.terms);
  const cap = maxKFor(n, complex);
  if (2 ** n > 1024 && want > Math.max(1, cap)) {
    dimension(`k = ${want} needs ${want + 5} Krylov vectors of 2^${n}${complex ? ' complex' : ''} amplitudes, over the memory of one solve (k at most ${Math.max(1, cap)} at n = ${n}${complex ? ' for a Hamiltonian with an odd number of Y in some term' : ''})`, Math.max(1, cap), 'k');
  }
}

export const spectrum = {
  example,
  nMeans: 'the number of qubits (the length of every ops string)',
  structure: z.strictObject({
    ...common,
    terms: pauliTerms('the Hamiltonian'),
    k: k.optional(),
  }),
  fast: z.strictObject({ ...fastCommon, terms: hot, k: hot }),
  checks: { check, sizes, contradictions: noContradictions },
  output: {
    answer: z.array(z.number()).describe('the eigenvalues, as `eigenvalues`'),
    eigenvalues: z.array(z.number()).describe('the lowest k eigenvalues, ascending, each repeated by its multiplicity'),
    errors: z.array(z.number().min(0)).describe('a bound on the error of each eigenvalue (from its residual ‖Hv − λv‖; see docs/spectrum.md)'),
    tolerance: z.number().min(0).describe('the largest of `errors`: the tolerance of the certainty text'),
    gap: z.number().optional().describe('eigenvalues[1] − eigenvalues[0] (k ≥ 2), good to errors[0] + errors[1]'),
    ground_energy: z.number().describe('eigenvalues[0]'),
    symmetry: z.enum(['u1', 'z-parity', 'x-parity', 'none', 'diagonal']).describe('the symmetry the solver split the space by'),
    method: z.string().describe('dense, lanczos or diagonal (comma-separated when sectors differ)'),
    converged: z.boolean().describe('every eigenvalue met the effort\'s tolerance (false: a limit stopped the search; the answer is then heuristic)'),
    certainty,
  },
  limits: { n_min: 1, n_max: PAULI_LIMITS.maxQubits, terms_max: PAULI_LIMITS.maxTerms, k_max: PAULI_LIMITS.maxK, k_max_n24_real: maxKFor(24, false), k_max_n24_complex: Math.max(1, maxKFor(24, true)) },
} as const satisfies CommandContract;
