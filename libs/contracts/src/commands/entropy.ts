/**
 * `entropy` (docs/entropy.md): the entanglement entropy of a pure state across a subsystem, in
 * bits: of `state` ([re, im] per basis state, 2^n of them, qubit q = bit q of the index), or of the
 * ground state of the Pauli sum `terms` (as `spectrum` takes it). Exactly one of the two. A state
 * must be normalised to within 1e-6 (Σ|ψ|² in [1 − 1e-6, 1 + 1e-6]; it is then divided by its norm):
 * anything else is 422 with the norm it has, never normalised silently. `subsystem` lists distinct
 * qubits (at least one). n is at most 20 (2^20 amplitudes).
 */
import { z } from 'zod';
import { agreeN, expectArray, failIndex, isFiniteNumber, required } from '../internal/checks';
import { fail, failMissing, typeName } from '../internal/issue';
import { dimension } from './shared/sizes';
import { noContradictions, type CommandContract, type Loose } from './shared/contract';
import { certainty, common, fastCommon, hot, index } from './shared/fields';
import { checkPauliTerms, PAULI_LIMITS, pauliTerms } from './shared/pauli-terms';
import example from './entropy.valid.json';

export const ENTROPY_LIMITS = {
  /** Qubits of the state or the Hamiltonian: 2^20 amplitudes, a reduced density matrix of at most 1024². */
  maxQubits: 20,
  /** How far Σ|ψ|² may be from 1. */
  normTolerance: 1e-6,
} as const;

function check(v: Loose): number {
  if (v.state !== undefined && v.terms !== undefined) fail(['terms'], 'give either state or terms (whose ground state is used), not both');
  if (v.state === undefined && v.terms === undefined) failMissing(['state'], 'the state as [re, im] pairs (2^n of them), or terms: a Pauli sum whose ground state is used');
  let n: number;
  if (v.state !== undefined) {
    const s = expectArray(v.state, ['state'], 'an array of [re, im] pairs');
    const len = s.length;
    if (len < 2 || (len & (len - 1)) !== 0) fail(['state'], `has ${len} amplitudes; a state of n qubits has 2^n (2, 4, 8, …)`);
    n = Math.log2(len);
    if (n > 30) fail(['state'], `has ${len} amplitudes, over any cap`);
    let norm = 0;
    for (let i = 0; i < len; i++) {
      const a = s[i];
      if (!Array.isArray(a) || a.length !== 2) fail(['state', i], `expected [re, im], got ${typeName(a)}`);
      for (let k = 0; k < 2; k++) if (!isFiniteNumber(a[k])) fail(['state', i, k], `expected a finite number, got ${typeName(a[k])}`);
      norm += a[0] * a[0] + a[1] * a[1];
    }
    if (!(Math.abs(norm - 1) <= ENTROPY_LIMITS.normTolerance)) {
      fail(['state'], norm === 0 ? 'is zero; a state needs a non-zero amplitude' : `is not normalised: Σ|ψ|² = ${norm}; divide every amplitude by ${Math.sqrt(norm)} (the tolerance is ${ENTROPY_LIMITS.normTolerance})`);
    }
    agreeN(v.n, n, 'log2 of the number of amplitudes');
  } else {
    n = checkPauliTerms(v.terms).qubits;
    agreeN(v.n, n, 'the length of every ops string');
  }
  const sub = expectArray(required(v.subsystem, ['subsystem'], 'the qubits of the subsystem, e.g. [0, 1]'), ['subsystem'], 'an array of qubit indices');
  if (sub.length === 0) fail(['subsystem'], 'at least one qubit is required');
  const seen = new Set<number>();
  for (let k = 0; k < sub.length; k++) {
    const q = sub[k];
    if (typeof q !== 'number' || !Number.isInteger(q) || q < 0 || q >= n) failIndex(['subsystem', k], q, n, 'n');
    if (seen.has(q)) fail(['subsystem', k], `qubit ${q} is listed twice`);
    seen.add(q);
  }
  return n;
}

function sizes(v: Loose, n: number): void {
  if (n > ENTROPY_LIMITS.maxQubits) dimension(`n = ${n} qubits is over the cap of ${ENTROPY_LIMITS.maxQubits} (2^n amplitudes)`, ENTROPY_LIMITS.maxQubits, 'n');
  if (Array.isArray(v.terms) && v.terms.length > PAULI_LIMITS.maxTerms) dimension(`terms has ${v.terms.length} entries, over the cap of ${PAULI_LIMITS.maxTerms}`, PAULI_LIMITS.maxTerms, 'terms');
}

const pair = z.tuple([z.number(), z.number()]);

export const entropy = {
  example,
  nMeans: 'the number of qubits (log2 of the state\'s length, or the length of every ops string)',
  structure: z.strictObject({
    ...common,
    state: z.array(pair).optional().describe('the state: [re, im] per basis state, 2^n pairs, qubit q = bit q of the index; normalised to within 1e-6'),
    terms: pauliTerms('a Hamiltonian whose ground state is used (instead of state)').optional(),
    subsystem: z.array(index).min(1).describe('the qubits of subsystem A (distinct); the entropy is that of A against the rest'),
  }),
  fast: z.strictObject({ ...fastCommon, state: hot, terms: hot, subsystem: hot }),
  checks: { check, sizes, contradictions: noContradictions },
  output: {
    answer: z.number().describe('the von Neumann entropy in bits, as `entropy`'),
    entropy: z.number().min(0).describe('von Neumann entropy −Σ p log2 p of the reduced state, in bits'),
    renyi2: z.number().min(0).describe('Rényi-2 entropy −log2 tr ρ², in bits'),
    schmidt: z.array(z.number()).describe('the largest Schmidt coefficients (at most 16), descending; their squares sum to at most 1'),
    rank: z.number().int().min(1).describe('the numerical Schmidt rank (coefficients² above the rounding level)'),
    errors: z.object({ entropy: z.number(), renyi2: z.number(), schmidt: z.number() }).describe('bounds on the error of entropy, renyi2 and each Schmidt coefficient'),
    tolerance: z.number().min(0).describe('errors.entropy: the tolerance of the certainty text'),
    source: z.enum(['state', 'ground_state']).describe('the state given, or the ground state of terms'),
    ground_energy: z.number().optional().describe('the ground energy (terms only)'),
    gap: z.number().optional().describe('E1 − E0, whose lower bound bounds the ground state\'s error (terms only)'),
    degenerate: z.boolean().optional().describe('true when the ground level is not resolved from the next one: the entropy is that of one state of it (terms only; heuristic)'),
    converged: z.boolean().describe('false when a limit stopped the ground-state search (heuristic)'),
    certainty,
  },
  limits: { n_min: 1, n_max: ENTROPY_LIMITS.maxQubits, terms_max: PAULI_LIMITS.maxTerms },
} as const satisfies CommandContract;
