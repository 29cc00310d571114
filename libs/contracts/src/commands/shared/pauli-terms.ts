/**
 * Pauli sums as the physics commands take them (spectrum, entropy): `terms` [{coeff, ops}], ops a
 * string of I, X, Y, Z with character q acting on qubit q (bit q of a basis index). The caps and
 * the memory rule that caps k are here, shared with the engines' budgets (engine-ts
 * families/spectrum/budget.ts SPECTRUM_BASIS_BYTES; C++ spectrum/solve.h MaxSpectrumK).
 */
import { z } from 'zod';
import { expectArray, expectObject, isFiniteNumber, onlyKeys, required } from '../../internal/checks';
import { fail, typeName } from '../../internal/issue';
import { dimension } from './sizes';

export const PAULI_LIMITS = {
  /** Qubits: a state vector of 2^24 doubles. */
  maxQubits: 24,
  /** Distinct and repeated terms together. */
  maxTerms: 20_000,
  /** Eigenvalues asked for. */
  maxK: 64,
  /** Bytes of one sector's Krylov vectors (the engines' budget): k + 5 vectors must fit without symmetry. */
  basisBytes: 1.5 * 2 ** 30,
} as const;

const OPS = /^[IXYZ]+$/;

/** One term of a Pauli sum. */
export const pauliTermSchema = z.strictObject({
  coeff: z.number().describe('real coefficient (finite)'),
  ops: z.string().regex(OPS).describe('one of I, X, Y, Z per qubit; character q acts on qubit q (bit q of a basis index)'),
});

export const pauliTerms = (what: string) =>
  z.array(pauliTermSchema).min(1).describe(`${what}: the Pauli sum Σ coeff·(ops), e.g. [{"coeff": -1, "ops": "ZZ"}, {"coeff": -0.5, "ops": "XI"}]; repeated strings are summed`);

/** Checks `terms` and returns the number of qubits its strings fix (every ops has that length). */
export function checkPauliTerms(v: unknown, field = 'terms'): { qubits: number; complex: boolean } {
  const terms = expectArray(required(v, [field], 'an array of {coeff, ops} terms'), [field], 'an array of {coeff, ops} terms');
  if (terms.length === 0) fail([field], 'at least one term is required');
  let qubits = -1;
  // A term with an odd number of Y is imaginary: the Hamiltonian is then complex Hermitian.
  let complex = false;
  for (let t = 0; t < terms.length; t++) {
    const path = [field, t] as const;
    const o = expectObject(terms[t], path, 'a term {coeff, ops}');
    onlyKeys(o, ['coeff', 'ops'], path);
    if (!isFiniteNumber(required(o.coeff, [...path, 'coeff'], 'a finite number'))) fail([...path, 'coeff'], `expected a finite number, got ${typeName(o.coeff)}`);
    const ops = required(o.ops, [...path, 'ops'], 'a string of I, X, Y, Z (one per qubit)');
    if (typeof ops !== 'string') fail([...path, 'ops'], `expected a string of I, X, Y, Z, got ${typeName(ops)}`);
    if (ops.length === 0) fail([...path, 'ops'], 'expected one of I, X, Y, Z per qubit, got an empty string');
    if (!OPS.test(ops)) {
      const at = [...ops].findIndex((ch) => !'IXYZ'.includes(ch));
      fail([...path, 'ops'], `"${ops.length > 40 ? `${ops.slice(0, 40)}…` : ops}" has ${JSON.stringify(ops[at])} at qubit ${at}; expected I, X, Y or Z (upper case)`);
    }
    if (qubits < 0) qubits = ops.length;
    else if (ops.length !== qubits) fail([...path, 'ops'], `has ${ops.length} operators but ${field}[0] has ${qubits}; every term acts on the same n qubits (write I for identity)`);
    let y = 0;
    for (let q = 0; q < ops.length; q++) if (ops.charCodeAt(q) === 89) y++;
    if (y & 1) complex = true;
  }
  return { qubits, complex };
}

/** The largest k whose Krylov basis fits the memory rule on n qubits (no symmetry assumed). */
export function maxKFor(n: number, complex: boolean): number {
  const vec = 2 ** n * 8 * (complex ? 2 : 1);
  return Math.min(PAULI_LIMITS.maxK, Math.floor(PAULI_LIMITS.basisBytes / vec) - 5);
}

/** n within the qubit cap and the number of terms within its cap. */
export function capPauliSizes(n: number, terms: unknown, field = 'terms'): void {
  if (n > PAULI_LIMITS.maxQubits) dimension(`n = ${n} qubits is over the cap of ${PAULI_LIMITS.maxQubits} (a state vector of 2^n amplitudes)`, PAULI_LIMITS.maxQubits, 'n');
  if (Array.isArray(terms) && terms.length > PAULI_LIMITS.maxTerms) dimension(`${field} has ${terms.length} entries, over the cap of ${PAULI_LIMITS.maxTerms}`, PAULI_LIMITS.maxTerms, field);
}
